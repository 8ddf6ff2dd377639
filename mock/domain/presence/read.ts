import type { UserRecord } from '../../store/store';
import { NO_SUCH_USER, userByEmailOrFail, userByIdOrFail } from '../accounts/lookup';
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
  for (const [userId, row] of state.store.presences.entries()) {
    const user = state.store.tables.user.get(userId);
    if (!user || !user.is_active || user.is_bot) continue;
    if (days === 0) continue;
    // A client that already has data (last_update_id > 0) gets every later change, however old.
    if (since <= 0 && row.lastConnected < now - days * 86_400) continue;
    if (query.lastUpdateId !== undefined && row.updateId <= since) continue;
    presences[query.slim ? String(userId) : user.email] = query.slim ? modernEntry(row, user) : legacyEntry(row);
    lastUpdateId = Math.max(lastUpdateId, row.updateId);
  }
  return { presences, lastUpdateId: lastUpdateId === -1 && query.lastUpdateId !== undefined ? query.lastUpdateId : lastUpdateId };
}

/** `GET /realm/presence`: every user's legacy entry and the server's time. */
export function realmPresence(state: MockState): { presences: Record<string, LegacyEntry>; server_timestamp: number } {
  const { presences } = presenceMap(state, { slim: false });
  return { presences: presences as Record<string, LegacyEntry>, server_timestamp: state.clock.now() / 1000 };
}

/**
 * `GET /users/{user_id_or_email}/presence`: one active human's status, `offline` in the aggregate
 * once stale (a deactivated user is `No such user`, as the server looks up active users only).
 */
export function userPresence(state: MockState, viewer: UserRecord, idOrEmail: string) {
  const target = /^\d+$/.test(idOrEmail) ? userByIdOrFail(state, Number(idOrEmail)) : userByEmailOrFail(state, viewer, idOrEmail);
  if (!target.is_active) throw badRequest(NO_SUCH_USER);
  if (target.is_bot) throw badRequest('Presence is not supported for bot users.');
  const row = state.store.presences.get(target.id);
  if (!row) throw badRequest(`No presence data for ${idOrEmail}`);
  const { status, timestamp } = legacyStatus(row);
  const stale = state.clock.now() / 1000 - timestamp > OFFLINE_THRESHOLD_SECONDS;
  return { aggregated: { status: stale ? 'offline' : status, timestamp }, website: { status, timestamp } };
}
