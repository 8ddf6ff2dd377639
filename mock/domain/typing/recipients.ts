import type { UserRecord } from '../../store/store';
import { badRequest } from '../errors';
import type { MockState } from '../state';
import { userSettingsOf } from '../user-settings/operations';

/** The server sends no channel typing events for channels with more subscribers than this. */
export const MAX_CHANNEL_SIZE_FOR_TYPING = 100;

/** A channel's subscribers whose accounts are active. */
export function activeSubscriberIds(state: MockState, channelId: number): Set<number> {
  const ids = new Set<number>();
  for (const id of state.store.subscriberIds(channelId)) {
    if (state.store.tables.user.get(id)?.is_active) ids.add(id);
  }
  return ids;
}

/** The users among these who want typing notifications (`receives_typing_notifications`). */
export function wantingTypingNotifications(state: MockState, userIds: Iterable<number>): Set<number> {
  const wanting = new Set<number>();
  for (const id of userIds) {
    const user = state.store.tables.user.get(id);
    if (user && userSettingsOf(state, user).receives_typing_notifications) wanting.add(id);
  }
  return wanting;
}

/** Refuses a sender who turned off sending typing notifications of this kind, with the server's message. */
export function checkSendsTypingNotifications(state: MockState, sender: UserRecord, kind: 'direct' | 'channel'): void {
  const settings = userSettingsOf(state, sender);
  if (kind === 'channel' && !settings.send_stream_typing_notifications) {
    throw badRequest('User has disabled typing notifications for channel messages');
  }
  if (kind === 'direct' && !settings.send_private_typing_notifications) {
    throw badRequest('User has disabled typing notifications for direct messages');
  }
}
