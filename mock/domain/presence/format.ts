import type { UserRecord } from '../../store/store';
import type { PresenceRow } from '../../store/presence';

/** Seconds within which a last active report still counts as active against the last connection. */
const ACTIVE_WINDOW_SECONDS = 70;

/** When the user joined, in whole UNIX seconds: the server's stand-in for a time never reported. */
function joinedSeconds(user: UserRecord): number {
  return Math.floor(user.date_joined / 1000);
}

/**
 * The legacy status of a row: active iff the last active report is near the last connection. A
 * user never reported active counts as last active when they joined (the server's default for
 * a missing time), so a fresh account's first idle report within 70 seconds of joining is
 * `active`, stamped with the join time.
 */
export function legacyStatus(row: PresenceRow, user: UserRecord): { status: 'active' | 'idle'; timestamp: number } {
  const lastActive = row.lastActive ?? joinedSeconds(user);
  return lastActive + ACTIVE_WINDOW_SECONDS >= row.lastConnected
    ? { status: 'active', timestamp: lastActive }
    : { status: 'idle', timestamp: row.lastConnected };
}

/** The legacy entry, keyed by API email: the same data under `aggregated` and `website`. */
export function legacyEntry(row: PresenceRow, user: UserRecord) {
  const { status, timestamp } = legacyStatus(row, user);
  return {
    aggregated: { client: 'website', status, timestamp },
    website: { client: 'website', status, timestamp, pushable: false },
  };
}

/** The modern entry, keyed by user ID: the two times, the user's join date where unknown. */
export function modernEntry(row: PresenceRow, user: UserRecord) {
  return { active_timestamp: row.lastActive ?? joinedSeconds(user), idle_timestamp: row.lastConnected };
}
