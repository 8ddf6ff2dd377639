import { pythonStrip } from '../python-strip';
import type { UserRecord } from '../../store/store';
import { NO_SUCH_USER } from '../accounts/lookup';
import { isSystemBot } from '../accounts/visibility';
import { accessibleUserIds, canAccessUser, seesAllUsers } from '../accounts/user-access';
import { parsePythonInt } from '../python-int';
import { badRequest } from '../errors';
import type { MockState } from '../state';
import { OFFLINE_THRESHOLD_SECONDS } from './update';
import { legacyEntry, legacyStatus, modernEntry } from './format';

/** How long presence history reaches back by default. */
const DEFAULT_HISTORY_DAYS = 14;

/** Which rows and in what format a presence answer holds. */
export interface PresenceQuery {
  /** Keyed by user ID, in the modern format. */
  readonly slim: boolean;
  /** Only rows changed after this sequence number (when above 0). */
  readonly lastUpdateId?: number | undefined;
  /** Only users connected within this many days (0: none). */
  readonly historyDays?: number | null | undefined;
  /** Who asks: with the realm's `limitGuestPresence`, a limited guest gets only the users they may see. */
  readonly viewer?: UserRecord | undefined;
}

/**
 * The users whose presence the viewer may see, when limited: with the server's
 * `CAN_ACCESS_ALL_USERS_GROUP_LIMITS_PRESENCE`, a limited guest's `get_accessible_user_ids`.
 */
function presenceAccessFor(state: MockState, viewer: UserRecord | undefined): ReadonlySet<number> | undefined {
  if (!state.limitGuestPresence || !viewer || seesAllUsers(state, viewer)) return undefined;
  return accessibleUserIds(state, viewer, false);
}

type LegacyEntry = ReturnType<typeof legacyEntry>;
type ModernEntry = ReturnType<typeof modernEntry>;

/** The presence map: active humans connected within the history window, as the query asks. */
export function presenceMap(state: MockState, query: PresenceQuery): { presences: Record<string, LegacyEntry | ModernEntry>; lastUpdateId: number } {
  const now = state.clock.now() / 1000;
  const days = query.historyDays ?? DEFAULT_HISTORY_DAYS;
  const since = query.lastUpdateId ?? 0;
  const presences: Record<string, LegacyEntry | ModernEntry> = {};
  let lastUpdateId = -1;
  const accessible = presenceAccessFor(state, query.viewer);
  for (const [userId, row] of state.store.presences.entries()) {
    const user = state.store.tables.user.get(userId);
    if (!user || !user.is_active || user.is_bot || (accessible && !accessible.has(userId))) continue;
    if (days === 0) continue;
    // A client that already has data (last_update_id > 0) gets every later change, however old.
    if (since <= 0 && row.lastConnected < now - days * 86_400) continue;
    if (query.lastUpdateId !== undefined && row.updateId <= since) continue;
    presences[query.slim ? String(userId) : user.email] = query.slim ? modernEntry(row, user) : legacyEntry(row, user);
    lastUpdateId = Math.max(lastUpdateId, row.updateId);
  }
  return { presences, lastUpdateId: lastUpdateId === -1 && query.lastUpdateId !== undefined ? query.lastUpdateId : lastUpdateId };
}

/** `GET /realm/presence`: every user's legacy entry (that the viewer may see) and the server's time. */
export function realmPresence(state: MockState, viewer: UserRecord): { presences: Record<string, LegacyEntry>; server_timestamp: number } {
  const { presences } = presenceMap(state, { slim: false, viewer });
  return { presences: presences as Record<string, LegacyEntry>, server_timestamp: state.clock.now() / 1000 };
}

/**
 * The user `GET /users/{user_id_or_email}/presence` names, as the server finds them: text that
 * Python's `int()` reads is an ID (`+1004`, ` 1004 `), anything else the API `email` (the
 * placeholder address of a user who hides theirs, never their real one), in any case; only
 * active users of the realm, else "No such user".
 */
function activeUserByIdOrApiEmail(state: MockState, idOrEmail: string): UserRecord {
  const id = parsePythonInt(idOrEmail);
  const user = id !== undefined ? state.store.tables.user.get(id) : state.store.realmUserByApiEmail(pythonStrip(idOrEmail));
  if (!user || isSystemBot(user) || !user.is_active) throw badRequest(NO_SUCH_USER);
  return user;
}

/**
 * `GET /users/{user_id_or_email}/presence`: one active human's status, `offline` in the aggregate
 * once stale. With the realm's `limitGuestPresence`, `Insufficient permission` for a user a
 * limited guest may not see.
 */
export function userPresence(state: MockState, viewer: UserRecord, idOrEmail: string) {
  const target = activeUserByIdOrApiEmail(state, idOrEmail);
  if (target.is_bot) throw badRequest('Presence is not supported for bot users.');
  if (state.limitGuestPresence && !canAccessUser(state, viewer, target)) throw badRequest('Insufficient permission');
  const row = state.store.presences.get(target.id);
  if (!row) throw badRequest(`No presence data for ${idOrEmail}`);
  const { status, timestamp } = legacyStatus(row, target);
  // The server compares whole seconds (datetime_to_timestamp), so a user goes offline only once
  // 201 full seconds have passed.
  const stale = Math.floor(state.clock.now() / 1000) - timestamp > OFFLINE_THRESHOLD_SECONDS;
  return { aggregated: { status: stale ? 'offline' : status, timestamp }, website: { status, timestamp } };
}
