import * as z from 'zod/mini';
import { Id, successBody } from './common';

/** The flags a user may add or remove (`POST /messages/flags`). */
export const EDITABLE_MESSAGE_FLAGS = ['read', 'starred', 'collapsed'] as const;

/** A flag a user may add or remove: `read`, `starred` or `collapsed`. */
export type EditableMessageFlag = (typeof EDITABLE_MESSAGE_FLAGS)[number];

/** Whether `update-message-flags` adds or removes the flag. */
export type MessageFlagOperation = 'add' | 'remove';

/**
 * Parameters of `POST /messages/flags`. `op` and `flag` are plain text on the wire, so that a
 * server answers an unknown value with its own error; the SDK method narrows their types.
 */
export const UpdateMessageFlagsParams = z.object({
  /** The IDs of the messages to change. */
  messages: z.array(Id),
  /** `add` or `remove`. */
  op: z.string(),
  /** `read`, `starred` or `collapsed`: the flags a user may change. */
  flag: z.string(),
});

/** Success body of `POST /messages/flags`. */
export const UpdateMessageFlagsResponse = successBody({
  /** The IDs of the messages whose flag changed. */
  messages: z.array(Id),
  /**
   * Only for `flag=read` with `op=remove`: channels whose messages were skipped because the
   * user is not subscribed to them (feature level 355).
   */
  ignored_because_not_subscribed_channels: z.optional(z.array(Id)),
});

/** Parameters of `POST /mark_all_as_read`: none. */
export const MarkAllAsReadParams = z.object({});

/** Success body of `POST /mark_all_as_read`. */
export const MarkAllAsReadResponse = successBody({
  /**
   * False when the server stopped after marking only some messages (clients repeat the call). From
   * feature level 211; older servers answer a partial run with an error instead.
   */
  complete: z.optional(z.boolean()),
});

/** Parameters of `POST /mark_stream_as_read`. */
export const MarkStreamAsReadParams = z.object({
  /** The channel whose unread messages become read. */
  stream_id: Id,
});

/** Parameters of `POST /mark_topic_as_read`. */
export const MarkTopicAsReadParams = z.object({
  /** The channel of the topic. */
  stream_id: Id,
  /** The topic; `realm_empty_topic_display_name` and `(no topic)` name the empty topic. */
  topic_name: z.string(),
});

/** Success body of the channel and topic mark-as-read operations: nothing beyond the envelope. */
export const MarkAsReadResponse = successBody({});
