import { defineEndpoint } from '../contract/endpoint';
import { CHANNEL_TYPE, DIRECT_TYPE, EMPTY_TOPIC } from '../contract/requirements';
import {
  CreateScheduledMessageParams,
  CreateScheduledMessageResponse,
  DeleteScheduledMessageParams,
  GetScheduledMessagesParams,
  GetScheduledMessagesResponse,
  ScheduledMessageChangeResponse,
  UpdateScheduledMessageParams,
} from '../schemas/scheduled-message';

/** `GET /scheduled_messages`: the caller's undelivered scheduled messages. */
export const getScheduledMessages = defineEndpoint({
  id: 'get-scheduled-messages',
  method: 'GET',
  path: '/scheduled_messages',
  params: GetScheduledMessagesParams,
  response: GetScheduledMessagesResponse,
  access: { auth: 'api_key' },
  retrySafe: true,
  featureLevel: 173,
});

/** `POST /scheduled_messages`: schedule a message. */
export const createScheduledMessage = defineEndpoint({
  id: 'create-scheduled-message',
  method: 'POST',
  path: '/scheduled_messages',
  params: CreateScheduledMessageParams,
  response: CreateScheduledMessageResponse,
  access: { auth: 'api_key' },
  retrySafe: false,
  featureLevel: 179,
  requires: [DIRECT_TYPE, CHANNEL_TYPE, EMPTY_TOPIC, { param: 'read_by_sender', since: 236 }],
  aliases: { subject: 'topic' },
});

/** `PATCH /scheduled_messages/{scheduled_message_id}`: change one of the caller's scheduled messages. */
export const updateScheduledMessage = defineEndpoint({
  id: 'update-scheduled-message',
  method: 'PATCH',
  path: '/scheduled_messages/{scheduled_message_id}',
  params: UpdateScheduledMessageParams,
  response: ScheduledMessageChangeResponse,
  access: { auth: 'api_key' },
  retrySafe: true,
  featureLevel: 184,
  requires: [CHANNEL_TYPE, EMPTY_TOPIC],
  aliases: { subject: 'topic' },
});

/** `DELETE /scheduled_messages/{scheduled_message_id}`: cancel one of the caller's scheduled messages. */
export const deleteScheduledMessage = defineEndpoint({
  id: 'delete-scheduled-message',
  method: 'DELETE',
  path: '/scheduled_messages/{scheduled_message_id}',
  params: DeleteScheduledMessageParams,
  response: ScheduledMessageChangeResponse,
  access: { auth: 'api_key' },
  retrySafe: false,
  featureLevel: 173,
});
