import { type MockRequest, withMethod } from './mock-request';

/**
 * The request as the API routes it: the server's REST dispatcher gives HEAD the route's GET view
 * (and a route without GET has no HEAD either).
 *
 * @example
 * routedAsGet(new Request('http://chat.test/api/v1/server_settings', { method: 'HEAD' })).method; // 'GET'
 */
export function routedAsGet(request: MockRequest): MockRequest {
  return request.method === 'HEAD' ? withMethod(request, 'GET') : request;
}

/**
 * The answer to `request` as a client receives it: for HEAD, the GET answer's status and headers
 * without its body, as an HTTP server sends it.
 *
 * @example
 * import { jsonResponse } from './envelope';
 * const headRequest = new Request('http://chat.test/api/v1/server_settings', { method: 'HEAD' });
 * await forRequestMethod(headRequest, jsonResponse({ result: 'success' }, 200)).text(); // ''
 */
export function forRequestMethod(request: MockRequest, response: Response): Response {
  if (request.method !== 'HEAD' || response.body === null) return response;
  return new Response(null, { status: response.status, statusText: response.statusText, headers: response.headers });
}
