import type * as z from 'zod/mini';
import type { User } from '../../../src/schemas/user';
import type { UserRecord } from '../../store/store';
import type { MockState } from '../state';
import { type UserObjectOptions, userObject } from './user-object';
import { isSystemBot } from './visibility';

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
 * lists its user once, by ascending ID like the whole list.
 */
export function listUsers(
  state: MockState,
  viewer: UserRecord,
  userIds: readonly number[] | undefined,
  options: UserObjectOptions,
): z.input<typeof User>[] {
  const users = userIds === undefined ? realmUsers(state) : realmUsersAmong(state, userIds);
  return users.map((user) => userObject(state, viewer, user, options));
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
