import type { ChannelRecord, MessageRecord } from '../../store/store';
import type { MockState } from '../state';
import { eraseMessages, oldestChannelMessageId } from './remove';

const DAY_SECONDS = 24 * 60 * 60;

/** Days a channel's messages are kept: its own setting, else the organization's; -1 forever. */
export function retentionDaysOf(state: MockState, channel: ChannelRecord | undefined): number {
  return channel?.message_retention_days ?? state.realm.message_retention_days;
}

/** Per store: the channels that have a retention policy of their own, kept by a table listener. */
const channelsWithPolicy = new WeakMap<object, Set<number>>();

function channelsWithOwnPolicy(state: MockState): ReadonlySet<number> {
  let ids = channelsWithPolicy.get(state.store);
  if (!ids) {
    const tracked = new Set<number>();
    for (const channel of state.store.tables.channel.all()) if ((channel.message_retention_days ?? 0) > 0) tracked.add(channel.id);
    state.store.tables.channel.onChange((previous, next) => {
      if (previous) tracked.delete(previous.id);
      if (next && (next.message_retention_days ?? 0) > 0) tracked.add(next.id);
    });
    channelsWithPolicy.set(state.store, tracked);
    ids = tracked;
  }
  return ids;
}

/** What the last sweep of a realm's store saw: the clock, the policies and the message table. */
const lastSweeps = new WeakMap<object, string>();

function sweepKey(state: MockState, channels: readonly ChannelRecord[]): string {
  const policies = channels.map((channel) => `${channel.id}:${channel.message_retention_days}`).join(',');
  return `${Math.floor(state.clock.now() / 1000)}|${state.realm.message_retention_days}|${policies}|${state.store.tables.message.size}`;
}

function expired(state: MockState, message: MessageRecord, channels: ReadonlyMap<number, ChannelRecord>, now: number): boolean {
  const days = message.channel_id === null ? state.realm.message_retention_days : retentionDaysOf(state, channels.get(message.channel_id));
  return days > 0 && message.timestamp + days * DAY_SECONDS <= now;
}

/**
 * The server's message retention job, run whenever the mock is asked something: messages older
 * than their channel's `message_retention_days` (or the organization's, for channels that inherit
 * it and for direct messages) are deleted, with every copy, reaction and link to an upload, and
 * uploads no message links to any more go with them. As on the server, no events are sent: a
 * client learns of it when it fetches again.
 */
export function applyMessageRetention(state: MockState): void {
  if (state.realm.message_retention_days <= 0 && channelsWithOwnPolicy(state).size === 0) return;
  const channels = state.store.tables.channel.all();
  const key = sweepKey(state, channels);
  if (lastSweeps.get(state.store) === key) return;
  const byId = new Map(channels.map((channel) => [channel.id, channel]));
  const now = state.clock.now() / 1000;
  const doomed = state.store.tables.message.all().filter((message) => expired(state, message, byId, now));
  if (doomed.length > 0) {
    eraseMessages(
      state,
      doomed.map((message) => message.id),
    );
    for (const channelId of new Set(doomed.map((message) => message.channel_id))) {
      const channel = channelId === null ? undefined : state.store.tables.channel.get(channelId);
      if (channel) state.store.tables.channel.update(channel.id, { first_message_id: oldestChannelMessageId(state, channel.id) });
    }
  }
  lastSweeps.set(state.store, sweepKey(state, state.store.tables.channel.all()));
}
