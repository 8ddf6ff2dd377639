import type * as z from 'zod/mini';
import type { GetMessagesParams, GetMessagesResponse } from '../../../src/schemas/history';
import type { UserRecord } from '../../store/store';
import { ApiFailure, badRequest } from '../errors';
import { type Candidates, selectCandidates } from '../narrow/candidates';
import { resolveWithTerm, withEmptyTopicNames } from '../narrow/clean';
import { type CompiledNarrow, compileNarrow } from '../narrow/compile';
import type { FlagLookup } from '../narrow/context';
import { isMutedFor } from '../narrow/muting';
import { matchRecord } from '../narrow/search';
import { parseNarrow } from '../narrow/terms';
import type { MockState } from '../state';
import { LARGER_THAN_MAX_MESSAGE_ID, parseAnchor, type RequestedAnchor } from './anchor';
import { selectPage } from './page';
import { messageSerializer } from './serialize';
import { strictUserAccessFor } from '../accounts/user-access';

/** The most messages one request may ask for. */
const MAX_MESSAGES_PER_FETCH = 5000;

type Input = z.output<typeof GetMessagesParams>;
type Output = z.input<typeof GetMessagesResponse>;

const RANGE_PARAMETERS = [
  'num_before',
  'num_after',
  'anchor',
  'message_ids',
  'include_anchor',
  'use_first_unread_anchor',
];

function incompatibleParameters(): ApiFailure {
  const parameters = RANGE_PARAMETERS.join(', ');
  return badRequest(`Unsupported parameter combination: ${parameters}`, { parameters });
}

/** The viewer's flag lookup on one message (false without a copy). */
function flagsOf(state: MockState, viewer: UserRecord, messageId: number): FlagLookup {
  return (flag) => state.store.userMessages.hasFlag(viewer.id, messageId, flag);
}

/** A predicate on candidate IDs: the message exists and matches the narrow for the viewer. */
function matcher(state: MockState, viewer: UserRecord, narrow: CompiledNarrow): (id: number) => boolean {
  const { store } = state;
  // One flag lookup for every message tested, reading the one under test (tests run synchronously).
  let tested = 0;
  const hasFlag: FlagLookup = (flag) => store.userMessages.hasFlag(viewer.id, tested, flag);
  return (id) => {
    const message = store.tables.message.get(id);
    if (message === undefined) return false;
    tested = id;
    return narrow.matches(message, hasFlag);
  };
}

/** {@link matcher} limited to the candidates (their list may hold more). */
export function candidateMatcher(state: MockState, viewer: UserRecord, narrow: CompiledNarrow, candidates: Candidates): (id: number) => boolean {
  const matches = matcher(state, viewer, narrow);
  // The narrow usually refuses more messages than candidacy does: test it first.
  return (id) => matches(id) && candidates.contains(id);
}

/** The oldest unread matching message the viewer has a copy of, muted conversations left out. */
function firstUnreadId(state: MockState, viewer: UserRecord, narrow: CompiledNarrow, candidates: Candidates): number {
  for (const id of candidates.ids) {
    const message = state.store.tables.message.get(id);
    // Only the viewer's own copies can be unread (a channel's history may list others).
    if (!message || !candidates.contains(id) || !state.store.userMessages.has(viewer.id, id)) continue;
    const flags = flagsOf(state, viewer, id);
    if (flags('read') || isMutedFor(state, viewer, message, narrow.mutingScope)) continue;
    if (narrow.matches(message, flags)) return id;
  }
  return LARGER_THAN_MAX_MESSAGE_ID;
}


/** The anchor as a message ID: as requested, or computed against the narrow (`first_unread`). */
export function resolveAnchor(
  state: MockState,
  viewer: UserRecord,
  requested: RequestedAnchor,
  narrow: CompiledNarrow,
  candidates: Candidates,
): number {
  switch (requested.kind) {
    case 'id':
      return requested.id;
    case 'first_unread':
      return firstUnreadId(state, viewer, narrow, candidates);
  }
}

function serializePage(state: MockState, viewer: UserRecord, ids: readonly number[], narrow: CompiledNarrow, input: Input) {
  const options = {
    applyMarkdown: input.apply_markdown ?? true,
    allowEmptyTopicName: input.allow_empty_topic_name ?? false,
    clientGravatar: input.client_gravatar ?? true,
    canAccessSender: strictUserAccessFor(state, viewer),
  };
  const serialize = messageSerializer(state, viewer, options);
  const messages: ReturnType<typeof serialize>[] = [];
  for (const id of ids) {
    const message = state.store.tables.message.get(id);
    if (!message) continue;
    const serialized = serialize(message);
    messages.push(narrow.search ? { ...serialized, ...matchRecord(state, message, narrow.search) } : serialized);
  }
  return messages;
}

/** The requested messages the viewer may see that match the narrow, ascending. */
function fetchByIds(state: MockState, viewer: UserRecord, ids: readonly number[], narrow: CompiledNarrow, input: Input): Output {
  const candidates = selectCandidates(state, viewer, narrow);
  const matches = matcher(state, viewer, narrow);
  const firstVisible = state.realm.first_visible_message_id;
  const found = [...new Set(ids)].filter((id) => candidates.contains(id) && matches(id)).sort((a, b) => a - b);
  const visible = found.filter((id) => id >= firstVisible);
  return {
    messages: serializePage(state, viewer, visible, narrow, input),
    // The server drops the IDs below the first visible message without saying so here.
    history_limited: false,
    found_anchor: false,
    found_oldest: false,
    found_newest: false,
  };
}

/**
 * `GET /messages`, in the server's order of checks: parameter combination, anchor, narrow
 * cleaning (`with`, the empty topic's display name), the page size limit, the anchor exclusion
 * rule, then the narrow's own errors; then the page is selected from indexed candidates.
 */
export function getMessages(state: MockState, viewer: UserRecord, input: Input): Output {
  const rawTerms = parseNarrow(input.narrow ?? []);
  const numBefore = input.num_before ?? 0;
  const numAfter = input.num_after ?? 0;
  const useFirstUnread = input.use_first_unread_anchor ?? false;
  const messageIds = input.message_ids ?? undefined;
  if (messageIds !== undefined && (numBefore || numAfter || input.anchor !== undefined || useFirstUnread)) {
    throw incompatibleParameters();
  }
  const anchor =
    messageIds === undefined
      ? parseAnchor(input.anchor === undefined ? undefined : String(input.anchor), useFirstUnread)
      : undefined;
  const terms = resolveWithTerm(state, viewer, withEmptyTopicNames(state, rawTerms));
  const requested = messageIds === undefined ? numBefore + numAfter : messageIds.length;
  if (requested > MAX_MESSAGES_PER_FETCH) {
    throw badRequest(`Too many messages requested (maximum ${MAX_MESSAGES_PER_FETCH}).`);
  }
  const includeAnchor = messageIds === undefined ? (input.include_anchor ?? true) : false;
  if (numBefore > 0 && numAfter > 0 && !includeAnchor) {
    throw badRequest('The anchor can only be excluded at an end of the range');
  }
  const narrow = compileNarrow(state, viewer, terms);
  if (anchor === undefined) return fetchByIds(state, viewer, messageIds ?? [], narrow, input);
  const candidates = selectCandidates(state, viewer, narrow);
  const anchorId = resolveAnchor(state, viewer, anchor, narrow, candidates);
  const page = selectPage(candidates.ids, candidateMatcher(state, viewer, narrow, candidates), {
    anchor: anchorId,
    numBefore,
    numAfter,
    includeAnchor,
    firstVisibleId: state.realm.first_visible_message_id,
  });
  return {
    messages: serializePage(state, viewer, page.ids, narrow, input),
    anchor: anchorId,
    found_anchor: page.foundAnchor,
    found_oldest: page.foundOldest,
    found_newest: page.foundNewest,
    history_limited: page.historyLimited,
  };
}
