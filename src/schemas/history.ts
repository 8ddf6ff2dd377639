import * as z from 'zod/mini';
import { rawParam } from '../contract/wire';
import { Id, successBody } from './common';
import { messageOf } from './message-parts';
import { NarrowParam } from './narrow';

const Count = z.int().check(z.minimum(0));

/** Parameters of `GET /messages`. */
export const GetMessagesParams = z.object({
  /**
   * Where the range starts: a message ID, `newest`, `oldest` or `first_unread` (the oldest unread
   * message matching the narrow). Required unless `message_ids` is given.
   */
  anchor: z.optional(rawParam(z.union([z.string(), Id]))),
  /** Whether the anchor message itself is returned when it matches. @default true */
  include_anchor: z.optional(z.boolean()),
  /** How many matching messages before the anchor. @default 0 */
  num_before: z.optional(Count),
  /** How many matching messages after the anchor. @default 0 */
  num_after: z.optional(Count),
  /** Which messages: a list of terms (objects or legacy pairs); none = the user's whole feed. */
  narrow: z.optional(z.nullable(NarrowParam)),
  /** Legacy form of `anchor: 'first_unread'`. @deprecated */
  use_first_unread_anchor: z.optional(z.boolean()),
  /** Whether clients compute gravatar URLs themselves. @default true */
  client_gravatar: z.optional(z.boolean()),
  /** Rendered HTML (true) or Markdown source (false). @default true */
  apply_markdown: z.optional(z.boolean()),
  /** Whether the client shows the empty topic as `""`. @default false */
  allow_empty_topic_name: z.optional(z.boolean()),
  /** Fetch exactly these messages (those the user may see) instead of a range. */
  message_ids: z.optional(z.nullable(z.array(Count))),
});

/** A message of a history page: with `match_content`/`match_subject` when the narrow searched. */
export const HistoryMessage = messageOf({
  /** The rendered content with search matches wrapped in `<span class="highlight">`. */
  match_content: z.optional(z.string()),
  /** The HTML-escaped topic with search matches highlighted. */
  match_subject: z.optional(z.string()),
});

/** A message of a history page. */
export type HistoryMessage = z.infer<typeof HistoryMessage>;

/** Success body of `GET /messages`. */
export const GetMessagesResponse = successBody({
  messages: z.array(HistoryMessage),
  /** The anchor used (computed for `first_unread` and `date`); absent with `message_ids`. */
  anchor: z.optional(z.number()),
  /** Whether the anchor message is among `messages`. */
  found_anchor: z.optional(z.boolean()),
  /** Whether `messages` reaches the oldest matching message. */
  found_oldest: z.optional(z.boolean()),
  /** Whether `messages` reaches the newest matching message. */
  found_newest: z.optional(z.boolean()),
  /** Whether older matching messages exist that the organization's plan hides. */
  history_limited: z.optional(z.boolean()),
});

/** Parameters of `GET /messages/matches_narrow`. */
export const MatchesNarrowParams = z.object({
  /** The messages to check. */
  msg_ids: z.array(Id),
  /** The narrow to check them against. */
  narrow: NarrowParam,
});

/** How a message matched: its content and topic, search matches highlighted. */
export const MatchRecord = z.looseObject({
  match_content: z.string(),
  match_subject: z.string(),
});

/** Success body of `GET /messages/matches_narrow`. */
export const MatchesNarrowResponse = successBody({
  /** The matching messages only, keyed by message ID. */
  messages: z.record(z.string(), MatchRecord),
});
