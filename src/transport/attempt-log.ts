import { connectionFailure } from './failure';
import type { RequestSpec, TransportConfig } from './transport';

/**
 * Logs each attempt of one call: operation, method, path, attempt, status and milliseconds. Never
 * headers, parameters or bodies, which hold credentials.
 */
export function loggedFetch(config: Pick<TransportConfig, 'fetch' | 'logger'>, spec: Pick<RequestSpec, 'operation' | 'method' | 'path'>): typeof globalThis.fetch {
  let attempt = 0;
  return async (input, init) => {
    attempt++;
    const details = { operation: spec.operation, method: spec.method.toUpperCase(), path: spec.path, attempt };
    config.logger.log('debug', `${details.method} ${spec.path} (${spec.operation}) attempt ${attempt}`, details);
    const started = Date.now();
    try {
      const response = await config.fetch(input, init);
      const ms = Date.now() - started;
      config.logger.log('debug', `${response.status} ${spec.operation} in ${ms} ms`, { ...details, status: response.status, ms });
      return response;
    } catch (error) {
      const ms = Date.now() - started;
      // In the words of the error the call ends with: an abort of the signal fetch got (the
      // attempt's timeout, or the caller's, whose reason fetch rejects with and may be any error), else the
      // NetworkError's reason, not fetch's `TypeError`.
      const reason = (init?.signal ?? (input instanceof Request ? input.signal : undefined))?.aborted
        ? 'aborted: timeout or signal'
        : `network error: ${connectionFailure(error)}`;
      config.logger.log('debug', `${spec.operation} attempt ${attempt} failed (${reason}) after ${ms} ms`, { ...details, ms, error: reason });
      throw error;
    }
  };
}
