import type { ApiFailure } from '../errors';
import { invitationFailed } from './invitation-failed';
import type { MockState } from '../state';

/** The server's `INVITES_DEFAULT_REALM_DAILY_MAX`: a realm's `max_invites` unless support raised it. */
const MAX_INVITES_PER_DAY = 100;

const DAY_SECONDS = 86_400;

/** The end of the UTC day holding a moment (the server's `ceiling_to_day`), UNIX seconds. */
function dayEnd(seconds: number): number {
  const start = Math.floor(seconds / DAY_SECONDS) * DAY_SECONDS;
  return start === seconds ? start : start + DAY_SECONDS;
}

/**
 * Invitation emails sent in the day buckets that end within the last 24 hours (the server's
 * `estimate_recent_invites`): today's and yesterday's, an upper bound of the last day's.
 */
function recentInvites(state: MockState): number {
  const since = state.clock.now() / 1000 - DAY_SECONDS;
  return state.store.tables.invitesSentDay
    .all()
    .filter((bucket) => bucket.day_end >= since)
    .reduce((sum, bucket) => sum + bucket.count, 0);
}

/** The failure the server answers when the daily limit would be passed. */
function dailyLimitReached(): ApiFailure {
  return invitationFailed(
    'To protect users, Zulip limits the number of invitations you can send in one day. Because you have reached the limit, no invitations were sent.',
    { dailyLimitReached: true },
  );
}

/**
 * The server's `check_invite_limit` for a self-hosted plan with open realm creation (the
 * development server the mock is): refused when the new invitations and the recent ones pass
 * the realm's daily maximum.
 */
export function checkInviteLimit(state: MockState, count: number): void {
  if (count + recentInvites(state) > MAX_INVITES_PER_DAY) throw dailyLimitReached();
}

/** Counts one invitation email sent now (`invites_sent::day`). */
export function countInviteSent(state: MockState): void {
  const end = dayEnd(Math.floor(state.clock.now() / 1000));
  const table = state.store.tables.invitesSentDay;
  const bucket = table.get(end);
  if (bucket) table.update(end, { count: bucket.count + 1 });
  else table.insert({ day_end: end, count: 1 });
}
