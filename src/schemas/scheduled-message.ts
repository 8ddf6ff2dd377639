import * as z from 'zod/mini';
import { Id, successBody } from './common';

/** A message the user scheduled and the server has not delivered yet. */
export const ScheduledMessage = z.looseObject({
  /** Its ID as a scheduled message (the message gets another one when sent). */
  scheduled_message_id: Id,
  type: z.enum(['stream', 'private']),
  /** The channel's ID, or the recipients' user IDs. */
  to: z.union([Id, z.array(Id)]),
  /** Channel messages only. */
  topic: z.optional(z.string()),
  /** Markdown. */
  content: z.string(),
  rendered_content: z.string(),
  /** UNIX seconds (UTC). */
  scheduled_delivery_timestamp: z.int(),
  /** The server tried to send it and failed (feature level 181; absent on older servers). */
  failed: z.optional(z.boolean()),
});

/** An undelivered scheduled message. */
export type ScheduledMessage = z.output<typeof ScheduledMessage>;

/** How a scheduled message's type is given: `direct` (alias `private`) or `channel` (alias `stream`). */
export const ScheduledMessageType = z.enum(['direct', 'channel', 'stream', 'private']);

/** Where a scheduled message goes: a channel ID, or a list of user IDs. */
export const ScheduledMessageTo = z.union([Id, z.array(Id)]);

/** Parameters of `GET /scheduled_messages`. */
export const GetScheduledMessagesParams = z.object({});

/** Success body of `GET /scheduled_messages`: the caller's undelivered ones (failed included), soonest first. */
export const GetScheduledMessagesResponse = successBody({ scheduled_messages: z.array(ScheduledMessage) });

/** Parameters of `POST /scheduled_messages`. */
export const CreateScheduledMessageParams = z.object({
  type: ScheduledMessageType,
  /** The channel's ID for a channel message; a list of user IDs for a direct one. */
  to: ScheduledMessageTo,
  /** Markdown. */
  content: z.string(),
  /** Required for channel messages, ignored for direct ones. */
  topic: z.optional(z.string()),
  /** UNIX seconds; must be in the future. */
  scheduled_delivery_timestamp: z.int(),
  /** Whether the message starts read for its sender (default: by client name and recipient). Level 236. */
  read_by_sender: z.optional(z.boolean()),
});

/** Success body of `POST /scheduled_messages`. */
export const CreateScheduledMessageResponse = successBody({
  /** Not the ID the message will have once sent. */
  scheduled_message_id: Id,
});

/**
 * Parameters of `PATCH /scheduled_messages/{scheduled_message_id}`: what changes. A new `type`
 * needs `to` (and a `topic` for a channel); a failed message needs a new delivery time.
 */
export const UpdateScheduledMessageParams = z.object({
  scheduled_message_id: Id,
  type: z.optional(ScheduledMessageType),
  to: z.optional(ScheduledMessageTo),
  content: z.optional(z.string()),
  /** Ignored for direct messages. */
  topic: z.optional(z.string()),
  scheduled_delivery_timestamp: z.optional(z.int()),
});

/** Parameters of `DELETE /scheduled_messages/{scheduled_message_id}`. */
export const DeleteScheduledMessageParams = z.object({ scheduled_message_id: Id });

/** Success body of the scheduled-message changes that return nothing else. */
export const ScheduledMessageChangeResponse = successBody({});
