import type { ChannelRecord } from '../../../store/store';
import type { MockState } from '../../state';
import { isGuest } from '../../users';
import { storedFlagNames } from '../serialize';

/** Where an edited message was and is, for deciding who hears of the edit. */
export interface EditScope {
  readonly messageId: number;
  readonly from?: ChannelRecord | undefined;
  readonly to?: ChannelRecord | undefined;
  readonly usersLosingAccess: ReadonlySet<number>;
}

/**
 * Who the `update_message` event goes to, with their flags (the stored ones only: the server adds
 * no `wildcard_mentioned` here, unlike a fetch or a `message` event): every user with a copy of the
 * message, and, when the channel's history is shared with subscribers, the subscribers without
 * one (`["read"]`) — of the new channel and, after a channel move, of the old one too. Guests
 * who can see only the new channel are left out, as on the server.
 */
export function updateRecipients(state: MockState, scope: EditScope): Map<number, readonly string[]> {
  const { store } = state;
  const recipients = new Map<number, readonly string[]>();
  for (const userId of store.userMessages.recipientIds(scope.messageId)) {
    recipients.set(userId, storedFlagNames(store.userMessages.flags(userId, scope.messageId) ?? [], state.featureLevel));
  }
  const { from, to } = scope;
  if (!from || !to || !from.history_public_to_subscribers) return recipients;
  const moved = from.id !== to.id;
  const candidates = new Set(store.subscriberIds(to.id));
  if (moved) for (const userId of store.subscriberIds(from.id)) candidates.add(userId);
  for (const userId of candidates) {
    if (recipients.has(userId) || scope.usersLosingAccess.has(userId)) continue;
    const user = store.tables.user.get(userId);
    if (!user?.is_active) continue;
    if (moved && isGuest(user) && !store.isSubscribed(userId, from.id)) continue;
    recipients.set(userId, ['read']);
  }
  return recipients;
}
