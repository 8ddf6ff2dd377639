import * as z from 'zod/mini';
import { Id, successBody } from './common';

export * from './send-message';

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

/** A message as returned by the fetch operations. */
export const Message = z.looseObject({
  id: Id,
  type: z.enum(['stream', 'private']),
  sender_id: Id,
  sender_email: z.string(),
  sender_full_name: z.string(),
  sender_realm_str: z.string(),
  avatar_url: z.nullable(z.string()),
  client: z.string(),
  content: z.string(),
  content_type: z.enum(['text/html', 'text/x-markdown']),
  /** Channel name for channel messages; the participants for direct messages. */
  display_recipient: z.union([z.string(), z.array(DisplayRecipientUser)]),
  recipient_id: Id,
  /** Present only for channel messages. */
  stream_id: z.optional(Id),
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

/** A message as returned by the fetch operations. */
export type Message = z.infer<typeof Message>;

/** Parameters of `GET /messages/{message_id}`. */
export const GetMessageParams = z.object({
  message_id: Id,
  /** True (default) returns rendered HTML; false returns the Markdown source. */
  apply_markdown: z.optional(z.boolean()),
  /** When false (default), the empty topic reads as `realm_empty_topic_display_name`. */
  allow_empty_topic_name: z.optional(z.boolean()),
});

/** Success body of `GET /messages/{message_id}`. */
export const GetMessageResponse = successBody({
  message: Message,
  /** Deprecated: the Markdown source; use `apply_markdown: false`. */
  raw_content: z.optional(z.string()),
});
