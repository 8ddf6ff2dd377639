import type { Endpoint, EndpointParams, EndpointResult } from '../contract/endpoint';
import { ResponseValidationError } from '../errors/transport-errors';
import type { WithResponse } from './api-call';
import type { CallOptions } from './call-options';
import { sendRequest, type TransportConfig } from './transport';

/**
 * Calls a declared operation: sends it through the request pipeline and parses the
 * success body with the operation's (loose) response schema.
 */
export async function callEndpoint<E extends Endpoint>(
  config: TransportConfig,
  endpoint: E,
  params: EndpointParams<E>,
  options?: CallOptions,
): Promise<WithResponse<EndpointResult<E>>> {
  const { body, response } = await sendRequest(config, {
    operation: endpoint.id,
    method: endpoint.method,
    path: endpoint.path,
    params: params as Record<string, unknown>,
    authenticated: endpoint.access.auth === 'api_key',
    retrySafe: endpoint.retrySafe,
    options,
  });
  const mode = options?.validate ?? config.validate;
  if (mode === 'off') return { data: body as EndpointResult<E>, response };
  const parsed = endpoint.response.safeParse(body);
  if (parsed.success) return { data: parsed.data as EndpointResult<E>, response };
  const error = new ResponseValidationError(endpoint.id, parsed.error.issues);
  if (mode === 'strict') throw error;
  config.logger.log('warn', error.message, { operation: endpoint.id, issues: error.issues });
  return { data: body as EndpointResult<E>, response };
}
