import { isNetworkError, isTimeoutError } from 'ky';
import { NetworkError, TimeoutError } from '../errors/transport-errors';

/** What the error of a call that got no answer names. */
export interface FailedCall {
  readonly operation: string;
  readonly signal: AbortSignal | undefined;
  /** The attempt's timeout in milliseconds. */
  readonly timeout: number;
  /** Requests sent, retries included. */
  readonly attempts: number;
  /** When the call began (`Date.now()`), for the time a timeout names. */
  readonly started: number;
  /** The site over plain HTTP, when it was given without a scheme and so read as https. */
  readonly plainSite: string | undefined;
}

/**
 * The error a call that got no answer throws: the caller's abort reason, a `TimeoutError` or a
 * `NetworkError` that says why the connection failed.
 */
export function transportFailure(error: unknown, call: FailedCall): unknown {
  // An abort is the caller's own decision: it surfaces as the signal's reason, unwrapped.
  if (call.signal?.aborted) return call.signal.reason;
  // ky's errors carry the Request, whose headers hold the API key: keep only the cause.
  if (isTimeoutError(error)) return new TimeoutError(call.operation, call.timeout, undefined, call.attempts, Date.now() - call.started);
  // ky's own NetworkError wraps the fetch's error; an error merely named so (a DOMException
  // some fetch implementations throw for a blocked request) is the cause itself.
  const cause = (isNetworkError(error) && error.cause) || error;
  const said = connectionFailure(cause);
  // OpenSSL's answer to a plain HTTP server (`wrong version number`) says nothing of the scheme.
  // Only that answer: a TLS server refusing the handshake must not be sent the key in clear text.
  const hint = call.plainSite && /SSL routines.*(wrong version|packet length)/.test(said)
    ? ` (a site without a scheme means https; the server may speak plain HTTP: write ${call.plainSite})`
    : '';
  const over = call.attempts > 1 ? ` (${call.attempts} attempts over ${((Date.now() - call.started) / 1000).toFixed(1)} s)` : '';
  return new NetworkError(`${call.operation}: network error: ${said}${hint}${over}`, call.operation, { cause }, call.attempts);
}

/**
 * Why a fetch got no answer, from its error: Node's fetch says only `fetch failed`; its cause says
 * why (`connect ECONNREFUSED 127.0.0.1:9991`), or, when every address of the host failed
 * (`localhost` on ::1 and 127.0.0.1), its cause is an AggregateError with an empty message whose
 * errors say why for each address.
 */
export function connectionFailure(fetchError: unknown): string {
  const inner = (fetchError as Error | undefined)?.cause as Partial<AggregateError> | undefined;
  const detail = inner?.message || inner?.errors?.map((each: Error) => each.message).join(', ') || String((fetchError as Error | undefined)?.message ?? fetchError);
  // OpenSSL's messages end in a colon and a newline.
  return detail.trimEnd();
}
