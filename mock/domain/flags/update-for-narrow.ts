import type * as z from 'zod/mini';
import type { UpdateMessageFlagsForNarrowParams, UpdateMessageFlagsForNarrowResponse } from '../../../src/schemas/flags-narrow';
import type { UserRecord } from '../../store/store';
import { badRequest } from '../errors';
import { parseAnchor } from '../messages/anchor';
import { candidateMatcher, resolveAnchor } from '../messages/history';
import { selectPage } from '../messages/page';
import { selectCandidates } from '../narrow/candidates';
import { withEmptyTopicNames } from '../narrow/clean';
import { compileNarrow } from '../narrow/compile';
import { parseNarrow } from '../narrow/terms';
import type { MockState } from '../state';
import { updateMessageFlags } from './update-flags';

/** The most messages one request may update: larger ranges are shortened, not refused. */
const MAX_MESSAGES_PER_UPDATE = 5000;

type Input = z.output<typeof UpdateMessageFlagsForNarrowParams>;
type Output = z.input<typeof UpdateMessageFlagsForNarrowResponse>;

/**
 * Shortens a range to at most {@link MAX_MESSAGES_PER_UPDATE} messages as the server does:
 * `num_before` keeps at least half of the limit when both sides ask for more.
 */
export function clampRange(numBefore: number, numAfter: number): { numBefore: number; numAfter: number } {
  const before = Math.min(numBefore, Math.max(MAX_MESSAGES_PER_UPDATE - numAfter, MAX_MESSAGES_PER_UPDATE / 2));
  return { numBefore: before, numAfter: Math.min(numAfter, MAX_MESSAGES_PER_UPDATE - before) };
}

/** `anchor` as this operation reads it. */
function parseFlagsAnchor(anchor: string | number) {
  return parseAnchor(String(anchor), false);
}

/**
 * `POST /messages/flags/narrow`, in the server's order: the narrow's terms, the anchor, the
 * anchor exclusion rule, the range clamp, then the narrow's meaning (`BAD_NARROW`); the range is
 * selected as `GET /messages` selects a page (channel history included when the narrow opens it),
 * then the flag is changed with {@link updateMessageFlags}, so `flag`/`op` errors, the flag rules
 * and the `update_message_flags` event are those of `POST /messages/flags`.
 */
export function updateMessageFlagsForNarrow(state: MockState, user: UserRecord, input: Input): Output {
  const rawTerms = parseNarrow(input.narrow ?? []);
  const anchor = parseFlagsAnchor(input.anchor);
  const includeAnchor = input.include_anchor ?? true;
  if (input.num_before > 0 && input.num_after > 0 && !includeAnchor) {
    throw badRequest('The anchor can only be excluded at an end of the range');
  }
  const { numBefore, numAfter } = clampRange(input.num_before, input.num_after);
  const narrow = compileNarrow(state, user, withEmptyTopicNames(state, rawTerms));
  const candidates = selectCandidates(state, user, narrow);
  const page = selectPage(candidates.ids, candidateMatcher(state, user, narrow, candidates), {
    anchor: resolveAnchor(state, user, anchor, narrow, candidates),
    numBefore,
    numAfter,
    includeAnchor,
    firstVisibleId: state.realm.first_visible_message_id,
  });
  const { changed, ignoredChannels } = updateMessageFlags(state, user, page.ids, input.op, input.flag);
  return {
    processed_count: page.ids.length,
    updated_count: changed.length,
    first_processed_id: page.ids[0] ?? null,
    last_processed_id: page.ids.at(-1) ?? null,
    found_oldest: page.foundOldest,
    found_newest: page.foundNewest,
    // Unlike POST /messages/flags (where the spec limits it to removing `read`), always present.
    ignored_because_not_subscribed_channels: ignoredChannels ?? [],
  };
}
