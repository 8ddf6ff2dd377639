import type { ReactionTypeName } from '../../store/reactions';

/** The values of `reaction_type`: each has its own namespace of `emoji_code`. */
export const ReactionType = {
  UNICODE: 'unicode_emoji',
  REALM: 'realm_emoji',
  EXTRA: 'zulip_extra_emoji',
} as const satisfies Record<string, ReactionTypeName>;

/** The spec's name for the server's extra emoji type; read as {@link ReactionType.EXTRA}. */
const SPEC_EXTRA_EMOJI_TYPE = 'service_extra_emoji';

/** The one extra emoji the server ships; its code is its name. */
export const EXTRA_EMOJI_NAME = 'zulip';

/** A `reaction_type` as sent, with the spec's spelling of the extra type read as the server's. */
export function normalizeReactionType(type: string): string {
  return type === SPEC_EXTRA_EMOJI_TYPE ? ReactionType.EXTRA : type;
}
