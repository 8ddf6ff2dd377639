import type { Endpoint, EndpointParams, EndpointResult } from '../contract/endpoint';

/** Calls a declared operation with the client's transport; what every resource method uses. */
export type EndpointCaller = <E extends Endpoint>(endpoint: E, params: EndpointParams<E>) => Promise<EndpointResult<E>>;
