import { badRequest } from './errors';
import type { MockState } from './state';

/**
 * The server's bounds on how many days after deactivation an organization's data may be deleted
 * (`MIN_DEACTIVATED_REALM_DELETION_DAYS`, `MAX_DEACTIVATED_REALM_DELETION_DAYS`: its defaults),
 * reported by `POST /register` as `server_min/max_deactivated_realm_deletion_days`.
 */
export const DEACTIVATED_REALM_DELETION_DAYS: { readonly min: number | null; readonly max: number | null } = { min: 14, max: null };

/**
 * `POST /realm/deactivate`, as the server's `deactivate_realm` (the caller is an owner): the delay
 * before data deletion checked against the server's bounds (none: deletion is not scheduled), then
 * the realm deactivated, once. Every active user's queues get a `realm` `deactivated` event; from
 * then every API request fails with 401 `UNAUTHORIZED` "This organization has been deactivated" (a
 * login with `REALM_DEACTIVATED`). The deletion date is not
 * modelled: nothing in the API reads it.
 */
export function deactivateRealm(state: MockState, deletionDelayDays: number | null | undefined): void {
  const { min, max } = DEACTIVATED_REALM_DELETION_DAYS;
  const days = deletionDelayDays ?? null;
  if (max !== null && (days === null || days > max)) {
    throw badRequest(`Data deletion time must be at most ${max} days in the future.`);
  }
  if (min !== null && days !== null && days < min) {
    throw badRequest(`Data deletion time must be at least ${min} days in the future.`);
  }
  if (state.realm.deactivated) return;
  state.realm.deactivated = true;
  state.events.record({ kind: 'realm_changed', op: 'deactivated' });
}
