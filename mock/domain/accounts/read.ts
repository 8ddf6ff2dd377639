import type * as z from 'zod/mini';
import type { User } from '../../../src/schemas/user';
import type { UserRecord } from '../../store/store';
import type { MockState } from '../state';
import { userByIdOrFail } from './lookup';
import { type UserObjectOptions, userObject } from './user-object';
import { isSystemBot } from './visibility';

/** The realm's users (bots and deactivated users included, system bots left out), by ascending ID. */
export function realmUsers(state: MockState): UserRecord[] {
  return state.store.tables.user
    .all()
    .filter((user) => !isSystemBot(user))
    .sort((a, b) => a.id - b.id);
}

/** `GET /users`: every user, or only `userIds` (an unknown one fails the request with "No such user"). */
export function listUsers(
  state: MockState,
  viewer: UserRecord,
  userIds: readonly number[] | undefined,
  options: UserObjectOptions,
): z.input<typeof User>[] {
  const users = userIds === undefined ? realmUsers(state) : userIds.map((id) => userByIdOrFail(state, id));
  return users.map((user) => userObject(state, viewer, user, options));
}

/**
 * `GET /users/me`: the caller's own object, with the deprecated `max_message_id`. The server
 * renders it with `client_gravatar` off and custom profile fields in (`profile_data`, humans).
 */
export function ownUser(state: MockState, user: UserRecord) {
  const own = userObject(state, user, user, { clientGravatar: false, includeCustomProfileFields: true });
  return { ...own, delivery_email: user.delivery_email, max_message_id: state.store.userMessages.maxMessageId(user.id) };
}
