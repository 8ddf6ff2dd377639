import { defineEndpoint } from '../contract/endpoint';
import { SendMessageParams, SendMessageResponse } from '../schemas/send-message';

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
