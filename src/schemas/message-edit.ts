import * as z from 'zod/mini';
import { Id, successBody } from './common';

/** Which messages a topic or channel move takes: the one, it and the later ones, or the whole topic. */
const PropagateMode = z.enum(['change_one', 'change_later', 'change_all']);

/** Parameters of `PATCH /messages/{message_id}`. */
export const UpdateMessageParams = z.object({
  message_id: Id,
  /** New Markdown content (the sender only); blank content becomes `(deleted)`. */
  content: z.optional(z.string()),
  /** New topic (alias `subject`); `✔ <topic>` with `change_all` resolves the topic. */
  topic: z.optional(z.string()),
  /** Channel to move the message(s) to; not together with `content`. */
  stream_id: z.optional(z.int().check(z.minimum(0))),
  /** Which messages a move takes (default `change_one`). */
  propagate_mode: z.optional(PropagateMode),
  /** Whether the notification bot tells the old topic where the messages went (default false). */
  send_notification_to_old_thread: z.optional(z.boolean()),
  /** Whether the notification bot tells the new topic where the messages came from (default true). */
  send_notification_to_new_thread: z.optional(z.boolean()),
  /**
   * The SHA-256 (lower-case hex) of the raw content you last saw: the edit fails when the
   * message changed since (feature level 379). Checked for moves too.
   */
  prev_content_sha256: z.optional(z.string()),
});

/** An upload no message refers to any more after an edit. */
const DetachedUpload = z.looseObject({
  id: Id,
  name: z.string(),
  path_id: z.string(),
  size: z.int(),
  /** Milliseconds since the epoch. */
  create_time: z.number(),
  messages: z.array(z.looseObject({ id: Id, date_sent: z.number() })),
});

/** Success body of `PATCH /messages/{message_id}`. */
export const UpdateMessageResponse = successBody({
  /** The acting user's uploads whose last reference the edit removed. */
  detached_uploads: z.optional(z.array(DetachedUpload)),
});

/** Parameters of `GET /messages/{message_id}/history`. */
export const GetMessageHistoryParams = z.object({
  message_id: Id,
  /** When false (default), the empty topic reads as `realm_empty_topic_display_name`. */
  allow_empty_topic_name: z.optional(z.boolean()),
});

/** A message as it was after one edit (or as sent, for the oldest snapshot). */
export const MessageHistorySnapshot = z.looseObject({
  /** The topic after this edit. */
  topic: z.string(),
  /** Only when the topic changed: the topic before. */
  prev_topic: z.optional(z.string()),
  /** Only when the channel changed: the channel after and before. */
  stream: z.optional(Id),
  prev_stream: z.optional(Id),
  /** The Markdown content after this edit, and its HTML. */
  content: z.string(),
  rendered_content: z.string(),
  /** Only when the content changed: the content before, its HTML, and an HTML diff. */
  prev_content: z.optional(z.string()),
  prev_rendered_content: z.optional(z.string()),
  content_html_diff: z.optional(z.string()),
  /** Who edited (the sender, for the oldest snapshot). */
  user_id: z.nullable(Id),
  /** UNIX seconds. */
  timestamp: z.int(),
});

/** A message history snapshot. */
export type MessageHistorySnapshot = z.infer<typeof MessageHistorySnapshot>;

/** Success body of `GET /messages/{message_id}/history`. */
export const GetMessageHistoryResponse = successBody({
  /** Snapshots, oldest (the message as sent) first. */
  message_history: z.array(MessageHistorySnapshot),
});
