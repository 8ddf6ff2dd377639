import { ascendingIds } from '../../store/ascending-id-set';
import type { ChannelRecord } from '../../store/store';
import { DAY_MS } from '../clock';
import { LEVEL, hasLevel } from '../feature-levels';
import type { MockState } from '../state';
import { metadataViewerIds } from './access';

/** How recent a channel's newest message must be for it to count as active (`Stream.LAST_ACTIVITY_DAYS_BEFORE_FOR_ACTIVE`). */
export const ACTIVE_CHANNEL_DAYS = 180;

/**
 * Sets a channel's `is_recently_active`, with the `stream` `update` event of it for the users who
 * may see the channel: what a send or a move into an inactive channel, and the weekly job, do.
 * Below feature level 323 the flag is kept but never told: that server had neither field nor event.
 *
 * @example
 * const channel = store.channelByName('Verona')!;
 * setRecentlyActive(state, channel, false); // the weekly job found no recent message
 */
export function setRecentlyActive(state: MockState, channel: ChannelRecord, value: boolean): void {
  const hadAccess = metadataViewerIds(state, channel);
  state.store.tables.channel.update(channel.id, { is_recently_active: value });
  if (!hasLevel(state, LEVEL.recentlyActiveChannels)) return;
  state.events.record({
    kind: 'channel_updated',
    channelId: channel.id,
    name: channel.name,
    property: 'is_recently_active',
    value,
    extra: {},
    hadAccess,
  });
}

/**
 * A message sent to an inactive channel makes it active again, with the `stream` `update` event of
 * `is_recently_active` for the users who may see the channel (the server's `do_send_messages`).
 *
 * @example
 * reactivateChannelOnSend(state, store.channelByName('Verona')); // the channel of a message just sent
 */
export function reactivateChannelOnSend(state: MockState, channel: ChannelRecord | undefined): void {
  if (channel && !channel.is_recently_active) setRecentlyActive(state, channel, true);
}

/**
 * Messages moved into an inactive channel make it active again when it now holds a message sent in
 * the last {@link ACTIVE_CHANNEL_DAYS} days; older messages leave it inactive (the server's
 * `do_update_message`). The channel moved out of is left to the weekly job (`inactive-channels.ts`).
 *
 * @example
 * reactivateChannelAfterMove(state, targetChannelId);
 */
export function reactivateChannelAfterMove(state: MockState, channelId: number): void {
  const channel = state.store.tables.channel.get(channelId);
  if (!channel || channel.is_recently_active) return;
  if (hasMessageSince(state, channelId, state.clock.now() - ACTIVE_CHANNEL_DAYS * DAY_MS)) setRecentlyActive(state, channel, true);
}

/**
 * Whether a channel holds a message sent at or after `since` (milliseconds on the realm's clock):
 * the server's test of recent activity, on the messages the channel holds now.
 *
 * @example
 * import { DAY_MS } from '../clock';
 * hasMessageSince(state, channelId, state.clock.now() - ACTIVE_CHANNEL_DAYS * DAY_MS);
 */
export function hasMessageSince(state: MockState, channelId: number, since: number): boolean {
  // Newest first: the recent message, when there is one, is among the last; where IDs ascend with
  // send times, the first older message ends the search.
  const ids = ascendingIds(state.store.channelMessageIds(channelId));
  for (let index = ids.length - 1; index >= 0; index--) {
    const message = state.store.tables.message.get(ids[index] ?? 0);
    if (!message) continue;
    if (message.sent_at_ms >= since) return true;
    if (state.store.sendOrder.sentNoEarlierThanLowerIds(message.id)) return false;
  }
  return false;
}
