import type { MockRequest } from './mock-request';
import type { Endpoint } from '../../src/contract/endpoint';

/** One request the mock answered, as an observer sees it. */
export interface ObservedExchange {
  /** The declared operation, or undefined for the unknown-route and method fallbacks. */
  readonly endpoint: Endpoint | undefined;
  readonly method: string;
  readonly url: string;
  readonly status: number;
  /** The parsed JSON body; the text itself for the few answers that are pages (a refused file). */
  readonly body: unknown;
}

/** Sees every response the mock produces (contract tests validate them all). */
export type ExchangeObserver = (exchange: ObservedExchange) => void;

/** Reports a response to the observer (reading a clone, so the caller still gets the body). */
export async function observe(
  observer: ExchangeObserver | undefined,
  endpoint: Endpoint | undefined,
  request: MockRequest,
  response: Response,
): Promise<Response> {
  if (!observer) return response;
  const text = await response.clone().text();
  const isJson = response.headers.get('content-type')?.startsWith('application/json') ?? false;
  const body: unknown = isJson ? JSON.parse(text) : text;
  observer({ endpoint, method: request.method, url: request.url, status: response.status, body });
  return response;
}
