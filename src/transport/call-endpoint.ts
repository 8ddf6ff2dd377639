import type { Endpoint, EndpointParams, EndpointResult } from '../contract/endpoint';
import { ResponseValidationError } from '../errors/transport-errors';
import type { WithResponse } from './api-call';
import type { CallOptions } from './call-options';
import { dependsOnLevel, planForLevel, reportedLevel } from './feature-level';
import { sendRequest, type TransportConfig } from './transport';

/** The parameters with those the server reads as JSON text JSON-encoded. */
function withJsonStrings(params: Record<string, unknown>, names: readonly string[] | undefined): Record<string, unknown> {
  if (!names?.some((name) => typeof params[name] === 'string')) return params;
  const encoded = { ...params };
  for (const name of names) if (typeof encoded[name] === 'string') encoded[name] = JSON.stringify(encoded[name]);
  return encoded;
}

/**
 * Calls a declared operation: encodes it for the server's feature level when it depends on
 * one, sends it through the request pipeline and parses the success body with the operation's
 * (loose) response schema.
 */
export async function callEndpoint<E extends Endpoint>(
  config: TransportConfig,
  endpoint: E,
  params: EndpointParams<E>,
  options?: CallOptions,
): Promise<WithResponse<EndpointResult<E>>> {
  const wire = withJsonStrings(params as Record<string, unknown>, endpoint.jsonStrings);
  const plan = dependsOnLevel(endpoint, wire)
    ? planForLevel(endpoint, wire, await config.featureLevel.get())
    : { method: endpoint.method, path: endpoint.path, params: wire };
  const { body, response } = await sendRequest(config, {
    operation: endpoint.id,
    ...plan,
    ...(endpoint.restOfPath ? { restOfPath: true } : {}),
    authenticated: endpoint.access.auth === 'api_key',
    retrySafe: endpoint.retrySafe,
    options,
    rateLimit: endpoint.rateLimit,
  });
  const level = reportedLevel(body);
  if (level !== undefined) config.featureLevel.learn(level);
  const mode = options?.validate ?? config.validate;
  if (mode === 'off') return { data: body as EndpointResult<E>, response };
  const parsed = endpoint.response.safeParse(body);
  if (parsed.success) return { data: parsed.data as EndpointResult<E>, response };
  const error = new ResponseValidationError(endpoint.id, parsed.error.issues);
  if (mode === 'strict') throw error;
  config.logger.log('warn', error.message, { operation: endpoint.id, issues: error.issues });
  return { data: body as EndpointResult<E>, response };
}
