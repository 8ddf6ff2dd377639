import { defineEndpoint } from '../contract/endpoint';
import { RenderMessageParams, RenderMessageResponse } from '../schemas/message-render';
import { AddReactionParams, ReactionChangeResponse, RemoveReactionParams } from '../schemas/reaction';
import { ReadReceiptsParams, ReadReceiptsResponse } from '../schemas/read-receipts';

// Reactions, and the two read-only views beside them: the render preview and read receipts.

/** `POST /messages/{message_id}/reactions`: add an emoji reaction. */
export const addReaction = defineEndpoint({
  id: 'add-reaction',
  method: 'POST',
  path: '/messages/{message_id}/reactions',
  params: AddReactionParams,
  response: ReactionChangeResponse,
  access: { auth: 'api_key' },
  retrySafe: false,
  featureLevel: 1,
});

/** `DELETE /messages/{message_id}/reactions`: remove the caller's emoji reaction. */
export const removeReaction = defineEndpoint({
  id: 'remove-reaction',
  method: 'DELETE',
  path: '/messages/{message_id}/reactions',
  params: RemoveReactionParams,
  response: ReactionChangeResponse,
  access: { auth: 'api_key' },
  retrySafe: false,
  featureLevel: 1,
});

/** `POST /messages/render`: render Markdown to the HTML a message would get, without sending. */
export const renderMessage = defineEndpoint({
  id: 'render-message',
  method: 'POST',
  path: '/messages/render',
  params: RenderMessageParams,
  response: RenderMessageResponse,
  access: { auth: 'api_key' },
  retrySafe: true,
  featureLevel: 1,
});

/** `GET /messages/{message_id}/read_receipts`: who has read a message. */
export const getReadReceipts = defineEndpoint({
  id: 'get-read-receipts',
  method: 'GET',
  path: '/messages/{message_id}/read_receipts',
  params: ReadReceiptsParams,
  response: ReadReceiptsResponse,
  access: { auth: 'api_key' },
  retrySafe: true,
  featureLevel: 137,
});
