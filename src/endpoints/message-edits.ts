import { defineEndpoint } from '../contract/endpoint';
import { ALLOW_EMPTY_TOPIC_NAME } from '../contract/requirements';
import {
  GetMessageHistoryParams,
  GetMessageHistoryResponse,
  UpdateMessageParams,
  UpdateMessageResponse,
} from '../schemas/message-edit';

/** `PATCH /messages/{message_id}`: edit a message's content, or move messages to another topic or channel. */
export const updateMessage = defineEndpoint({
  id: 'update-message',
  method: 'PATCH',
  path: '/messages/{message_id}',
  params: UpdateMessageParams,
  response: UpdateMessageResponse,
  access: { auth: 'api_key' },
  // A repeated edit finds nothing to change (or edits twice): not safe to retry blindly.
  retrySafe: false,
  featureLevel: 1,
  aliases: { subject: 'topic' },
  // `prev_content_sha256` is new in level 379; an older server ignores it and edits regardless.
  requires: [{ param: 'prev_content_sha256', since: 379 }],
});

/** `GET /messages/{message_id}/history`: the snapshots of a message, one per edit. */
export const getMessageHistory = defineEndpoint({
  id: 'get-message-history',
  method: 'GET',
  path: '/messages/{message_id}/history',
  params: GetMessageHistoryParams,
  response: GetMessageHistoryResponse,
  access: { auth: 'api_key' },
  retrySafe: true,
  featureLevel: 1,
  requires: [ALLOW_EMPTY_TOPIC_NAME],
});
