import * as z from 'zod/mini';
import { Id } from './common';

/** Unread one-on-one direct messages with one other user (yourself for a self-conversation). */
export const UnreadDirectMessages = z.looseObject({
  other_user_id: Id,
  /** Deprecated name of `other_user_id`. */
  sender_id: z.optional(Id),
  /** Ascending. */
  unread_message_ids: z.array(Id),
});

/** Unread messages of one channel topic (muted ones included; `count` leaves them out). */
export const UnreadChannelMessages = z.looseObject({
  stream_id: Id,
  topic: z.string(),
  /** Ascending. */
  unread_message_ids: z.array(Id),
});

/** Unread group direct messages of one group of users. */
export const UnreadGroupDirectMessages = z.looseObject({
  /** Every participant's ID, yourself included, ascending, joined by commas: `"1,2,3"`. */
  user_ids_string: z.string(),
  /** Ascending. */
  unread_message_ids: z.array(Id),
});

/**
 * `unread_msgs` of the register state (requested with both `message` and
 * `update_message_flags`): the user's newest unread messages (up to 50,000), by conversation.
 */
export const UnreadMessages = z.looseObject({
  /** Unread direct messages plus unread channel messages that are not muted. */
  count: z.int(),
  pms: z.array(UnreadDirectMessages),
  streams: z.array(UnreadChannelMessages),
  huddles: z.array(UnreadGroupDirectMessages),
  /** Unread messages mentioning the user directly, or by a wildcard where not muted; ascending. */
  mentions: z.array(Id),
  /** True when the user had so many unread messages that older ones were left out. */
  old_unreads_missing: z.boolean(),
});

/** The `unread_msgs` state. */
export type UnreadMessages = z.output<typeof UnreadMessages>;
