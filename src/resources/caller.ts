import type { Endpoint, EndpointParams, EndpointResult } from '../contract/endpoint';
import type { ApiCall } from '../transport/api-call';
import type { CallOptions } from '../transport/call-options';

/** Calls a declared operation with the client's transport; what every resource method uses. */
export type EndpointCaller = <E extends Endpoint>(
  endpoint: E,
  params: EndpointParams<E>,
  options?: CallOptions,
) => ApiCall<EndpointResult<E>>;
