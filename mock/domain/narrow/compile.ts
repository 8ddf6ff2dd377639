import type { ChannelRecord, MessageRecord, UserRecord } from '../../store/store';
import type { MockState } from '../state';
import type { FlagLookup, NarrowContext } from './context';
import { type CompiledTerm, compileTerm, conversationKind, knowsTerm } from './operators';
import { hasLevel, LEVEL } from '../feature-levels';
import { matchesSearch, parseSearch, type SearchQuery } from './search';
import { badNarrow, type NarrowTerm } from './terms';

/** A narrow ready to test messages, with what candidate selection may use. */
export interface CompiledNarrow {
  readonly terms: readonly NarrowTerm[];
  /** Whether the message satisfies every term, for the viewer holding these flags. */
  matches(message: MessageRecord, hasFlag: FlagLookup): boolean;
  /** The full-text search of the `search` terms, if any. */
  readonly search: SearchQuery | undefined;
  /** The channel of the first non-negated `channel` term. */
  readonly channel: ChannelRecord | undefined;
  /** The channel of the first `channel` term, negated or not: the scope of `first_unread`'s muting. */
  readonly mutingScope: ChannelRecord | undefined;
  /** The topic of the first non-negated `topic` term. */
  readonly topic: string | undefined;
}

/** A negated term. */
class NegatedTerm implements CompiledTerm {
  constructor(readonly negated: CompiledTerm) {}

  test(message: MessageRecord, hasFlag: FlagLookup): boolean {
    return !this.negated.test(message, hasFlag);
  }
}

/** The narrow's `search` terms joined into one. */
class SearchTerm implements CompiledTerm {
  constructor(
    readonly state: MockState,
    readonly search: SearchQuery,
  ) {}

  test(message: MessageRecord): boolean {
    return matchesSearch(this.state, this.search, message);
  }
}

/** A compiled narrow as a class: compiling one per request makes no closure (under tsx each costs a property definition). */
class Narrow implements CompiledNarrow {
  constructor(
    readonly terms: readonly NarrowTerm[],
    readonly search: SearchQuery | undefined,
    readonly channel: ChannelRecord | undefined,
    readonly mutingScope: ChannelRecord | undefined,
    readonly topic: string | undefined,
    readonly tests: readonly CompiledTerm[],
  ) {}

  matches(message: MessageRecord, hasFlag: FlagLookup): boolean {
    for (const term of this.tests) if (!term.test(message, hasFlag)) return false;
    return true;
  }
}

/**
 * Refuses a narrow that asks for channel messages and direct messages at once (from level 233, in
 * the older words below 250), counting only the operators the realm's level knows: an unknown one
 * is refused first. Called with each term in order, `kinds` holding those of the terms before it.
 */
function checkConversationKind(state: MockState, term: NarrowTerm, kinds: Set<string>): void {
  if (!hasLevel(state, LEVEL.narrowConflictCheck)) return;
  const kind = knowsTerm(state, term) ? conversationKind(term) : undefined;
  if (!kind) return;
  kinds.add(kind);
  if (kinds.size > 1) {
    throw badNarrow(hasLevel(state, LEVEL.channelNarrows) ? 'No message can be both a channel message and direct message' : 'No message can be both a stream and a DM message');
  }
}

/**
 * Compiles a narrow for a viewer, term by term in order as the server's builder does (so the
 * first bad term is the one reported), with every `search` term joined into one search after
 * the others. Negation wraps a term's condition in NOT (except `search`, as on the server).
 */
export function compileNarrow(
  state: MockState,
  viewer: UserRecord,
  terms: readonly NarrowTerm[],
): CompiledNarrow {
  const context: NarrowContext = { state, viewer };
  const tests: CompiledTerm[] = [];
  const searchOperands: string[] = [];
  let channel: ChannelRecord | undefined;
  let mutingScope: ChannelRecord | undefined;
  let topic: string | undefined;
  const kinds = new Set<string>();
  for (const term of terms) {
    if (term.operator === 'search') {
      searchOperands.push(String(term.operand));
      continue;
    }
    checkConversationKind(state, term, kinds);
    const compiled = compileTerm(context, term);
    // `near` only anchors the web app's view: the server filters nothing by it, negated or not.
    if (term.operator === 'near') continue;
    tests.push(term.negated ? new NegatedTerm(compiled) : compiled);
    mutingScope ??= compiled.channel;
    if (!term.negated) {
      channel ??= compiled.channel;
      topic ??= compiled.topic;
    }
  }
  // The server joins the search terms into one new, non-negated term: negating a search does nothing.
  const search = searchOperands.length > 0 ? parseSearch(searchOperands) : undefined;
  if (search) tests.push(new SearchTerm(state, search));
  return new Narrow(terms, search, channel, mutingScope, topic, tests);
}
