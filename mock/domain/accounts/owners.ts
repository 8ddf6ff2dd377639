import { ROLE_VALUES } from '../../../src/contract/endpoint';
import type { UserRecord } from '../../store/store';
import type { MockState } from '../state';

/** Whether the user is the realm's only active human owner. */
export function isOnlyOwner(state: MockState, user: UserRecord): boolean {
  if (user.role !== ROLE_VALUES.owner) return false;
  return !state.store.tables.user
    .all()
    .some((other) => other.id !== user.id && other.is_active && !other.is_bot && other.role === ROLE_VALUES.owner);
}
