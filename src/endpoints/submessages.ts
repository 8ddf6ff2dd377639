import { defineEndpoint } from '../contract/endpoint';
import { AddSubmessageParams, AddSubmessageResponse } from '../schemas/submessage';

/**
 * `POST /submessage`: a widget interaction (a poll vote or option, a to-do task or strike) on a
 * message. The reference OpenAPI file does not document it; the server's own source does
 * (`process_submessage`), and every server since widgets exist routes it.
 */
export const addSubmessage = defineEndpoint({
  id: 'add-submessage',
  method: 'POST',
  path: '/submessage',
  params: AddSubmessageParams,
  response: AddSubmessageResponse,
  access: { auth: 'api_key' },
  retrySafe: false,
  featureLevel: 1,
});
