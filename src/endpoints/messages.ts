import { defineEndpoint } from '../contract/endpoint';
import { GetMessageParams, GetMessageResponse, SendMessageParams, SendMessageResponse } from '../schemas/message';

/** `POST /messages`: send a channel or direct message. */
export const sendMessage = defineEndpoint({
  id: 'send-message',
  method: 'POST',
  path: '/messages',
  params: SendMessageParams,
  response: SendMessageResponse,
  access: { auth: 'api_key', allowIncomingWebhookBots: true },
  retrySafe: false,
  featureLevel: 1,
  aliases: { subject: 'topic' },
});

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
});
