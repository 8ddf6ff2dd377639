import type * as z from 'zod/mini';
import type { MatchesNarrowParams, MatchesNarrowResponse } from '../../../src/schemas/history';
import type { UserRecord } from '../../store/store';
import { withEmptyTopicNames } from '../narrow/clean';
import { receivedCopyFilter } from '../narrow/candidates';
import { compileNarrow } from '../narrow/compile';
import { matchRecord } from '../narrow/search';
import { parseNarrow } from '../narrow/terms';
import type { MockState } from '../state';

/**
 * `GET /messages/matches_narrow`: which of the given messages match, among those the viewer
 * received and may still read (no channel history here, and no `with`), each with its match
 * record. IDs below the realm's first visible message, unknown, unreceived or no longer
 * readable IDs are silently left out.
 */
export function matchesNarrow(
  state: MockState,
  viewer: UserRecord,
  input: z.output<typeof MatchesNarrowParams>,
): z.input<typeof MatchesNarrowResponse> {
  const terms = withEmptyTopicNames(state, parseNarrow(input.narrow));
  const narrow = compileNarrow(state, viewer, terms);
  const { store } = state;
  const readable = receivedCopyFilter(state, viewer);
  const messages: Record<string, { match_content: string; match_subject: string }> = {};
  for (const id of input.msg_ids) {
    if (id < state.realm.first_visible_message_id || !readable(id)) continue;
    const message = store.tables.message.get(id);
    if (!message || !narrow.matches(message, (flag) => store.userMessages.hasFlag(viewer.id, id, flag))) continue;
    messages[String(id)] = matchRecord(state, message, narrow.search);
  }
  return { messages };
}
