import { ROLE_VALUES } from '../../../src/contract/endpoint';
import type { UserRecord } from '../../store/store';
import { ApiFailure, badRequest, roleRequired } from '../errors';
import type { MockState } from '../state';
import { recordReactivation } from '../user-groups/membership-events';
import { NO_SUCH_USER } from './lookup';
import { isOnlyOwner } from './owners';
import { isSystemBot } from './visibility';
import { checkCreationPolicy, nameTaken } from '../bots/create';
import { BOT_TYPES } from '../bots/profile';
import { recordOwnerChange } from '../bots/owner-change';
import { userSettingsOf } from '../user-settings/operations';
import { expireInvitesOf } from '../invites/operations';
import { recordDeactivationPeerRemovals } from './deactivation-peers';

/**
 * Stores and announces a change of `is_active`. A bot reactivated by someone else while its owner
 * is deactivated passes to `newOwner` first, so that the new owner hears of the reactivation, and
 * the move is announced before the reactivation's channel and group events, as the server does.
 */
function setActive(state: MockState, user: UserRecord, active: boolean, newOwner?: UserRecord): void {
  // The server expires the invitations first; its invites_changed event precedes the realm_user one.
  if (!active) expireInvitesOf(state, user);
  const updated = state.store.tables.user.update(user.id, { is_active: active, ...(newOwner ? { bot_owner_id: newOwner.id } : {}) });
  if (!active) recordDeactivationPeerRemovals(state, updated);
  state.events.record({ kind: 'realm_user_updated', userId: user.id, person: { is_active: active } });
  // A reactivated human's consent to private data exports, which the user events do not carry.
  if (active && !user.is_bot) {
    state.events.record({ kind: 'export_consent_changed', userId: user.id, consented: userSettingsOf(state, updated).allow_private_data_export });
  }
  if (user.is_bot) state.events.record({ kind: 'realm_bot_changed', botId: user.id, op: 'update', data: { is_active: active } });
  if (newOwner) recordOwnerChange(state, updated, user.bot_owner_id);
  if (active) recordReactivation(state, updated);
}

/** Deactivates a user and, for a human, first the active bots they own (the server's order). */
export function deactivateAccount(state: MockState, user: UserRecord): void {
  if (!user.is_bot) {
    for (const bot of state.store.tables.user.all()) {
      if (bot.is_bot && bot.is_active && bot.bot_owner_id === user.id) setActive(state, bot, false);
    }
  }
  setActive(state, user, false);
}

/** The server's `can_admin_user`: administrators, and a bot's owner for that bot. */
function canAdminUser(actor: UserRecord, target: UserRecord): boolean {
  return actor.role <= ROLE_VALUES.administrator || (target.is_bot && target.bot_owner_id === actor.id);
}

/**
 * `DELETE /users/{user_id}`, in the server's order (`access_user_by_id` for an administrator):
 * humans only (a bot is "No such user"), not one already deactivated, then `Insufficient
 * permission` for anyone but an administrator; only owners deactivate owners, and never the only one.
 */
export function deactivateUser(state: MockState, actor: UserRecord, target: UserRecord): void {
  if (target.is_bot) throw badRequest(NO_SUCH_USER);
  if (!target.is_active) throw badRequest('User is deactivated');
  if (!canAdminUser(actor, target)) throw badRequest('Insufficient permission');
  if (target.role === ROLE_VALUES.owner && actor.role !== ROLE_VALUES.owner) throw roleRequired('Must be an organization owner');
  if (isOnlyOwner(state, target)) throw badRequest('Cannot deactivate the only organization owner');
  deactivateAccount(state, target);
}

function lastUserError(entity: 'organization owner' | 'user', isLastOwner: boolean): ApiFailure {
  return new ApiFailure(`Cannot deactivate the only ${entity}.`, 'CANNOT_DEACTIVATE_LAST_USER', 400, {
    entity,
    is_last_owner: isLastOwner,
  });
}

/** `DELETE /users/me`: not the realm's only active user (bots count), nor its only owner. */
export function deactivateOwnUser(state: MockState, user: UserRecord): void {
  const othersActive = state.store.tables.user.all().some((other) => other.id !== user.id && other.is_active && !isSystemBot(other));
  if (!othersActive) throw lastUserError('user', false);
  if (isOnlyOwner(state, user)) throw lastUserError('organization owner', true);
  deactivateAccount(state, user);
}

/**
 * `POST /users/{user_id}/reactivate`: administrators reactivate anyone (owners too), a bot's
 * owner the bot; a bot only if its reactivator may create that kind of bot and no active user has
 * its name (itself included: an active bot cannot be reactivated). A bot whose owner is
 * deactivated passes to its reactivator. An active human is reactivated again, with every event.
 */
export function reactivateUser(state: MockState, actor: UserRecord, target: UserRecord): void {
  if (!canAdminUser(actor, target)) throw badRequest('Insufficient permission');
  if (target.is_bot) {
    checkCreationPolicy(state, actor, target.bot_type ?? BOT_TYPES.generic);
    if (nameTaken(state, target.full_name)) {
      throw badRequest(
        `There is already an active bot named "${target.full_name}" in this organization. To reactivate this bot, you must rename or deactivate the other one first.`,
      );
    }
  }
  const owner = target.is_bot && target.bot_owner_id !== null ? state.store.tables.user.get(target.bot_owner_id) : undefined;
  setActive(state, target, true, owner && !owner.is_active ? actor : undefined);
}
