import type { UserRecord } from '../../store/store';
import { badRequest } from '../errors';
import type { MockState } from '../state';
import { canSeeDeliveryEmail, isSystemBot } from './visibility';

/** The server's answer for a user that does not exist, or that the requester may not find. */
export const NO_SUCH_USER = 'No such user';

function realmUser(user: UserRecord | undefined): UserRecord | undefined {
  return user && !isSystemBot(user) ? user : undefined;
}

/** A user of the realm by ID (deactivated users and bots included), else "No such user". */
export function userByIdOrFail(state: MockState, id: number): UserRecord {
  const user = realmUser(state.store.tables.user.get(id));
  if (!user) throw badRequest(NO_SUCH_USER);
  return user;
}

/**
 * A user by address as `GET`/`PATCH /users/{email}` find them: the placeholder `user{id}@{realm
 * host}` names the ID; a real address matches (in any case) only a user whose address the
 * requester may see.
 */
export function userByEmailOrFail(state: MockState, viewer: UserRecord, email: string): UserRecord {
  const placeholder = /^user(\d+)@(.+)$/i.exec(email);
  if (placeholder && placeholder[2]?.toLowerCase() === state.realm.fake_email_domain.toLowerCase()) {
    return userByIdOrFail(state, Number(placeholder[1]));
  }
  const user = realmUser(state.store.userByDeliveryEmail(email));
  if (!user || !canSeeDeliveryEmail(viewer, user)) throw badRequest(NO_SUCH_USER);
  return user;
}
