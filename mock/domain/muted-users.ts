import type { UserRecord } from '../store/store';
import { unixSeconds } from './clock';
import { NO_SUCH_USER } from './accounts/lookup';
import { canAccessUser } from './accounts/user-access';
import { badRequest } from './errors';
import { hasLevel, LEVEL } from './feature-levels';
import type { MockState } from './state';

/** Whether `muterId` muted `mutedId`. */
export function hasMuted(state: MockState, muterId: number, mutedId: number): boolean {
  return state.store.mutedUsers.get(muterId)?.has(mutedId) ?? false;
}

/** The users who muted a sender (usually none, so most senders cost one size check). */
export function mutersOf(state: MockState, senderId: number): ReadonlySet<number> {
  if (state.store.mutedUsers.size === 0) return NO_ONE;
  return new Set([...state.store.mutedUsers].filter(([, muted]) => muted.has(senderId)).map(([muterId]) => muterId));
}

const NO_ONE: ReadonlySet<number> = new Set();

/**
 * A user who can be muted: any user of the realm, bots and deactivated users included, and the
 * system bots too, that the muter may see (the server's `access_user_by_id_including_cross_realm`:
 * else `Insufficient permission`, even for a deactivated user a limited guest no longer sees).
 * Before feature level 188, bots were refused as unknown users (`allow_bots=False`).
 */
function mutableUserOrFail(state: MockState, viewer: UserRecord, id: number): UserRecord {
  const user = state.store.tables.user.get(id);
  if (!user || (user.is_bot && !hasLevel(state, LEVEL.muteBots))) throw badRequest(NO_SUCH_USER);
  if (!canAccessUser(state, viewer, user)) throw badRequest('Insufficient permission');
  return user;
}

/** The register state `muted_users` (and the event's list): `{ id, timestamp }` in muting order. */
export function mutedUsersOf(state: MockState, userId: number): { id: number; timestamp: number }[] {
  return [...(state.store.mutedUsers.get(userId) ?? [])].map(([id, timestamp]) => ({ id, timestamp }));
}

function announce(state: MockState, user: UserRecord): void {
  state.events.record({ kind: 'muted_users_changed', userId: user.id });
}

/**
 * `POST /users/me/muted_users/{muted_user_id}`: mutes a user (bots and deactivated users too).
 * Every message they sent that the caller has not read becomes read (one `update_message_flags`
 * event), and their new messages arrive read; the caller's queues get the new list.
 */
export function muteUser(state: MockState, user: UserRecord, mutedId: number): void {
  if (mutedId === user.id) throw badRequest('Cannot mute self');
  mutableUserOrFail(state, user, mutedId);
  if (hasMuted(state, user.id, mutedId)) throw badRequest('User already muted');
  let muted = state.store.mutedUsers.get(user.id);
  if (!muted) {
    muted = new Map();
    state.store.mutedUsers.set(user.id, muted);
  }
  muted.set(mutedId, unixSeconds(state.clock));
  const copies = state.store.userMessages;
  const unread = copies
    .messageIdsWithFlag(user.id, 'read', false)
    .filter((id) => state.store.tables.message.get(id)?.sender_id === mutedId);
  for (const id of unread) copies.setFlag(user.id, id, 'read', true);
  if (unread.length > 0) {
    state.events.record({ kind: 'message_flags_changed', userId: user.id, op: 'add', flag: 'read', messageIds: unread, all: false });
  }
  announce(state, user);
}

/** `DELETE /users/me/muted_users/{muted_user_id}`: their messages stay read. */
export function unmuteUser(state: MockState, user: UserRecord, mutedId: number): void {
  mutableUserOrFail(state, user, mutedId);
  if (!state.store.mutedUsers.get(user.id)?.delete(mutedId)) throw badRequest('User is not muted');
  announce(state, user);
}
