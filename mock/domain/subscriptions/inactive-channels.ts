import { DAY_MS } from '../clock';
import { applyMessageRetention } from '../messages/retention';
import type { MockState } from '../state';
import { ACTIVE_CHANNEL_DAYS, hasMessageSince, setRecentlyActive } from './channel-activity';

const WEEK_MS = 7 * DAY_MS;
/** A Sunday, 05:00 UTC: the server's cron runs `update_channel_recently_active_status` then each week. */
const FIRST_RUN_MS = Date.UTC(1970, 0, 4, 5);

/** The job's first run strictly after `now` (milliseconds on the realm's clock). */
function nextRunAfter(now: number): number {
  return FIRST_RUN_MS + (Math.floor((now - FIRST_RUN_MS) / WEEK_MS) + 1) * WEEK_MS;
}

/**
 * The server's `update_stream_active_status_for_realm` as run at `at`: every channel still marked
 * recently active, archived ones too, that holds no message sent in the {@link ACTIVE_CHANNEL_DAYS}
 * days before `at` (however recently the channel was created) turns inactive, with a `stream`
 * `update` event of `is_recently_active` to the users who see the channel. A deactivated realm is
 * left alone.
 */
function markInactiveChannels(state: MockState, at: number): void {
  if (state.realm.deactivated) return;
  // Messages past their retention are gone before the job looks, as the mock deletes them at once.
  applyMessageRetention(state);
  const since = at - ACTIVE_CHANNEL_DAYS * DAY_MS;
  const idle = state.store.tables.channel
    .all()
    .filter((channel) => channel.is_recently_active && !hasMessageSince(state, channel.id, since))
    .sort((a, b) => a.id - b.id);
  for (const channel of idle) setRecentlyActive(state, channel, false);
}

function setActivityTimer(state: MockState, due: number): void {
  state.activityTimer.set(state.clock, due, () => {
    // Early when the clock was set back since: wait for the next run after the clock's time,
    // which may come sooner than the one missed.
    if (state.clock.now() < due) watchChannelActivity(state);
    else runActivityJob(state, due);
  });
}

function runActivityJob(state: MockState, at: number): void {
  markInactiveChannels(state, at);
  watchChannelActivity(state);
}

/**
 * Sets the realm's activity timer for the next run of the server's weekly job (Sundays at 05:00
 * UTC): a new realm, a reset or a restored one, and each run for the next.
 *
 * @example
 * watchChannelActivity(state); // after building or restoring a realm
 */
export function watchChannelActivity(state: MockState): void {
  setActivityTimer(state, nextRunAfter(state.clock.now()));
}

/**
 * Runs the weekly job when its time has passed without its timer firing (the default clock keeps
 * real-time timers: a move runs this, as a request does), before a request is answered and when the
 * default clock moves: two comparisons with the timer's moment,
 * no date arithmetic, when nothing is due. It runs once, as of the latest run time passed, for all
 * the weeks skipped: nothing was sent meanwhile, so the weekly runs would have marked the same
 * channels. When the clock was set back more than a week before the timer's run (so a run comes
 * sooner), the timer is set again for the next run after the clock's time.
 *
 * @example
 * markInactiveChannelsIfDue(state); // before each request is handled
 */
export function markInactiveChannelsIfDue(state: MockState): void {
  const now = state.clock.now();
  // A run time (every timer is set for one), or Infinity once cancelled.
  const due = state.activityTimer.due;
  if (now >= due) runActivityJob(state, nextRunAfter(now) - WEEK_MS);
  // The run before the timer's is still ahead: it, or an earlier one, is the next run after now.
  else if (now < due - WEEK_MS) watchChannelActivity(state);
}
