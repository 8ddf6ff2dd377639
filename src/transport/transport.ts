import ky, { isNetworkError, isTimeoutError } from 'ky';
import { NetworkError, TimeoutError } from '../errors/transport-errors';
import type { IgnoredParametersInfo } from '../options';
import { encodeRequest } from './encode';
import { readEnvelope, type SuccessBody } from './envelope';

/** Everything a request needs to know about the client; built once per client. */
export interface TransportConfig {
  /** `{site}/api/v1/`. */
  readonly baseUrl: string;
  /** The Basic `Authorization` header value, when the client has credentials. */
  readonly authorization: string | undefined;
  readonly userAgent: string;
  readonly timeout: number;
  readonly maxRetries: number;
  readonly fetch: typeof globalThis.fetch | undefined;
  readonly onIgnoredParameters: ((info: IgnoredParametersInfo) => void) | undefined;
}

/** One request to send: what the operation is and how it may be sent. */
export interface RequestSpec {
  /** Named in errors and in the ignored-parameters hook. */
  readonly operation: string;
  readonly method: string;
  readonly path: string;
  readonly params: Readonly<Record<string, unknown>> | undefined;
  /** Send the Authorization header. */
  readonly authenticated: boolean;
  /** Retry after network errors, timeouts, 429 and 5xx. */
  readonly retrySafe: boolean;
}

const RETRY_STATUS_CODES = [408, 429, 500, 502, 503, 504];

function headersFor(config: TransportConfig, spec: RequestSpec): Record<string, string> {
  const headers: Record<string, string> = { 'User-Agent': config.userAgent, Accept: 'application/json' };
  if (spec.authenticated && config.authorization) headers.Authorization = config.authorization;
  return headers;
}

/**
 * Sends one request and reads the envelope: the single request pipeline every operation
 * goes through (encoding, auth, retries, timeout, envelope, typed errors).
 */
export async function sendRequest(config: TransportConfig, spec: RequestSpec): Promise<SuccessBody> {
  const encoded = encodeRequest(spec, spec.params);
  const method = spec.method.toUpperCase();
  let response: Response;
  try {
    response = await ky(encoded.path.replace(/^\//, ''), {
      baseUrl: config.baseUrl,
      method,
      headers: headersFor(config, spec),
      searchParams: encoded.query,
      body: encoded.body,
      timeout: config.timeout,
      throwHttpErrors: false,
      retry: spec.retrySafe
        ? { limit: config.maxRetries, methods: [method.toLowerCase() as 'get'], statusCodes: RETRY_STATUS_CODES }
        : 0,
      ...(config.fetch ? { fetch: config.fetch } : {}),
    });
  } catch (error) {
    // ky's errors carry the Request, whose headers hold the API key: keep only the cause.
    if (isTimeoutError(error)) throw new TimeoutError(spec.operation, config.timeout);
    const cause = isNetworkError(error) ? error.cause : error;
    const detail = cause instanceof Error ? cause.message : String(cause);
    throw new NetworkError(`${spec.operation}: network error: ${detail}`, spec.operation, { cause });
  }
  const body = await readEnvelope(response, spec.operation);
  const ignored = body.ignored_parameters_unsupported;
  if (config.onIgnoredParameters && Array.isArray(ignored) && ignored.length > 0) {
    config.onIgnoredParameters({ operation: spec.operation, parameters: ignored.map(String) });
  }
  return body;
}
