import type { ChannelRecord, UserRecord } from '../../store/store';
import type { MockState } from '../state';
import { isGuest } from '../users';
import { hasGroupContentAccess, keepsReceivedCopies } from '../channel-access';
import type { CompiledNarrow } from './compile';
import { ascendingIds } from '../../store/ascending-id-set';

/** The message IDs a narrow can match, ascending, and whether they reach beyond the viewer's copies. */
export interface Candidates {
  /**
   * The candidate IDs, ascending (computed on first use). It may hold more than the candidates:
   * `contains` decides, so that a page is filtered as it is walked rather than as a whole.
   */
  readonly ids: readonly number[];
  /** Whether one message is a candidate, without listing them all. */
  contains(messageId: number): boolean;
  /** True when the IDs include channel history the viewer has no copy of (flagged read + historical). */
  readonly includesHistory: boolean;
}

/**
 * Whether the user may read a channel's whole history (the server's `can_access_stream_history`):
 * web-public channels, public ones for non-guests, and channels sharing their history with
 * whoever has content access (a subscription, or the channel's groups) while not archived: that
 * last check goes through the server's channel access, which refuses archived channels.
 */
export function canAccessChannelHistory(state: MockState, viewer: UserRecord, channel: ChannelRecord): boolean {
  if (channel.is_web_public) return true;
  if (!channel.history_public_to_subscribers) return false;
  if (!channel.invite_only && !isGuest(viewer)) return true;
  if (channel.is_archived) return false;
  return state.store.isSubscribed(viewer.id, channel.id) || hasGroupContentAccess(state, viewer, channel);
}

/**
 * Whether the server searches channel history rather than the viewer's own messages: a
 * non-negated `channel` term for a channel whose history they may read, or `channels:public` or
 * `channels:web-public` (not for guests), and no `is:` term other than `is:resolved` (those are
 * properties of a copy).
 */
function includesHistory(state: MockState, viewer: UserRecord, narrow: CompiledNarrow): boolean {
  let include = false;
  for (const term of narrow.terms) {
    // `is:` terms are properties of a copy (`is:resolved` aside), negated or not.
    if (term.operator === 'is' && term.operand !== 'resolved') return false;
    if (term.negated) continue;
    if ((term.operator === 'channel' || term.operator === 'stream') && narrow.channel) {
      include = canAccessChannelHistory(state, viewer, narrow.channel);
    } else if ((term.operator === 'channels' || term.operator === 'streams') && (term.operand === 'public' || term.operand === 'web-public')) {
      include ||= !isGuest(viewer);
    }
  }
  return include;
}

const ascending = (ids: Iterable<number>): number[] => Array.from(Float64Array.from(ids).sort());

/** The index a channel (and topic) term selects: never all messages. */
function channelIndex(state: MockState, channel: ChannelRecord, topic: string | undefined): ReadonlySet<number> {
  return topic === undefined ? state.store.channelMessageIds(channel.id) : state.store.topicMessageIds(channel.id, topic);
}

function hasPublicHistory(channel: ChannelRecord | undefined): boolean {
  return channel !== undefined && !channel.invite_only && channel.history_public_to_subscribers;
}

function lazily(compute: () => readonly number[]): () => readonly number[] {
  let ids: readonly number[] | undefined;
  return () => (ids ??= compute());
}

/** Candidates whose IDs are listed on first use (a class: an object literal with a getter is slow to make). */
class ListedCandidates implements Candidates {
  constructor(
    readonly list: () => readonly number[],
    readonly contains: (messageId: number) => boolean,
    readonly includesHistory: boolean,
  ) {}

  get ids(): readonly number[] {
    return this.list();
  }
}

/**
 * A channel's (or a topic's) indexed messages: all of them where the viewer may read the channel's
 * history, else the viewer's copies among them. A class: a history request makes no closure for
 * its most common narrows (under tsx each costs a property definition).
 */
class ChannelCandidates implements Candidates {
  #ids: readonly number[] | undefined;

  constructor(
    readonly state: MockState,
    readonly viewerId: number,
    readonly indexed: ReadonlySet<number>,
    readonly includesHistory: boolean,
  ) {}

  contains(messageId: number): boolean {
    return this.indexed.has(messageId) && (this.includesHistory || this.state.store.userMessages.has(this.viewerId, messageId));
  }

  get ids(): readonly number[] {
    // The index keeps its IDs ascending; only the viewer's own copies need picking out.
    this.#ids ??= this.includesHistory ? ascendingIds(this.indexed) : ascendingIds(this.indexed).filter((id) => this.contains(id));
    return this.#ids;
  }
}

function candidates(list: () => readonly number[], contains: (id: number) => boolean, history: boolean): Candidates {
  return new ListedCandidates(list, contains, history);
}

/**
 * A test of the viewer's received copies: direct messages, and channel messages in channels whose
 * copies still count for them (`keepsReceivedCopies`), decided once per channel met.
 */
export function receivedCopyFilter(state: MockState, viewer: UserRecord): (messageId: number) => boolean {
  const { store } = state;
  const keepsByChannel = new Map<number, boolean>();
  return (id) => {
    if (!store.userMessages.has(viewer.id, id)) return false;
    const channelId = store.tables.message.get(id)?.channel_id;
    if (channelId === null) return true;
    if (channelId === undefined) return false;
    let keeps = keepsByChannel.get(channelId);
    if (keeps === undefined) {
      const channel = store.tables.channel.get(channelId);
      keeps = channel !== undefined && keepsReceivedCopies(state, viewer, channel);
      keepsByChannel.set(channelId, keeps);
    }
    return keeps;
  };
}

/**
 * The candidates for a narrow, from indexes: a channel and topic use the topic's messages, a
 * channel its messages (the viewer's copies among them, unless the channel's history is open to
 * them), `channels:public` or `channels:web-public` the public channels' messages, anything
 * else the viewer's own copies. The narrow's test still decides which candidates match.
 */
export function selectCandidates(
  state: MockState,
  viewer: UserRecord,
  narrow: CompiledNarrow,
  allowHistory = true,
): Candidates {
  const { store } = state;
  const history = allowHistory && includesHistory(state, viewer, narrow);
  const channel = narrow.channel;
  if (channel) {
    if (!history && !keepsReceivedCopies(state, viewer, channel)) return candidates(() => [], () => false, false);
    return new ChannelCandidates(state, viewer.id, channelIndex(state, channel, narrow.topic), history);
  }
  if (history) {
    const publicIds = lazily(() =>
      ascending(
        store.tables.channel
          .all()
          .filter(hasPublicHistory)
          .flatMap((publicChannel) => [...store.channelMessageIds(publicChannel.id)]),
      ),
    );
    const contains = (id: number) => {
      const channelId = store.tables.message.get(id)?.channel_id;
      return channelId !== undefined && channelId !== null && hasPublicHistory(store.tables.channel.get(channelId));
    };
    return candidates(publicIds, contains, true);
  }
  const received = receivedCopyFilter(state, viewer);
  // The viewer's copies, some of which may be in channels they lost: `received` tells them apart.
  return candidates(lazily(() => [...store.userMessages.messageIds(viewer.id)]), received, false);
}
