import { ROLE_VALUES } from '../../../src/contract/endpoint';
import type { UserRecord } from '../../store/store';
import { badRequest, roleRequired } from '../errors';
import { applyProfileData } from '../profile-fields/values';
import type { MockState } from '../state';
import { apiEmailFor, EMAIL_VISIBLE_TO_EVERYONE } from '../users';
import { recordRoleGroupsChanged } from '../user-groups/membership-events';
import { isServerEmail } from '../server-email';
import { checkFullName } from './names';
import { isOnlyOwner } from './owners';

/** What `PATCH /users/{user_id}` may change. */
export interface UserChanges {
  readonly full_name?: string | undefined;
  readonly role?: number | undefined;
  readonly profile_data?: readonly { readonly id: number; readonly value: string | number[] | null }[] | undefined;
  readonly new_email?: string | undefined;
}

const ROLES = new Set<number>(Object.values(ROLE_VALUES));

function isAdministrator(user: UserRecord): boolean {
  return user.role <= ROLE_VALUES.administrator;
}

/** Checks a role change as the server does (the role exists; owners for the owner role, administrators otherwise). */
export function checkRole(state: MockState, actor: UserRecord, target: UserRecord, role: number): void {
  if (!ROLES.has(role)) throw badRequest('Invalid role: Value error, Not in the list of possible values');
  if (role === target.role) return;
  if ((role === ROLE_VALUES.owner || target.role === ROLE_VALUES.owner) && actor.role !== ROLE_VALUES.owner) {
    throw roleRequired('Must be an organization owner');
  }
  if (!isAdministrator(actor)) throw roleRequired('Must be an organization administrator');
  if (target.role === ROLE_VALUES.owner && isOnlyOwner(state, target)) {
    throw badRequest('The owner permission cannot be removed from the only organization owner.');
  }
}

function checkNewEmail(state: MockState, email: string): void {
  if (!isServerEmail(email)) throw badRequest('Invalid new email address.');
  if (state.store.userByDeliveryEmail(email)) throw badRequest('New email value error: Email is already in use.');
}

function record(state: MockState, userId: number, person: Record<string, unknown>): void {
  state.events.record({ kind: 'realm_user_updated', userId, person });
}

/**
 * `PATCH /users/{user_id}` and `PATCH /users/{email}`: an administrator (or the owner of a bot)
 * changes a user's name, role or address. Every check passes before anything changes; each
 * changed property is one `realm_user` update.
 */
export function updateUser(state: MockState, actor: UserRecord, target: UserRecord, changes: UserChanges): void {
  const ownsBot = target.is_bot && target.bot_owner_id === actor.id;
  if (changes.new_email !== undefined && !(actor.role === ROLE_VALUES.owner && actor.can_change_user_emails)) {
    throw badRequest('User not authorized to change user emails');
  }
  if (!isAdministrator(actor) && !ownsBot) throw badRequest('Insufficient permission');
  const trimmedName = changes.full_name?.trim();
  const fullName = trimmedName ? checkFullName(trimmedName) : undefined;
  if (changes.role !== undefined) checkRole(state, actor, target, changes.role);
  if (changes.new_email !== undefined) checkNewEmail(state, changes.new_email);
  const users = state.store.tables.user;
  if (changes.profile_data !== undefined) applyProfileData(state, actor, target, changes.profile_data);
  if (fullName !== undefined && fullName !== target.full_name) {
    users.update(target.id, { full_name: fullName });
    record(state, target.id, { full_name: fullName });
    if (target.is_bot) state.events.record({ kind: 'realm_bot_changed', botId: target.id, op: 'update', data: { full_name: fullName } });
  }
  if (changes.role !== undefined && changes.role !== target.role) {
    users.update(target.id, { role: changes.role });
    record(state, target.id, { role: changes.role });
    recordRoleGroupsChanged(state, target.id, target.role, changes.role);
  }
  if (changes.new_email !== undefined) {
    const email = apiEmailFor(state, target.id, changes.new_email, target.email_address_visibility);
    users.update(target.id, { delivery_email: changes.new_email, email });
    record(state, target.id, { delivery_email: changes.new_email });
    if (target.email_address_visibility === EMAIL_VISIBLE_TO_EVERYONE) record(state, target.id, { new_email: email });
  }
}
