import * as z from 'zod/mini';
import { Id } from './common';

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
  /** The server tried to send it and failed. */
  failed: z.boolean(),
});

/** An undelivered scheduled message. */
export type ScheduledMessage = z.output<typeof ScheduledMessage>;
