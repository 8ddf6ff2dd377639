import type { ChannelRecord, MessageRecord } from '../../store/store';
import type { MockState } from '../state';
import { eraseMessages } from './remove';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Days a channel's messages are kept: its own setting, else the organization's; -1 forever. */
function retentionDaysOf(state: MockState, channel: ChannelRecord | undefined): number {
  return channel?.message_retention_days ?? state.realm.message_retention_days;
}

/**
 * Per store: the channels with a retention policy of their own, and what the last sweep left:
 * the earliest moment a remaining message expires (brought closer by each message sent or moved
 * since) and whether a channel changed since (a new policy), kept by table listeners.
 */
interface Sweeps {
  readonly channelsWithPolicy: Set<number>;
  changed: boolean;
  realmDays: number | undefined;
  nextExpiry: number;
}

const sweepsByStore = new WeakMap<object, Sweeps>();

function sweepsOf(state: MockState): Sweeps {
  let sweeps = sweepsByStore.get(state.store);
  if (!sweeps) {
    const tracked = new Set<number>();
    for (const channel of state.store.tables.channel.all()) if ((channel.message_retention_days ?? 0) > 0) tracked.add(channel.id);
    const created: Sweeps = { channelsWithPolicy: tracked, changed: true, realmDays: undefined, nextExpiry: Number.POSITIVE_INFINITY };
    state.store.tables.channel.onChange((previous, next) => {
      if (previous) tracked.delete(previous.id);
      if (next && (next.message_retention_days ?? 0) > 0) tracked.add(next.id);
      created.changed = true;
    });
    // A new or moved message only brings the next expiry closer: no need to look at the others.
    state.store.tables.message.onChange((_previous, next) => {
      const expiry = next && expiryOf(state, next, state.store.tables.channel);
      if (expiry !== undefined && expiry < created.nextExpiry) created.nextExpiry = expiry;
    });
    sweepsByStore.set(state.store, created);
    sweeps = created;
  }
  return sweeps;
}

/** When a message stops being kept (clock milliseconds), or undefined if it is kept forever. */
function expiryOf(state: MockState, message: MessageRecord, channels: { get(id: number): ChannelRecord | undefined }): number | undefined {
  const days = message.channel_id === null ? state.realm.message_retention_days : retentionDaysOf(state, channels.get(message.channel_id));
  return days > 0 ? message.sent_at_ms + days * DAY_MS : undefined;
}

/**
 * The server's message retention job, run whenever the mock is asked something: messages sent
 * before now minus their channel's `message_retention_days` (or the organization's, for channels
 * that inherit it and for direct messages) are deleted, with every copy, reaction and link to an
 * upload, and uploads no message links to any more go with them. As on the server, no events are
 * sent and a channel's `first_message_id` is left as it was (only deletions by users move it): a
 * client learns of the job's work when it fetches again.
 */
export function applyMessageRetention(state: MockState): void {
  const sweeps = sweepsOf(state);
  if (state.realm.message_retention_days <= 0 && sweeps.channelsWithPolicy.size === 0) return;
  const now = state.clock.now();
  if (!sweeps.changed && sweeps.realmDays === state.realm.message_retention_days && now <= sweeps.nextExpiry) return;
  const byId = new Map(state.store.tables.channel.all().map((channel) => [channel.id, channel]));
  const doomed: number[] = [];
  let nextExpiry = Number.POSITIVE_INFINITY;
  for (const message of state.store.tables.message.all()) {
    const expiry = expiryOf(state, message, byId);
    if (expiry === undefined) continue;
    // The server deletes what was sent strictly before the cut-off (`date_sent < now - days`).
    if (expiry < now) doomed.push(message.id);
    else nextExpiry = Math.min(nextExpiry, expiry);
  }
  if (doomed.length > 0) eraseMessages(state, doomed);
  sweeps.changed = false;
  sweeps.realmDays = state.realm.message_retention_days;
  sweeps.nextExpiry = nextExpiry;
}
