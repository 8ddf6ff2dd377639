import type { MockRequest } from './mock-request';
import type { Endpoint } from '../../src/contract/endpoint';
import { type Answer, JsonReply } from './envelope';

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

/** Reports an answer to the observer (reading a Response's clone, so the caller still gets the body). */
export async function observe<A extends Answer>(
  observer: ExchangeObserver | undefined,
  endpoint: Endpoint | undefined,
  request: MockRequest,
  answer: A,
): Promise<A> {
  if (!observer) return answer;
  let body: unknown;
  if (answer instanceof JsonReply) {
    body = JSON.parse(answer.text);
  } else {
    const text = await answer.clone().text();
    const isJson = answer.headers.get('content-type')?.startsWith('application/json') ?? false;
    body = isJson ? JSON.parse(text) : text;
  }
  observer({ endpoint, method: request.method, url: request.url, status: answer.status, body });
  return answer;
}
