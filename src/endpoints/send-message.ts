import { defineEndpoint } from '../contract/endpoint';
import { CHANNEL_TYPE, DIRECT_TYPE, EMPTY_TOPIC } from '../contract/requirements';
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
  requires: [DIRECT_TYPE, CHANNEL_TYPE, EMPTY_TOPIC, { param: 'read_by_sender', since: 236 }],
  aliases: { subject: 'topic' },
});
