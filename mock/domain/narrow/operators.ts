import type { ChannelRecord, MessageRecord, UserRecord } from '../../store/store';
import type { MessageFlag } from '../../store/user-messages';
import { VisibilityPolicy, visibilityPolicyOf } from '../user-topics';
import type { MessageTest, NarrowContext } from './context';
import { HAS_OPERANDS, type HasOperand, messageHas } from './has';
import { isMutedFor } from './muting';
import { pythonStrip } from '../python-strip';
import { badNarrow, type NarrowTerm } from './terms';
import { badRequest } from '../errors';
import { hasLevel, LEVEL } from '../feature-levels';

/** One term compiled: its test (called as a method), and what candidate selection may use of it. */
export interface CompiledTerm {
  readonly test: MessageTest;
  /** The channel a `channel` term resolved to. */
  readonly channel?: ChannelRecord;
  /** The topic of a `topic` term (lower-cased comparisons are the test's business). */
  readonly topic?: string;
}

type Operand = NarrowTerm['operand'];
/** Compiles a term's operand; `negated` only for operators the server does not simply negate. */
type Compiler = (context: NarrowContext, operand: Operand, negated: boolean) => CompiledTerm;

/** The largest message ID the server accepts in an `id` term. */
const MAX_POSSIBLE_MESSAGE_ID = 2_147_483_647;
const RESOLVED_PREFIX = '✔ ';

/** The operand as Python's `str()` writes it in the server's messages (`True`, `[1, 2]`). */
function operandText(operand: Operand): string {
  if (Array.isArray(operand)) return `[${operand.map((item: number | boolean) => operandText(item)).join(', ')}]`;
  if (typeof operand === 'boolean') return operand ? 'True' : 'False';
  return String(operand);
}

function channelFor(context: NarrowContext, operand: Operand): ChannelRecord {
  const { store } = context.state;
  // The server's name lookup strips the operand (Python's whitespace); the error quotes it as sent.
  const channel =
    typeof operand === 'string' ? store.channelByName(pythonStrip(operand)) : store.tables.channel.get(Number(operand));
  if (!channel) throw badNarrow(`unknown channel ${operandText(operand)}`);
  return channel;
}

/**
 * A user by API email, as the server's `get_user_including_cross_realm` finds one: a system bot by
 * the address exactly as given, else a user of the realm by the address stripped (Python's whitespace).
 */
function userByEmail(context: NarrowContext, email: string): UserRecord | undefined {
  const { store } = context.state;
  return store.systemBotByEmail(email) ?? store.realmUserByApiEmail(pythonStrip(email));
}

/** A user by API email or ID (the narrow's way of naming people). */
function userFor(context: NarrowContext, operand: Operand, prefix = 'unknown user '): UserRecord {
  const user =
    typeof operand === 'string' ? userByEmail(context, operand) : context.state.store.tables.user.get(Number(operand));
  if (!user) throw badNarrow(`${prefix}${operandText(operand)}`);
  return user;
}

const isDirect = (message: MessageRecord) => message.type === 'private';

/**
 * The `channel` and `topic` terms, the most common, as classes: compiling a narrow per request then
 * makes no closure (under tsx each one costs a property definition for its name).
 */
class ChannelTerm implements CompiledTerm {
  constructor(readonly channel: ChannelRecord) {}

  test(message: MessageRecord): boolean {
    return message.channel_id === this.channel.id;
  }
}

class TopicTerm implements CompiledTerm {
  readonly wanted: string;

  constructor(readonly topic: string) {
    this.wanted = topic.toLowerCase();
  }

  test(message: MessageRecord): boolean {
    return !isDirect(message) && message.topic.toLowerCase() === this.wanted;
  }
}

function byChannel(context: NarrowContext, operand: Operand): CompiledTerm {
  return new ChannelTerm(channelFor(context, operand));
}

function byChannels(context: NarrowContext, operand: Operand): CompiledTerm {
  const { tables } = context.state.store;
  if (operand === 'public') {
    return {
      test: (message) => {
        const channel = message.channel_id === null ? undefined : tables.channel.get(message.channel_id);
        return channel !== undefined && !channel.invite_only && channel.history_public_to_subscribers;
      },
    };
  }
  if (operand === 'web-public') {
    return {
      test: (message) =>
        message.channel_id !== null && (tables.channel.get(message.channel_id)?.is_web_public ?? false),
    };
  }
  throw badNarrow(`unknown channels operand ${operandText(operand)}`);
}

function byTopic(_context: NarrowContext, operand: Operand): CompiledTerm {
  return new TopicTerm(String(operand));
}

function bySender(context: NarrowContext, operand: Operand): CompiledTerm {
  const sender = userFor(context, operand);
  return { test: (message) => message.sender_id === sender.id };
}

function byId(_context: NarrowContext, operand: Operand): CompiledTerm {
  const text = operandText(operand);
  if (!/^\d+$/.test(text) || Number(text) > MAX_POSSIBLE_MESSAGE_ID) throw badNarrow('Invalid message ID');
  const id = Number(text);
  return { test: (message) => message.id === id };
}

function dmParticipants(context: NarrowContext, operand: Operand): UserRecord[] {
  const { store } = context.state;
  const users =
    typeof operand === 'string'
      ? operand.split(',').map((email) => userByEmail(context, email))
      : (operand as readonly (number | boolean)[]).map((id) => store.tables.user.get(Number(id)));
  if (users.length === 0 || users.some((user) => user === undefined)) {
    throw badNarrow(`unknown user in ${operandText(operand)}`);
  }
  return users as UserRecord[];
}

/** `dm`: exactly one conversation (1:1 both ways, a group, or the viewer's own). */
function byDm(context: NarrowContext, operand: Operand): CompiledTerm {
  // An empty list of IDs names no conversation: nothing matches (the server's `false()`).
  if (Array.isArray(operand) && operand.length === 0) return { test: () => false };
  const ids = new Set(dmParticipants(context, operand).map((user) => user.id)).add(context.viewer.id);
  const key = [...ids].sort((a, b) => a - b).join(',');
  return { test: (message) => isDirect(message) && message.dm_user_ids.join(',') === key };
}

/** `dm-including`: every conversation with that user (every direct message, for the viewer). */
function byDmIncluding(context: NarrowContext, operand: Operand): CompiledTerm {
  const user = userFor(context, operand);
  const viewer = context.viewer.id;
  if (user.id === viewer) return { test: isDirect };
  return {
    test: (message) =>
      isDirect(message) && message.dm_user_ids.includes(user.id) && message.dm_user_ids.includes(viewer),
  };
}

/** `group-pm-with` (deprecated): group conversations with that user. */
function byGroupPmWith(context: NarrowContext, operand: Operand): CompiledTerm {
  const user = userFor(context, operand);
  const viewer = context.viewer.id;
  return {
    test: (message) =>
      isDirect(message) &&
      message.dm_user_ids.length > 2 &&
      message.dm_user_ids.includes(user.id) &&
      message.dm_user_ids.includes(viewer),
  };
}

function byHas(context: NarrowContext, operand: Operand): CompiledTerm {
  const what = String(operand);
  const known = HAS_OPERANDS.has(what) && (what !== 'reaction' || hasLevel(context.state, LEVEL.hasReactionNarrow));
  if (!known) throw badNarrow(`unknown 'has' operand ${what}`);
  return { test: (message) => messageHas(context.state, message, what as HasOperand) };
}

function byIn(context: NarrowContext, operand: Operand, negated: boolean): CompiledTerm {
  // The server returns the query unchanged for `in:all`, so even `-in:all` matches everything.
  if (operand === 'all') return { test: () => !negated };
  if (operand !== 'home') throw badNarrow(`unknown 'in' operand ${operandText(operand)}`);
  // The server's `in:home` checks muting without looking at the narrow's other terms: a muted
  // channel stays muted even when the narrow names it.
  return { test: (message) => !isMutedFor(context.state, context.viewer, message) };
}

const flagTest =
  (...flags: MessageFlag[]): MessageTest =>
  (_message, hasFlag) =>
    flags.some(hasFlag);

function topicPolicy(context: NarrowContext, message: MessageRecord): number {
  if (message.channel_id === null) return VisibilityPolicy.INHERIT;
  return visibilityPolicyOf(context.state, context.viewer.id, message.channel_id, message.topic);
}

function isTest(context: NarrowContext, operand: string): MessageTest | undefined {
  switch (operand) {
    case 'dm':
    case 'private':
      return isDirect;
    case 'starred':
      return flagTest('starred');
    case 'unread':
      return (_message, hasFlag) => !hasFlag('read');
    case 'mentioned':
      return flagTest('mentioned', 'stream_wildcard_mentioned', 'topic_wildcard_mentioned');
    case 'alerted':
      return flagTest('has_alert_word');
    case 'resolved':
      return (message) => !isDirect(message) && message.topic.startsWith(RESOLVED_PREFIX);
    case 'followed':
      return (message) => topicPolicy(context, message) === VisibilityPolicy.FOLLOWED;
    case 'muted':
      return (message) => isMutedFor(context.state, context.viewer, message);
    default:
      return undefined;
  }
}

function byIs(context: NarrowContext, operand: Operand): CompiledTerm {
  const known = (operand !== 'dm' || hasLevel(context.state, LEVEL.dmNarrows)) && (operand !== 'followed' || hasLevel(context.state, LEVEL.followedNarrow));
  const test = known ? isTest(context, String(operand)) : undefined;
  if (!test) throw badNarrow(`unknown 'is' operand ${operandText(operand)}`);
  return { test };
}

/** The operators of the server's narrow builder (`search` and `with` are handled around it). */
const COMPILERS: Readonly<Record<string, Compiler>> = {
  channel: byChannel,
  stream: byChannel,
  channels: byChannels,
  streams: byChannels,
  topic: byTopic,
  sender: bySender,
  near: () => ({ test: () => true }),
  id: byId,
  dm: byDm,
  'pm-with': byDm,
  pm_with: byDm,
  'dm-including': byDmIncluding,
  'group-pm-with': byGroupPmWith,
  group_pm_with: byGroupPmWith,
  has: byHas,
  in: byIn,
  is: byIs,
};

/** Operators newer than some servers, by the level that brought them (the changelog's 177, 250 and 271). */
const OPERATOR_LEVELS: Readonly<Record<string, number>> = {
  channel: LEVEL.channelNarrows,
  channels: LEVEL.channelNarrows,
  dm: LEVEL.dmNarrows,
  'dm-including': LEVEL.dmNarrows,
  with: LEVEL.withNarrow,
};

/** Whether the realm's server knows the operator. */
function knowsOperator(context: Pick<NarrowContext, 'state'>, operator: string): boolean {
  if (!Object.hasOwn(COMPILERS, operator)) return false;
  return !Object.hasOwn(OPERATOR_LEVELS, operator) || hasLevel(context.state, OPERATOR_LEVELS[operator] ?? 0);
}

/** Whether the realm's server knows the term's operator (and, for `is:dm`, its operand). */
export function knowsTerm(state: NarrowContext['state'], term: NarrowTerm): boolean {
  const known = knowsOperator({ state }, term.operator);
  return known && !(term.operator === 'is' && term.operand === 'dm' && !hasLevel(state, LEVEL.dmNarrows));
}

/**
 * Compiles one term (not negated yet), or throws `BAD_NARROW` for an unknown operator or operand.
 * An operator newer than the realm's level is unknown; its operand was then read as any unknown
 * operator's, a string (in the wording of the level, see `LEVEL.narrowParameterModel`). (`with`, which
 * `GET /messages` resolves before this, is unknown here at every level.)
 */
export function compileTerm(context: NarrowContext, term: NarrowTerm): CompiledTerm {
  const compiler = knowsOperator(context, term.operator) ? COMPILERS[term.operator] : undefined;
  const newer = Object.hasOwn(OPERATOR_LEVELS, term.operator) && !hasLevel(context.state, OPERATOR_LEVELS[term.operator] ?? 0);
  if (!compiler && newer && typeof term.operand !== 'string') {
    throw badRequest(hasLevel(context.state, LEVEL.narrowParameterModel) ? 'operand is not a string' : 'elem["operand"] is not a string');
  }
  if (!compiler) throw badNarrow(`unknown operator ${term.operator}`);
  return compiler(context, term.operand, term.negated);
}

/**
 * Which conversations a term restricts the narrow to, as the server's builder records it: a
 * negated term restricts nothing, except `is:dm` (and `is:private`), which negated asks for
 * channel messages.
 */
export function conversationKind(term: NarrowTerm): 'channel' | 'direct' | undefined {
  if (term.operator === 'is' && (term.operand === 'dm' || term.operand === 'private')) return term.negated ? 'channel' : 'direct';
  if (term.negated) return undefined;
  if (['channel', 'stream', 'channels', 'streams', 'topic'].includes(term.operator)) return 'channel';
  if (['dm', 'pm-with', 'pm_with', 'dm-including', 'group-pm-with', 'group_pm_with'].includes(term.operator)) {
    return 'direct';
  }
  return undefined;
}
