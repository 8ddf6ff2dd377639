import { userObject } from '../accounts/user-object';
import { canSeeDeliveryEmail } from '../accounts/visibility';
import { avatarUrlForClient } from '../users';
import type { MockState } from '../state';
import type { RealmUserAdded, RealmUserUpdated } from './changes';
import type { EventQueue } from './queue';

/** `realm_user` `add`: the new user as the queue's user may see them (with `profile_data` for humans). */
export function renderRealmUserAddEvent(state: MockState, queue: EventQueue, change: RealmUserAdded) {
  const viewer = state.store.tables.user.get(queue.userId);
  const target = state.store.tables.user.get(change.userId);
  if (!viewer || !target) return undefined;
  const person = userObject(state, viewer, target, {
    clientGravatar: queue.options.clientGravatar,
    includeCustomProfileFields: true,
  });
  return { type: 'realm_user', op: 'add', person };
}

/** `realm_user` `update`: one changed property; a new real address only to those who may see it. */
export function renderRealmUserUpdateEvent(state: MockState, queue: EventQueue, change: RealmUserUpdated) {
  if ('delivery_email' in change.person) {
    const viewer = state.store.tables.user.get(queue.userId);
    const target = state.store.tables.user.get(change.userId);
    if (!viewer || !target || !canSeeDeliveryEmail(viewer, target)) return undefined;
  }
  if ('avatar_url' in change.person) {
    const target = state.store.tables.user.get(change.userId);
    if (!target) return undefined;
    // Each queue gets the avatar as its `client_gravatar` shows it.
    const url = avatarUrlForClient(state, target, queue.options.clientGravatar);
    const medium = avatarUrlForClient(state, target, queue.options.clientGravatar, { medium: true });
    return { type: 'realm_user', op: 'update', person: { ...change.person, avatar_url: url, avatar_url_medium: medium, user_id: change.userId } };
  }
  return { type: 'realm_user', op: 'update', person: { user_id: change.userId, ...change.person } };
}
