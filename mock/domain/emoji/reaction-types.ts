import type { ReactionTypeName } from '../../store/reactions';

/** The values of `reaction_type`: each has its own namespace of `emoji_code`. */
export const ReactionType = {
  UNICODE: 'unicode_emoji',
  REALM: 'realm_emoji',
  /** The spec's name; the reference server calls it `zulip_extra_emoji`. */
  EXTRA: 'service_extra_emoji',
} as const satisfies Record<string, ReactionTypeName>;

/** The reference server's name for the extra emoji type; read as {@link ReactionType.EXTRA}. */
const SERVER_EXTRA_EMOJI_TYPE = 'zulip_extra_emoji';

/** The one extra emoji the server ships; its code is its name. */
export const EXTRA_EMOJI_NAME = 'zulip';

/** A `reaction_type` as sent (or stored by an older mock), with the server's spelling of the extra type read as the spec's. */
export function normalizeReactionType(type: string): string {
  return type === SERVER_EXTRA_EMOJI_TYPE ? ReactionType.EXTRA : type;
}
