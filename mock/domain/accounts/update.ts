import { ROLE_VALUES } from '../../../src/contract/endpoint';
import type { UserRecord } from '../../store/store';
import { badRequest, roleRequired } from '../errors';
import { checkProfileData, storeProfileData } from '../profile-fields/values';
import type { MockState } from '../state';
import { apiEmailFor, EMAIL_VISIBLE_TO_EVERYONE } from '../users';
import { isServerEmail } from '../server-email';
import { pythonStrip } from '../python-strip';
import { addressInUseError } from './address-in-use';
import { recordAvatarChange } from './avatar-change';
import { checkFullName } from './names';
import { changeRole } from './role-change';
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

/** The server's check of a `role` parameter's value, made when the parameters are parsed (before any lookup). */
export function checkRoleValue(role: number | undefined): void {
  if (role !== undefined && !ROLES.has(role)) throw badRequest('Invalid role: Value error, Not in the list of possible values');
}

/** Checks a role change as the server does (the role exists; owners for the owner role, administrators otherwise). */
export function checkRole(state: MockState, actor: UserRecord, target: UserRecord, role: number): void {
  checkRoleValue(role);
  if (role === target.role) return;
  if ((role === ROLE_VALUES.owner || target.role === ROLE_VALUES.owner) && actor.role !== ROLE_VALUES.owner) {
    throw roleRequired('Must be an organization owner');
  }
  if (!isAdministrator(actor)) throw roleRequired('Must be an organization administrator');
  if (target.role === ROLE_VALUES.owner && isOnlyOwner(state, target)) {
    throw badRequest('The owner permission cannot be removed from the only organization owner.');
  }
}

/** The server's checks of a new address (`validate_email`, then `validate_email_not_already_in_realm`). */
function checkNewEmail(state: MockState, email: string): void {
  if (!isServerEmail(email)) throw badRequest('Invalid new email address.');
  const inUse = addressInUseError(state, email);
  if (inUse) throw badRequest(`New email value error: ${inUse}`);
}

function record(state: MockState, userId: number, person: Record<string, unknown>): void {
  state.events.record({ kind: 'realm_user_updated', userId, person });
}

/** `do_change_user_delivery_email`: the address, its Gravatar, and the API email when it is public. */
function changeDeliveryEmail(state: MockState, target: UserRecord, newEmail: string): void {
  const email = apiEmailFor(state, target.id, newEmail, target.email_address_visibility);
  const updated = state.store.tables.user.update(target.id, { delivery_email: newEmail, email });
  record(state, target.id, { delivery_email: newEmail });
  // The Gravatar is the MD5 of the address: it changed with it.
  recordAvatarChange(state, updated);
  if (target.email_address_visibility === EMAIL_VISIBLE_TO_EVERYONE) record(state, target.id, { new_email: email });
}

/** Where the two ways of updating a user differ. */
export interface UpdateRules {
  /** A bot's owner who is not an administrator may update the bot (the server's `can_admin_user`). */
  readonly botOwnersMay: boolean;
  /** A guest may not become an administrator or owner in one step. */
  readonly guestsStayBelowAdministrator: boolean;
}

/** `PATCH /users/{user_id}`, as the server's `update_user_backend` checks it. */
const BY_ID: UpdateRules = { botOwnersMay: true, guestsStayBelowAdministrator: false };

/**
 * `PATCH /users/{email}` as the specification describes it, where it differs from the server's
 * code: administrators only, and `BAD_REQUEST` "Guests cannot be organization administrators"
 * (the reference's example error for both routes) when a guest would become an administrator.
 */
export const BY_EMAIL: UpdateRules = { botOwnersMay: false, guestsStayBelowAdministrator: true };

/**
 * `PATCH /users/{user_id}` and `PATCH /users/{email}`: an administrator (or, by ID, the owner of a
 * bot) changes a user's name, role, custom profile fields or address; `rules` says which route. The caller's right to administer
 * the target first, then, in the server's order, the right to change addresses, the role, the
 * name, the profile fields and the new address; every check passes before anything changes. Each
 * changed property is one `realm_user` update, in the server's order: role, name, fields, address.
 */
export function updateUser(state: MockState, actor: UserRecord, target: UserRecord, changes: UserChanges, rules: UpdateRules = BY_ID): void {
  const ownsBot = rules.botOwnersMay && target.is_bot && target.bot_owner_id === actor.id;
  if (!isAdministrator(actor) && !ownsBot) throw badRequest('Insufficient permission');
  if (changes.new_email !== undefined && !(actor.role === ROLE_VALUES.owner && actor.can_change_user_emails)) {
    throw badRequest('User not authorized to change user emails');
  }
  const role = changes.role !== undefined && changes.role !== target.role ? changes.role : undefined;
  if (role !== undefined) checkRole(state, actor, target, role);
  if (role !== undefined && rules.guestsStayBelowAdministrator && target.role === ROLE_VALUES.guest && role <= ROLE_VALUES.administrator) {
    throw badRequest('Guests cannot be organization administrators');
  }
  const rawName = changes.full_name;
  const fullName = rawName !== undefined && rawName !== target.full_name && pythonStrip(rawName) !== '' ? checkFullName(rawName, { state, exceptUserId: target.id }) : undefined;
  const profileData = changes.profile_data === undefined ? undefined : checkProfileData(state, actor, changes.profile_data, 'remove');
  // The current address is no change; any other spelling of it is an address in use.
  const newEmail = changes.new_email !== undefined && changes.new_email !== target.delivery_email ? changes.new_email : undefined;
  if (newEmail !== undefined) checkNewEmail(state, newEmail);

  const users = state.store.tables.user;
  if (role !== undefined) changeRole(state, target, role);
  if (fullName !== undefined && fullName !== target.full_name) {
    users.update(target.id, { full_name: fullName });
    record(state, target.id, { full_name: fullName });
    if (target.is_bot) state.events.record({ kind: 'realm_bot_changed', botId: target.id, op: 'update', data: { full_name: fullName } });
  }
  if (profileData !== undefined) storeProfileData(state, target, profileData);
  if (newEmail !== undefined) changeDeliveryEmail(state, target, newEmail);
}
