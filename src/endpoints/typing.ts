import { defineEndpoint } from '../contract/endpoint';
import { CHANNEL_TYPE, CHANNEL_TYPING, DIRECT_TYPE, EMPTY_TOPIC, TYPING_STREAM_ID } from '../contract/requirements';
import { SetEditTypingStatusParams, SetTypingStatusParams, TypingResponse } from '../schemas/typing';

/** `POST /typing`: tell the recipients of a direct message or a channel topic that you are composing. */
export const setTypingStatus = defineEndpoint({
  id: 'set-typing-status',
  method: 'POST',
  path: '/typing',
  params: SetTypingStatusParams,
  response: TypingResponse,
  access: { auth: 'api_key' },
  retrySafe: true,
  featureLevel: 1,
  aliases: { subject: 'topic' },
  requires: [CHANNEL_TYPING, CHANNEL_TYPE, DIRECT_TYPE, TYPING_STREAM_ID, EMPTY_TOPIC],
});

/** `POST /messages/{message_id}/typing`: tell a message's audience that you are editing it. */
export const setTypingStatusForMessageEdit = defineEndpoint({
  id: 'set-typing-status-for-message-edit',
  method: 'POST',
  path: '/messages/{message_id}/typing',
  params: SetEditTypingStatusParams,
  response: TypingResponse,
  access: { auth: 'api_key' },
  retrySafe: true,
  featureLevel: 361,
  legacyRoutes: [{ since: 351, until: 361, method: 'POST', path: '/message_edit_typing' }],
});
