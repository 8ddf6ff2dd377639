import { defineEndpoint } from '../contract/endpoint';
import { ALLOW_EMPTY_TOPIC_NAME } from '../contract/requirements';
import { GetMessageParams, GetMessageResponse } from '../schemas/message';

/** `GET /messages/{message_id}`: fetch one message the caller can see. */
export const getMessage = defineEndpoint({
  id: 'get-message',
  method: 'GET',
  path: '/messages/{message_id}',
  params: GetMessageParams,
  response: GetMessageResponse,
  access: { auth: 'api_key' },
  retrySafe: true,
  featureLevel: 120,
  requires: [ALLOW_EMPTY_TOPIC_NAME],
});
