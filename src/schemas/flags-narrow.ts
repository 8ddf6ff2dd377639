import * as z from 'zod/mini';
import { rawParam } from '../contract/wire';
import { Id, successBody } from './common';
import { NarrowParam } from './narrow';

const Count = z.int().check(z.minimum(0));

/**
 * Parameters of `POST /messages/flags/narrow`, in the order the server reads them. `op` and
 * `flag` are plain text on the wire, so that a server answers an unknown value with its own
 * error; the SDK method narrows their types.
 */
export const UpdateMessageFlagsForNarrowParams = z.object({
  /** A message ID, `newest`, `oldest` or `first_unread` (the oldest unread matching message). */
  anchor: rawParam(z.union([z.string(), Id])),
  /** `read`, `starred` or `collapsed`: the flags a user may change. */
  flag: z.string(),
  /** Whether the anchor message itself is in the range when it matches. @default true */
  include_anchor: z.optional(z.boolean()),
  /** Which messages: a list of terms (objects or legacy pairs); `[]` or null = all of the user's. */
  narrow: z.nullable(NarrowParam),
  /** How many matching messages after the anchor (the server keeps the total at most 5000). */
  num_after: Count,
  /** How many matching messages before the anchor (the server keeps the total at most 5000). */
  num_before: Count,
  /** `add` or `remove`. */
  op: z.string(),
});

/** Success body of `POST /messages/flags/narrow`. */
export const UpdateMessageFlagsForNarrowResponse = successBody({
  /** How many messages were in the range. */
  processed_count: z.int(),
  /** How many of them had their flag changed. */
  updated_count: z.int(),
  /** The oldest message of the range, or null when the range was empty. */
  first_processed_id: z.nullable(Id),
  /** The newest message of the range, or null when the range was empty. */
  last_processed_id: z.nullable(Id),
  /** Whether the range reached the oldest matching message (otherwise continue from `first_processed_id`). */
  found_oldest: z.boolean(),
  /** Whether the range reached the newest matching message (otherwise continue from `last_processed_id`). */
  found_newest: z.boolean(),
  /**
   * Only for `flag=read` with `op=remove`: channels whose messages were skipped because the
   * user is not subscribed to them (feature level 355).
   */
  ignored_because_not_subscribed_channels: z.optional(z.array(Id)),
});
