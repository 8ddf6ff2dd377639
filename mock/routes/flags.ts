import type { flags } from '../../src/endpoints/index';
import { markAllAsRead, markChannelAsRead, markTopicAsRead } from '../domain/flags/mark-as-read';
import { updateMessageFlags } from '../domain/flags/update-flags';
import type { Implementation } from '../http/operation';

/** Personal message flags and the mark-as-read operations: decode → domain → payload. */
export const flagRoutes = {
  updateMessageFlags: ({ state, user, params }) => {
    const { changed, ignoredChannels } = updateMessageFlags(state, user, params.messages, params.op, params.flag);
    return {
      messages: changed,
      ...(ignoredChannels === undefined ? {} : { ignored_because_not_subscribed_channels: ignoredChannels }),
    };
  },
  markAllAsRead: ({ state, user }) => markAllAsRead(state, user),
  markStreamAsRead: ({ state, user, params }) => markChannelAsRead(state, user, params.stream_id),
  markTopicAsRead: ({ state, user, params }) => markTopicAsRead(state, user, params.stream_id, params.topic_name),
} satisfies { [Name in keyof typeof flags]: Implementation<(typeof flags)[Name]> };
