import type { scheduledMessages } from '../../src/endpoints/index';
import { deleteScheduledMessage, editScheduledMessage, scheduleMessage } from '../domain/scheduled-messages/operations';
import { undeliveredScheduledMessages } from '../domain/scheduled-messages/list';
import type { Implementation } from '../http/operation';

/** The caller's scheduled messages: decode → domain → payload. */
export const scheduledMessageRoutes = {
  getScheduledMessages: ({ state, user }) => ({ scheduled_messages: undeliveredScheduledMessages(state, user) }),
  createScheduledMessage: ({ state, user, client, params }) => ({ scheduled_message_id: scheduleMessage(state, user, client, params) }),
  updateScheduledMessage: ({ state, user, client, params }) => {
    editScheduledMessage(state, user, client, params.scheduled_message_id, params);
    return {};
  },
  deleteScheduledMessage: ({ state, user, params }) => {
    deleteScheduledMessage(state, user, params.scheduled_message_id);
    return {};
  },
} satisfies { [Name in keyof typeof scheduledMessages]: Implementation<(typeof scheduledMessages)[Name]> };
