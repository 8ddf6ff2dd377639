import { ROLE_VALUES } from '../../../src/contract/endpoint';
import type { UserRecord } from '../../store/store';
import type { MockState } from '../state';
import { staticFileUrl } from '../static-files';
import { hasLevel, LEVEL } from '../feature-levels';

/** The name an inaccessible user goes by (`UserProfile.INACCESSIBLE_USER_NAME`). */
export const INACCESSIBLE_USER_NAME = 'Unknown user';

/** Whether the realm limits what guests see of other users (`can_access_all_users_group` is not `role:everyone`). */
export function guestsLimited(state: MockState): boolean {
  return state.realm.can_access_all_users_group !== state.realm.system_groups['role:everyone'];
}

/**
 * Whether the viewer sees every user (the server's `check_user_can_access_all_users`): everyone
 * but a guest of a realm that limits guests, the only value besides `role:everyone` being
 * `role:members`, which no guest is in.
 */
export function seesAllUsers(state: MockState, viewer: UserRecord): boolean {
  return viewer.role !== ROLE_VALUES.guest || !guestsLimited(state);
}

/**
 * The humans a limited guest may see (bots are always visible): themself, the subscribers of
 * their channels, and their direct message partners (the server's `get_accessible_user_ids`).
 * `listing` is how the user list decides (deactivated partners of group conversations count);
 * otherwise as one user's lookup and message senders decide (`check_can_access_user`,
 * `get_inaccessible_user_ids`): only active ones in a shared channel or group conversation.
 */
export function accessibleUserIds(state: MockState, viewer: UserRecord, listing: boolean): Set<number> {
  const { store } = state;
  const accessible = new Set<number>([viewer.id]);
  const isActive = (id: number) => store.tables.user.get(id)?.is_active === true;
  for (const subscription of store.subscriptionsOfUser(viewer.id)) {
    if (!subscription.active) continue;
    for (const id of store.subscriberIds(subscription.channel_id)) if (isActive(id)) accessible.add(id);
  }
  for (const id of store.directMessagePartners.oneToOnePartners(viewer.id)) accessible.add(id);
  for (const id of store.directMessagePartners.groupPartners(viewer.id)) if (listing || isActive(id)) accessible.add(id);
  return accessible;
}

/**
 * Whether the viewer may see the target (`check_can_access_user`): bots and everyone for most viewers.
 * A limited guest's test asks only about the target (the viewer's channels, then their conversations),
 * as events ask it once per queue.
 */
export function canAccessUser(state: MockState, viewer: UserRecord, target: UserRecord): boolean {
  if (target.is_bot || seesAllUsers(state, viewer) || target.id === viewer.id) return true;
  const { store } = state;
  if (store.directMessagePartners.hasOneToOne(viewer.id, target.id)) return true;
  if (!target.is_active) return false;
  if (store.directMessagePartners.sharesGroup(viewer.id, target.id)) return true;
  return store.subscriptionsOfUser(viewer.id).some((subscription) => subscription.active && store.isSubscribed(target.id, subscription.channel_id));
}

/**
 * A test for many targets at once, for one viewer: undefined when the viewer sees everyone.
 * `listing` as in {@link accessibleUserIds}.
 */
export function userAccessFor(state: MockState, viewer: UserRecord, listing: boolean): ((target: UserRecord) => boolean) | undefined {
  if (seesAllUsers(state, viewer)) return undefined;
  const accessible = accessibleUserIds(state, viewer, listing);
  return (target) => target.is_bot || accessible.has(target.id);
}

/** A user's placeholder address, `user{id}@{realm host}`. */
export function placeholderEmail(state: MockState, userId: number): string {
  return `user${userId}@${state.realm.fake_email_domain}`;
}

/** The avatar the server shows for an inaccessible user. */
export function inaccessibleUserAvatar(state: MockState): string {
  return staticFileUrl(state, 'images/unknown-user-avatar.png');
}

/**
 * What an inaccessible user's object says (the server's `get_data_for_inaccessible_user`): an
 * active member called "Unknown user", joined at the epoch, with the placeholder address (and,
 * from level 433, no imported stub).
 */
export function inaccessibleUserObject(state: MockState, userId: number) {
  const placeholder = {
    email: placeholderEmail(state, userId),
    user_id: userId,
    avatar_version: 1,
    is_admin: false,
    is_owner: false,
    is_guest: false,
    role: ROLE_VALUES.member,
    is_bot: false,
    full_name: INACCESSIBLE_USER_NAME,
    timezone: '',
    is_active: true,
    date_joined: '1970-01-01T00:00:00+00:00',
    delivery_email: null,
    avatar_url: inaccessibleUserAvatar(state),
    profile_data: {},
  };
  // The server's placeholder has carried it since the level that added it to every user object.
  return hasLevel(state, LEVEL.importedStubField) ? { ...placeholder, is_imported_stub: false } : placeholder;
}

/**
 * Whether a queue's user hears about changes to a user (the server sends them to
 * `get_user_ids_who_can_access_user`): whoever may see that user, as they stand when it changes.
 */
export function hearsAboutUser(state: MockState, viewerId: number, targetId: number): boolean {
  const viewer = state.store.tables.user.get(viewerId);
  const target = state.store.tables.user.get(targetId);
  return viewer !== undefined && target !== undefined && canAccessUser(state, viewer, target);
}

/**
 * Of these users, those the viewer may not see (the server's `get_inaccessible_user_ids`): humans
 * the viewer shares no channel or group conversation with (both active) and no one-to-one
 * conversation. Unlike {@link canAccessUser}, the viewer is not exempt: they see themself only
 * through a channel, a group conversation or a message to themself.
 */
export function inaccessibleUserIds(state: MockState, viewer: UserRecord, userIds: readonly number[]): Set<number> {
  const mayAccess = strictUserAccessFor(state, viewer);
  if (!mayAccess) return new Set();
  return new Set(
    userIds.filter((id) => {
      const user = state.store.tables.user.get(id);
      return user !== undefined && !mayAccess(user);
    }),
  );
}

/**
 * The test of {@link inaccessibleUserIds} for many targets at once, for one viewer (the messages
 * they read name their senders by it): undefined when the viewer sees everyone.
 */
export function strictUserAccessFor(state: MockState, viewer: UserRecord): ((target: UserRecord) => boolean) | undefined {
  if (seesAllUsers(state, viewer)) return undefined;
  const accessible = accessibleUserIds(state, viewer, false);
  if (!sharesAnything(state, viewer) && !state.store.directMessagePartners.hasOneToOne(viewer.id, viewer.id)) accessible.delete(viewer.id);
  return (target) => target.is_bot || accessible.has(target.id);
}

function sharesAnything(state: MockState, viewer: UserRecord): boolean {
  if (state.store.subscriptionsOfUser(viewer.id).some((subscription) => subscription.active)) return true;
  return state.store.directMessagePartners.inAnyGroup(viewer.id);
}
