import * as z from 'zod/mini';
import { rawParam } from '../contract/wire';
import { Id, successBody } from './common';

/** Accepted values of `type` when sending: `direct`/`private` and `channel`/`stream`. */
export const SendMessageType = z.enum(['direct', 'private', 'channel', 'stream']);

/** Parameters of `POST /messages`. */
export const SendMessageParams = z.object({
  /** `direct` (alias `private`, deprecated) or `channel` (alias `stream`). */
  type: SendMessageType,
  /**
   * Channel messages: the channel name or integer ID. Direct messages: a list of user IDs
   * or of API email addresses. The server reads the raw text, as JSON when it parses.
   */
  to: rawParam(z.union([z.string(), Id, z.array(Id), z.array(z.string())])),
  /** The topic; required for channel messages, ignored for direct messages. Alias `subject`. */
  topic: z.optional(z.string()),
  /** The Markdown content. */
  content: z.string(),
  /** Event queue of a client doing local echo; requires `local_id`. */
  queue_id: z.optional(z.string()),
  /** Client-chosen ID echoed as `local_message_id` in the message event for `queue_id`. */
  local_id: z.optional(z.string()),
  /** Whether the message starts read for the sender (default: by client name). */
  read_by_sender: z.optional(z.boolean()),
});

/** Success body of `POST /messages`. */
export const SendMessageResponse = successBody({
  /** ID of the new message. */
  id: Id,
  /** Present only when sending changed the sender's visibility policy for the topic. */
  automatic_new_visibility_policy: z.optional(z.int()),
});
