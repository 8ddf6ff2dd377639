import * as z from 'zod/mini';
import { Id, successBody } from './common';

/** Whether typing started or stopped. */
export const TypingOp = z.enum(['start', 'stop']);

/** Parameters of `POST /typing`. */
export const SetTypingStatusParams = z.object({
  /** `direct` (the default), or `stream`/`channel` for a channel topic (`private` is refused). */
  type: z.optional(z.enum(['direct', 'stream', 'channel'])),
  op: TypingOp,
  /** Direct typing: the recipients' user IDs (a JSON list even for one). */
  to: z.optional(z.nullable(z.array(Id))),
  /** Channel typing: the channel (`null` is the same as leaving it out). */
  stream_id: z.optional(z.nullable(Id)),
  /** Channel typing: the topic. */
  topic: z.optional(z.string()),
});

/** Parameters of `POST /messages/{message_id}/typing`. */
export const SetEditTypingStatusParams = z.object({ message_id: Id, op: TypingOp });

/** Success body of both typing operations: nothing beyond success. */
export const TypingResponse = successBody({});
