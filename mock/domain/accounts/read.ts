import type * as z from 'zod/mini';
import type { User } from '../../../src/schemas/user';
import type { UserRecord } from '../../store/store';
import type { MockState } from '../state';
import { type UserObjectOptions, userObject } from './user-object';
import { isSystemBot } from './visibility';
import { badRequest } from '../errors';
import { canAccessUser, inaccessibleUserObject, userAccessFor } from './user-access';

/** The realm's users (bots and deactivated users included, system bots left out), by ascending ID. */
export function realmUsers(state: MockState): UserRecord[] {
  return state.store.tables.user
    .all()
    .filter((user) => !isSystemBot(user))
    .sort((a, b) => a.id - b.id);
}

/**
 * `GET /users`: every user, or only those of `userIds` (feature level 384). As on the server,
 * which selects them with `id__in`, IDs of no user of the realm are left out and a repeated ID
 * lists its user once, by ascending ID like the whole list. A guest of a realm that limits
 * guests gets the users they may not see as "Unknown user" placeholders, after the others.
 */
export function listUsers(
  state: MockState,
  viewer: UserRecord,
  userIds: readonly number[] | undefined,
  options: UserObjectOptions,
): z.input<typeof User>[] {
  const users = userIds === undefined ? realmUsers(state) : realmUsersAmong(state, userIds);
  const mayAccess = userAccessFor(state, viewer, true);
  if (!mayAccess) return users.map((user) => userObject(state, viewer, user, options));
  const accessible = users.filter(mayAccess).map((user) => userObject(state, viewer, user, options));
  return [...accessible, ...users.filter((user) => !mayAccess(user)).map((user) => inaccessibleUserObject(state, user.id))];
}

/** A user the viewer looks up (`GET /users/{user_id}`, `/users/{email}`), which a limited guest may not see: "Insufficient permission". */
export function accessibleUser(state: MockState, viewer: UserRecord, target: UserRecord): UserRecord {
  if (!canAccessUser(state, viewer, target)) throw badRequest('Insufficient permission');
  return target;
}

function realmUsersAmong(state: MockState, userIds: readonly number[]): UserRecord[] {
  return [...new Set(userIds)]
    .map((id) => state.store.tables.user.get(id))
    .filter((user): user is UserRecord => user !== undefined && !isSystemBot(user))
    .sort((a, b) => a.id - b.id);
}

/**
 * `GET /users/me`: the caller's own object, with the deprecated `max_message_id`. The server
 * renders it with `client_gravatar` off and custom profile fields in (`profile_data`, humans).
 */
export function ownUser(state: MockState, user: UserRecord) {
  const own = userObject(state, user, user, { clientGravatar: false, includeCustomProfileFields: true });
  return { ...own, delivery_email: user.delivery_email, max_message_id: state.store.userMessages.maxMessageId(user.id) };
}
