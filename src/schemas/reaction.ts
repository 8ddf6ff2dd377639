import * as z from 'zod/mini';
import { Id, successBody } from './common';

/**
 * `reaction_type` values: `unicode_emoji` (code = dash-separated hex code points),
 * `realm_emoji` (code = the custom emoji's ID), `service_extra_emoji` as the spec names it
 * (`zulip_extra_emoji` on the reference server; code = its name, `zulip`). Sent as text; the
 * server answers "Invalid emoji type." for anything else.
 */
export const ReactionTypeParam = z.string();

/** Parameters of `POST /messages/{message_id}/reactions`. */
export const AddReactionParams = z.object({
  message_id: Id,
  /** The emoji's name, e.g. `octopus`, `+1`, or a custom emoji's name. */
  emoji_name: z.string(),
  /** The emoji's code within its type, e.g. `1f419`; default: looked up by name. */
  emoji_code: z.optional(z.string()),
  /** Default: the type of the emoji the name resolves to. */
  reaction_type: z.optional(ReactionTypeParam),
});

/** Parameters of `DELETE /messages/{message_id}/reactions`: a name or a code (or both). */
export const RemoveReactionParams = z.object({
  message_id: Id,
  /** The emoji's name; looked up when `emoji_code` is not given. */
  emoji_name: z.optional(z.string()),
  /** The emoji's code within its type. */
  emoji_code: z.optional(z.string()),
  /** Default `unicode_emoji`: pass `realm_emoji` to remove a custom emoji reaction. */
  reaction_type: z.optional(ReactionTypeParam),
});

/** Success body of adding or removing a reaction (nothing beyond the envelope). */
export const ReactionChangeResponse = successBody({});
