import type { UserRecord } from '../../store/store';
import { badRequest } from '../errors';
import type { MockState } from '../state';

/** The users named by `principals` (emails or IDs), or `No such user` for one that is unknown or deactivated. */
export function resolvePrincipals(state: MockState, principals: readonly (string | number)[]): UserRecord[] {
  const users = new Map<number, UserRecord>();
  for (const principal of principals) {
    const user =
      typeof principal === 'number'
        ? state.store.tables.user.get(principal)
        : (state.store.userByApiEmail(principal.trim()) ?? state.store.userByDeliveryEmail(principal.trim()));
    if (!user || !user.is_active) throw badRequest('No such user');
    users.set(user.id, user);
  }
  return [...users.values()];
}
