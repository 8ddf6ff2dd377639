import * as z from 'zod/mini';
import { Id } from './common';

// The parts of a message and the union of its two kinds; `message.ts` re-exports the parts.

/** A user listed in `display_recipient` of a direct message. */
export const DisplayRecipientUser = z.looseObject({
  id: Id,
  email: z.string(),
  full_name: z.string(),
  is_mirror_dummy: z.boolean(),
});

/** An emoji reaction on a message. */
export const Reaction = z.looseObject({
  emoji_name: z.string(),
  emoji_code: z.string(),
  reaction_type: z.enum(['unicode_emoji', 'realm_emoji', 'zulip_extra_emoji', 'service_extra_emoji']),
  user_id: Id,
});

/** Data attached to a message by an experimental integration (widgets). */
export const Submessage = z.looseObject({
  id: Id,
  message_id: Id,
  sender_id: Id,
  msg_type: z.string(),
  content: z.string(),
});

/** One entry of a message's edit history, most recent first. */
export const EditHistoryEntry = z.looseObject({
  user_id: z.nullable(Id),
  timestamp: z.int(),
  prev_content: z.optional(z.string()),
  prev_rendered_content: z.optional(z.string()),
  prev_stream: z.optional(Id),
  stream: z.optional(Id),
  prev_topic: z.optional(z.string()),
  topic: z.optional(z.string()),
});

/** A link generated from the topic by a linkifier. */
export const TopicLink = z.looseObject({ text: z.string(), url: z.string() });

/** What channel and direct messages share. */
const MessageFields = z.looseObject({
  id: Id,
  sender_id: Id,
  sender_email: z.string(),
  sender_full_name: z.string(),
  sender_realm_str: z.string(),
  avatar_url: z.nullable(z.string()),
  client: z.string(),
  content: z.string(),
  content_type: z.enum(['text/html', 'text/x-markdown']),
  recipient_id: Id,
  /** The topic; empty for direct messages. */
  subject: z.string(),
  topic_links: z.array(TopicLink),
  timestamp: z.int(),
  is_me_message: z.boolean(),
  flags: z.array(z.string()),
  reactions: z.array(Reaction),
  submessages: z.array(Submessage),
  edit_history: z.optional(z.array(EditHistoryEntry)),
  last_edit_timestamp: z.optional(z.int()),
  last_moved_timestamp: z.optional(z.int()),
});

/**
 * A message schema discriminated on `type`, with `shape` added to both kinds: checking
 * `type === 'stream'` narrows `display_recipient` to the channel's name and `stream_id` to a number.
 */
export const messageOf = <Shape extends z.core.$ZodLooseShape>(shape: Shape) =>
  z.discriminatedUnion('type', [
    z.extend(MessageFields, {
      ...shape,
      type: z.literal('stream'),
      /** The channel's name. */
      display_recipient: z.string(),
      stream_id: Id,
    }),
    z.extend(MessageFields, {
      ...shape,
      type: z.literal('private'),
      /** The participants, the sender included. */
      display_recipient: z.array(DisplayRecipientUser),
      /** Never present: declared so that `message.stream_id` reads `number | undefined` before narrowing. */
      stream_id: z.optional(z.literal(undefined)),
    }),
  ]);
