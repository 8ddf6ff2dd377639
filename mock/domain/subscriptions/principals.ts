import type { UserRecord } from '../../store/store';
import { isSystemBot } from '../accounts/visibility';
import { badRequest } from '../errors';
import type { MockState } from '../state';

/**
 * The users named by `principals` (emails or IDs), or `No such user` for one that is unknown or
 * deactivated. The server looks them up among the realm's users only: never a system bot.
 */
export function resolvePrincipals(state: MockState, principals: readonly (string | number)[]): UserRecord[] {
  const users = new Map<number, UserRecord>();
  for (const principal of principals) {
    const user =
      typeof principal === 'number'
        ? state.store.tables.user.get(principal)
        : (state.store.realmUserByApiEmail(principal.trim()) ?? state.store.userByDeliveryEmail(principal.trim()));
    if (!user || !user.is_active || isSystemBot(user)) throw badRequest('No such user');
    users.set(user.id, user);
  }
  return [...users.values()];
}
