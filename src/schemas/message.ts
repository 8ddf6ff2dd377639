import * as z from 'zod/mini';
import { Id, successBody } from './common';
import { messageOf } from './message-parts';

export * from './send-message';

export { DisplayRecipientUser, EditHistoryEntry, Reaction, Submessage, TopicLink } from './message-parts';

/** A message as returned by the fetch operations: a channel message or a direct message. */
export const Message = messageOf({});

/** A message as returned by the fetch operations: a channel message or a direct message. */
export type Message = z.infer<typeof Message>;

/** A channel message (`type: 'stream'`). */
export type ChannelMessage = Extract<Message, { type: 'stream' }>;

/** A direct message (`type: 'private'`), to one user, oneself or a group. */
export type DirectMessage = Extract<Message, { type: 'private' }>;

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
