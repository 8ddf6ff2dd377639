import type { UserRecord } from '../../store/store';
import type { PresenceRow } from '../../store/presence';

/** Seconds within which a last active report still counts as active against the last connection. */
const ACTIVE_WINDOW_SECONDS = 70;

/** The legacy status of a row: active iff the last active report is near the last connection. */
export function legacyStatus(row: PresenceRow): { status: 'active' | 'idle'; timestamp: number } {
  const active = row.lastActive !== null && row.lastActive + ACTIVE_WINDOW_SECONDS >= row.lastConnected;
  return active ? { status: 'active', timestamp: row.lastActive ?? row.lastConnected } : { status: 'idle', timestamp: row.lastConnected };
}

/** The legacy entry, keyed by API email: the same data under `aggregated` and `website`. */
export function legacyEntry(row: PresenceRow) {
  const { status, timestamp } = legacyStatus(row);
  return {
    aggregated: { client: 'website', status, timestamp },
    website: { client: 'website', status, timestamp, pushable: false },
  };
}

/** The modern entry, keyed by user ID: the two times, the user's join date where unknown. */
export function modernEntry(row: PresenceRow, user: UserRecord) {
  const joined = Math.floor(user.date_joined / 1000);
  return { active_timestamp: row.lastActive ?? joined, idle_timestamp: row.lastConnected };
}
