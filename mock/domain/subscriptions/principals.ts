import type { UserRecord } from '../../store/store';
import { NO_SUCH_USER } from '../accounts/lookup';
import { isSystemBot } from '../accounts/visibility';
import { badRequest } from '../errors';
import { pythonStrip } from '../python-strip';
import type { MockState } from '../state';

function principalUser(state: MockState, principal: string | number): UserRecord | undefined {
  const user =
    typeof principal === 'number'
      ? state.store.tables.user.get(principal)
      : // By API email only (`bulk_access_users_by_email`): a hidden real address names no one.
        state.store.realmUserByApiEmail(pythonStrip(principal));
  // The Notification Bot belongs to the server's system realm, which principals never reach.
  return user && !isSystemBot(user) ? user : undefined;
}

/**
 * The users named by `principals` (emails or IDs), as the server's `bulk_access_users_by_*` finds
 * them: every one must be a user of the realm (`No such user`), then active (`User is
 * deactivated`). Bots are allowed.
 */
export function resolvePrincipals(state: MockState, principals: readonly (string | number)[]): UserRecord[] {
  const found = principals.map((principal) => principalUser(state, principal));
  if (found.some((user) => user === undefined)) throw badRequest(NO_SUCH_USER);
  const users = new Map<number, UserRecord>();
  for (const user of found) {
    if (!user) continue;
    if (!user.is_active) throw badRequest('User is deactivated');
    users.set(user.id, user);
  }
  return [...users.values()];
}

/**
 * Whether a subscribe request names anyone but the caller, as the server decides it: any entry
 * that is not the caller's user ID (an email, even the caller's own, counts as someone else).
 */
export function namesOthers(actor: UserRecord, principals: readonly (string | number)[] | undefined): boolean {
  return principals !== undefined && principals.some((principal) => principal !== actor.id);
}
