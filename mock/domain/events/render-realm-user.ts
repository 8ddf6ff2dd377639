import { userObject } from '../accounts/user-object';
import { canSeeDeliveryEmail, roleMaySeeAddress } from '../accounts/visibility';
import type { MockState } from '../state';
import type { DeliveryEmailVisibilityChanged, RealmUserAccessChanged, RealmUserAdded, RealmUserUpdated } from './changes';
import { INACCESSIBLE_USER_NAME, accessibleUserIds, hearsAboutUser, inaccessibleUserObject, seesAllUsers } from '../accounts/user-access';
import type { EventQueue } from './queue';
import { renderUnseenDeactivation } from './render-unseen-deactivation';
import { hasLevel, LEVEL } from '../feature-levels';

/**
 * `realm_user` `add`: the new user as the queue's user may see them (with `profile_data` for
 * humans); a guest of a realm that limits guests gets a placeholder (a later `add` tells the
 * user when they share a channel), or nothing with `user_list_incomplete`. The server marks the
 * placeholder `inaccessible_user: true` internally and its event queue removes the mark before
 * delivery (`process_realm_user_add_event`), so no client sees it.
 */
export function renderRealmUserAddEvent(state: MockState, queue: EventQueue, change: RealmUserAdded) {
  const viewer = state.store.tables.user.get(queue.userId);
  const target = state.store.tables.user.get(change.userId);
  if (!viewer || !target) return undefined;
  if (!target.is_bot && !seesAllUsers(state, viewer)) {
    if (queue.options.capabilities.has('user_list_incomplete')) return undefined;
    return { type: 'realm_user', op: 'add', person: inaccessibleUserObject(state, target.id) };
  }
  // The server's `notify_created_user` sends the avatar URL whole, whatever the queue asked.
  const person = userObject(state, viewer, target, { clientGravatar: false, includeCustomProfileFields: true });
  return { type: 'realm_user', op: 'add', person };
}

/**
 * Whether the queue's user hears of the change: those who may see the user (a deactivation also
 * reaches a limited guest's group conversation partners, whom the server's
 * `send_events_for_user_deactivation` counts; a channel shared with a now inactive user does not).
 * Servers before level 303 told every active user of a reactivation.
 */
function hearsOfUpdate(state: MockState, queue: EventQueue, change: RealmUserUpdated): boolean {
  if (change.person.is_active === true && !hasLevel(state, LEVEL.deactivatedUsersOutOfGroups)) return true;
  if (change.person.is_active !== false) return hearsAboutUser(state, queue.userId, change.userId);
  const viewer = state.store.tables.user.get(queue.userId);
  const target = state.store.tables.user.get(change.userId);
  if (!viewer || !target) return false;
  return target.is_bot || seesAllUsers(state, viewer) || accessibleUserIds(state, viewer, true).has(target.id);
}

/** Whether the viewer is subscribed to one of the channels the user is (the server's `peer_stream_subscribers`). */
function sharesChannelWith(state: MockState, viewerId: number, userId: number): boolean {
  const { store } = state;
  return store.subscriptionsOfUser(userId).some((subscription) => subscription.active && store.isSubscribed(viewerId, subscription.channel_id));
}

/** What a guest who loses sight of a user is told (the server's `event_remove_user`). */
function realmUserRemoveEvent(userId: number) {
  return { type: 'realm_user', op: 'remove', person: { user_id: userId, full_name: INACCESSIBLE_USER_NAME } };
}

/**
 * `realm_user` `update`: one changed property, to those who may see the user; a new real address
 * only to those who may see it. A limited guest who may not see a deactivated user learns of it
 * through the groups and settings they leave ({@link renderUnseenDeactivation}), and, when they
 * saw the user only through a shared channel, which an inactive subscriber no longer makes, loses
 * sight of them with a `remove` after those (the server's `send_events_for_user_deactivation`).
 */
export function renderRealmUserUpdateEvents(state: MockState, queue: EventQueue, change: RealmUserUpdated) {
  if (hearsOfUpdate(state, queue, change)) {
    const event = renderRealmUserUpdateEvent(state, queue, change);
    return event ? [event] : [];
  }
  const target = state.store.tables.user.get(change.userId);
  if (change.person.is_active !== false || !target) return [];
  const lost = sharesChannelWith(state, queue.userId, target.id) ? [realmUserRemoveEvent(target.id)] : [];
  return [...renderUnseenDeactivation(state, queue, target), ...lost];
}

/**
 * A deactivation or reactivation as servers before level 222 sent it: `remove` with the user's ID
 * and name, and `add` of the whole user as `notify_created_user` renders a new one (without
 * profile field values, the avatar URL given), to every active user.
 */
function olderActivityEvent(state: MockState, queue: EventQueue, change: RealmUserUpdated) {
  const viewer = state.store.tables.user.get(queue.userId);
  const target = state.store.tables.user.get(change.userId);
  if (!viewer || !target) return undefined;
  if (change.person.is_active === false) return { type: 'realm_user', op: 'remove', person: { user_id: target.id, full_name: target.full_name } };
  const person = userObject(state, viewer, target, { clientGravatar: false });
  return { type: 'realm_user', op: 'add', person: target.is_bot ? person : { ...person, profile_data: {} } };
}

function renderRealmUserUpdateEvent(state: MockState, queue: EventQueue, change: RealmUserUpdated) {
  if ('is_active' in change.person && !hasLevel(state, LEVEL.userActivityUpdates)) return olderActivityEvent(state, queue, change);
  if ('delivery_email' in change.person) {
    const viewer = state.store.tables.user.get(queue.userId);
    const target = state.store.tables.user.get(change.userId);
    if (!viewer || !target || !canSeeDeliveryEmail(viewer, target)) return undefined;
  }
  return { type: 'realm_user', op: 'update', person: { user_id: change.userId, ...change.person } };
}

/**
 * The server's `send_delivery_email_update_events`: a `realm_user` update with the real address
 * for a viewer who may now see it, with `delivery_email: null` for one who no longer may, nothing
 * for the others (the user themself always sees it), and nothing to those who may not see the user.
 */
export function renderDeliveryEmailVisibilityEvent(state: MockState, queue: EventQueue, change: DeliveryEmailVisibilityChanged) {
  const viewer = state.store.tables.user.get(queue.userId);
  const target = state.store.tables.user.get(change.userId);
  if (!viewer || !target || viewer.id === target.id || !hearsAboutUser(state, viewer.id, target.id)) return undefined;
  const couldSee = roleMaySeeAddress(viewer.role, change.before);
  const maySee = roleMaySeeAddress(viewer.role, change.after);
  if (couldSee === maySee) return undefined;
  return { type: 'realm_user', op: 'update', person: { user_id: target.id, delivery_email: maySee ? target.delivery_email : null } };
}

/**
 * A limited guest gaining or losing sight of a user (the server's
 * `send_user_creation_events_on_adding_subscriptions` and
 * `send_user_remove_events_on_removing_subscriptions`): `add` with the user as a newly created one
 * (no profile fields, the avatar URL always given), `remove` with only the ID and "Unknown user".
 */
export function renderRealmUserAccessEvent(state: MockState, queue: EventQueue, change: RealmUserAccessChanged) {
  if (queue.userId !== change.viewerId) return undefined;
  if (change.op === 'remove') return realmUserRemoveEvent(change.userId);
  const viewer = state.store.tables.user.get(queue.userId);
  const target = state.store.tables.user.get(change.userId);
  if (!viewer || !target) return undefined;
  // The server's `notify_created_user` renders it without `client_gravatar`, whatever the queue asked.
  const person = userObject(state, viewer, target, { clientGravatar: false });
  return { type: 'realm_user', op: 'add', person: target.is_bot ? person : { ...person, profile_data: {} } };
}
