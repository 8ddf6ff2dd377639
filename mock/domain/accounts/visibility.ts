import type { UserRecord } from '../../store/store';

/**
 * The least privileged role value that may see a real address under each
 * `email_address_visibility` value: 1 everyone, 2 members, 3 administrators, 4 nobody, 5 moderators.
 */
const LEAST_ROLE_SEEING: Readonly<Record<number, number>> = { 1: 600, 2: 400, 3: 200, 4: 0, 5: 300 };

/** Whether a role may see the real address of another user with this `email_address_visibility`. */
export function roleMaySeeAddress(role: number, visibility: number): boolean {
  return role <= (LEAST_ROLE_SEEING[visibility] ?? 0);
}

/** Whether the viewer may see the target's real address: their own, a bot's, or as the target's setting allows. */
export function canSeeDeliveryEmail(viewer: UserRecord, target: UserRecord): boolean {
  if (viewer.id === target.id || target.is_bot) return true;
  return roleMaySeeAddress(viewer.role, target.email_address_visibility);
}

/**
 * Whether a server below level 163 put the target's real address in the viewer's user object:
 * the viewer's own, else only under the organization's "administrators" (3) or "moderators" (5)
 * policy for those roles; under "everyone" the API address is the real one, and bots had no
 * exception (its `can_access_delivery_email`).
 */
export function olderServerShowsDeliveryEmail(viewer: UserRecord, target: UserRecord, realmVisibility: number): boolean {
  if (viewer.id === target.id) return true;
  return (realmVisibility === 3 || realmVisibility === 5) && roleMaySeeAddress(viewer.role, realmVisibility);
}

/** Whether a user is one of the server's cross-realm system bots, which the realm's user list leaves out. */
export function isSystemBot(user: UserRecord): boolean {
  return user.is_system_bot;
}
