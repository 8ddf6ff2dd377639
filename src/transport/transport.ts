import ky, { type HTTPError, isHTTPError } from 'ky';
import type { RateLimitDomain } from '../contract/endpoint';
import type { IgnoredParametersInfo } from '../options';
import type { ResponseInfo } from './api-call';
import { bufferedFetch, bufferedText } from './buffered-fetch';
import type { CallOptions, ValidationMode } from './call-options';
import type { FeatureLevelSource } from './feature-level';
import type { LevelLogger } from './logger';
import { type EncodedRequest, encodeRequest } from './encode';
import { type FailedCall, transportFailure } from './failure';
import { loggedFetch } from './attempt-log';
import { withAttemptTimeout } from './attempt-timeout';
import { parseJson, type RawResponse, readEnvelope, type SuccessBody } from './envelope';
import { type RateLimitTracker, sleep } from './rate-limit';
import { requestedRetryWaitMs } from './retry-wait';

/** Everything a request needs to know about the client; built once per client. */
export interface TransportConfig {
  /** `{site}/api/v1/`. */
  readonly baseUrl: string;
  /** The site over plain HTTP, when it was given without a scheme and so read as https. */
  readonly plainSite?: string | undefined;
  /** The Basic `Authorization` header value, when the client has credentials. */
  readonly authorization: string | undefined;
  readonly userAgent: string;
  readonly timeout: number;
  readonly maxRetries: number;
  /** The longest server-requested wait (Retry-After) a retry may follow, in milliseconds. */
  readonly maxRetryWait: number;
  /** The fetch every attempt goes through, reading the whole body within the attempt's timeout. */
  readonly fetch: typeof globalThis.fetch;
  readonly onIgnoredParameters: ((info: IgnoredParametersInfo) => void) | undefined;
  /** Follows the rate-limit headers of every attempt's response counted in the main budget. */
  readonly rateLimit: RateLimitTracker;
  /** Wait for the rate-limit budget before sending when the last response said it is spent. */
  readonly paceRequests: boolean;
  /** What a response that does not match its schema does. */
  readonly validate: ValidationMode;
  readonly logger: LevelLogger;
  /** The server's feature level, for operations whose encoding depends on it. */
  readonly featureLevel: FeatureLevelSource;
}

/** A success body with the response it came in. */
export interface Exchange {
  readonly body: SuccessBody;
  readonly response: ResponseInfo;
}

/** One request to send: what the operation is and how it may be sent. */
export interface RequestSpec {
  /** Named in errors and in the ignored-parameters hook. */
  readonly operation: string;
  readonly method: string;
  readonly path: string;
  /** The last path parameter is a path of its own (see `Endpoint.restOfPath`). */
  readonly restOfPath?: boolean;
  readonly params: Readonly<Record<string, unknown>> | undefined;
  /** Send the Authorization header. */
  readonly authenticated: boolean;
  /** Retry after network errors, timeouts, 429 and 5xx. */
  readonly retrySafe: boolean;
  /** This call's overrides of the client's defaults. */
  readonly options?: CallOptions | undefined;
  /**
   * Where the server counts it, when not in the caller's main budget: its `X-RateLimit-*`
   * headers then describe another budget (the event server's, the login limiter's) and leave
   * {@link TransportConfig.rateLimit} as it was.
   */
  readonly rateLimit?: RateLimitDomain | undefined;
}

/** Statuses after which a retry-safe operation is retried. */
const RETRY_STATUS_CODES = [408, 429, 500, 502, 503, 504];

/** The fetch a transport uses: the caller's (or the global one), reading whole bodies per attempt. */
export function attemptFetch(custom: typeof globalThis.fetch | undefined): typeof globalThis.fetch {
  return bufferedFetch(custom ?? ((input, init) => globalThis.fetch(input, init)));
}

function retryPolicy(config: TransportConfig, method: string, limit: number) {
  // The wait the server named for the error being retried. ky reads only whole seconds from
  // `Retry-After`; the API sends fractions (`Retry-After: 2.345678`), which ky would replace
  // with its 0.3 s backoff and so retry into the same limit.
  let serverWait: number | undefined;
  return {
    limit,
    methods: [method.toLowerCase() as 'get'],
    statusCodes: RETRY_STATUS_CODES,
    retryOnTimeout: true,
    maxRetryAfter: config.maxRetryWait,
    delay: (attempt: number) => serverWait ?? 300 * 2 ** (attempt - 1),
    // A wait beyond the cap fails at once (the error carries the server's `retry_after`)
    // rather than being shortened to the cap, which would only hit the limit again.
    shouldRetry: ({ error }: { error: Error }) => {
      serverWait = isHTTPError(error) ? requestedRetryWaitMs({ headers: error.response.headers, data: parseJson(bufferedText(error.response)) }) : undefined;
      if (serverWait === undefined) return undefined;
      return serverWait <= config.maxRetryWait && RETRY_STATUS_CODES.includes((error as HTTPError).response.status);
    },
  };
}

function headersFor(config: TransportConfig, spec: RequestSpec): Record<string, string> {
  const headers: Record<string, string> = { 'User-Agent': config.userAgent, Accept: 'application/json' };
  if (spec.authenticated && config.authorization) headers.Authorization = config.authorization;
  return spec.options?.headers ? { ...headers, ...spec.options.headers } : headers;
}

/**
 * Sends one request and reads the envelope: the single request pipeline every operation
 * goes through (encoding, auth, retries, timeout, envelope, typed errors).
 */
export async function sendRequest(config: TransportConfig, spec: RequestSpec): Promise<Exchange> {
  const encoded = encodeRequest(spec, spec.params);
  const method = spec.method.toUpperCase();
  const signal = spec.options?.signal;
  // Only the main budget is tracked, and only its requests wait for it: a request without
  // credentials (the server's settings, a login) is not counted in it.
  if (config.paceRequests && spec.rateLimit === undefined && spec.authenticated) {
    const wait = config.rateLimit.waitBeforeNextMs();
    if (wait > 0) await sleep(wait, signal);
  }
  // Named by UnexpectedResponseError: never the query, which may hold what the caller sent.
  const url = config.baseUrl + encoded.path.replace(/^\//, '');
  const query = encoded.query ? `?${encoded.query}` : '';
  const timeout = spec.options?.timeout ?? config.timeout;
  const call: Call = {
    operation: spec.operation, plainSite: config.plainSite,
    target: url + query, method, body: encoded.body, signal, timeout,
    maxRetries: spec.options?.maxRetries ?? config.maxRetries,
    started: Date.now(),
    attempts: 0,
    fetchOnce: withAttemptTimeout(config.logger.enabled('debug') ? loggedFetch(config, spec) : config.fetch, timeout),
  };
  let response = await exchange(config, spec, call);
  // The server refuses with 429 before it acts on a request, so even a call that is not
  // retry-safe (a send) may be sent again then, after the wait the server names. maxRetryWait
  // caps only that wait, not the backoff of a 429 that names none (as for a retry-safe call).
  while (!spec.retrySafe && response.status === 429 && call.attempts <= call.maxRetries) {
    const named = requestedRetryWaitMs({ headers: response.headers, data: parseJson(response.text) });
    if (named !== undefined && named > config.maxRetryWait) break;
    await sleep(named ?? 300 * 2 ** (call.attempts - 1), signal);
    response = await exchange(config, spec, call);
  }
  try {
    return finish(config, spec, response, `${method} ${url}`);
  } catch (error) {
    if (response.status === 429 && error instanceof Error) error.message += notSentAgain(config, call, response);
    throw error;
  }
}

/** Why a call refused with 429 was not sent again, for its error's message. */
function notSentAgain(config: TransportConfig, call: Call, response: RawResponse): string {
  const named = requestedRetryWaitMs({ headers: response.headers, data: parseJson(response.text) });
  if (named !== undefined && named > config.maxRetryWait) {
    return `; not sent again: the server asked for a wait of ${+(named / 1000).toFixed(3)} s, beyond maxRetryWait (${config.maxRetryWait} ms)`;
  }
  return call.maxRetries === 0 ? '; not sent again: maxRetries is 0' : `; not sent again after ${call.attempts} attempts (maxRetries ${call.maxRetries})`;
}

/** One call's request and the attempts made of it so far. */
interface Call extends FailedCall {
  /** The absolute URL with its query. */
  readonly target: string;
  readonly method: string;
  readonly body: EncodedRequest['body'];
  readonly maxRetries: number;
  /** Counted for ServerError, which says whether the call was retried. */
  attempts: number;
  readonly fetchOnce: typeof globalThis.fetch;
}

/** Sends the call through ky (with ky's retries for a retry-safe call) and reads its answer. */
async function exchange(config: TransportConfig, spec: RequestSpec, call: Call): Promise<RawResponse> {
  const counted: typeof globalThis.fetch = async (input, init) => {
    call.attempts++;
    const response = await call.fetchOnce(input, init);
    if (spec.rateLimit === undefined) config.rateLimit.observe(response.headers);
    return response;
  };
  try {
    // An absolute URL with its query: given `baseUrl` or `searchParams`, ky builds its Request,
    // then a URL and a second Request, on every call.
    const fetched = await ky(call.target, {
      method: call.method,
      headers: headersFor(config, spec),
      body: call.body,
      // Each attempt's timeout is call.fetchOnce's, whose timer does not keep a process alive.
      timeout: false,
      ...(call.signal ? { signal: call.signal } : {}),
      // ky retries only what it throws; a retry-safe request throws on error statuses and
      // its final error response is read back from the HTTPError below.
      throwHttpErrors: spec.retrySafe,
      retry: spec.retrySafe ? retryPolicy(config, call.method, call.maxRetries) : 0,
      fetch: counted,
    });
    return {
      status: fetched.status,
      ok: fetched.ok,
      headers: fetched.headers,
      contentType: fetched.headers.get('content-type'),
      text: bufferedText(fetched),
      attempts: call.attempts,
    };
  } catch (error) {
    if (isHTTPError(error)) {
      return {
        status: error.response.status,
        ok: false,
        headers: error.response.headers,
        contentType: error.response.headers.get('content-type'),
        text: bufferedText(error.response),
        attempts: call.attempts,
      };
    }
    throw transportFailure(error, call);
  }
}

/** Reads the envelope and tells the ignored-parameters hook. */
function finish(config: TransportConfig, spec: RequestSpec, response: RawResponse, request: string): Exchange {
  const body = readEnvelope(response, spec.operation, request);
  const ignored = body.ignored_parameters_unsupported;
  if (config.onIgnoredParameters && Array.isArray(ignored) && ignored.length > 0) {
    config.onIgnoredParameters({ operation: spec.operation, parameters: ignored.map(String) });
  }
  return { body, response: { status: response.status, headers: response.headers } };
}
