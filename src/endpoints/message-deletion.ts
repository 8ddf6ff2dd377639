import { defineEndpoint } from '../contract/endpoint';
import { DeleteMessageParams, DeleteMessageResponse } from '../schemas/message-deletion';

/** `DELETE /messages/{message_id}`: delete a message permanently. */
export const deleteMessage = defineEndpoint({
  id: 'delete-message',
  method: 'DELETE',
  path: '/messages/{message_id}',
  params: DeleteMessageParams,
  response: DeleteMessageResponse,
  access: { auth: 'api_key' },
  retrySafe: false,
  featureLevel: 1,
});
