import type { ReadonlyAscendingIdSet } from '../../store/ascending-id-set';
import type { ChannelRecord } from '../../store/store';
import { unixSeconds } from '../clock';
import { toTwoSignificantDigits } from '../python-round';
import type { MockState } from '../state';

const DAY_SECONDS = 86_400;

/**
 * The analytics job (`update_analytics_counts`) runs at minute 5 of every hour and counts each
 * UTC day once it has ended: until 00:05 the day before is not counted yet.
 */
const ANALYTICS_DELAY_SECONDS = 5 * 60;

/** Where a channel's count of messages in a window stood: valid while its index only grew and the window is the same. */
interface RecentCount {
  readonly version: number;
  readonly since: number;
  readonly until: number;
  readonly counted: number;
  readonly count: number;
}

const recentCounts = new WeakMap<ReadonlyAscendingIdSet, RecentCount>();

/** How many of a channel's messages were sent in `[since, until)`, counting only messages new since the last count. */
function messagesBetween(state: MockState, channel: ChannelRecord, since: number, until: number): number {
  const index = state.store.channelMessageIds(channel.id);
  const ids = index.ascending();
  const previous = recentCounts.get(index);
  const resume =
    previous && previous.version === index.version && previous.since === since && previous.until === until && previous.counted <= ids.length;
  let count = resume ? previous.count : 0;
  for (let position = resume ? previous.counted : 0; position < ids.length; position++) {
    const timestamp = state.store.tables.message.get(ids[position] ?? 0)?.timestamp ?? 0;
    if (timestamp >= since && timestamp < until) count += 1;
  }
  recentCounts.set(index, { version: index.version, since, until, counted: ids.length, count });
  return count;
}

/**
 * The server's estimate of messages per week: null for channels younger than a week, else the
 * messages its daily analytics counted in the last 28 days averaged per week (at least 1 when
 * there were any), to 2 significant digits. Those are the whole UTC days that ended within 28
 * days and that the analytics job has counted: today's messages are not among them.
 *
 * @example
 * weeklyTraffic(state, store.channelByName('Verona')!); // null, or e.g. 12 for about a dozen messages a week
 */
export function weeklyTraffic(state: MockState, channel: ChannelRecord): number | null {
  const now = unixSeconds(state.clock);
  const ageDays = Math.floor((now - channel.date_created) / DAY_SECONDS);
  if (ageDays < 7) return null;
  const startOfDay = (seconds: number) => Math.floor(seconds / DAY_SECONDS) * DAY_SECONDS;
  // Days whose count ends after now - 28 days: the first began 28 days before today began.
  const since = startOfDay(now) - 28 * DAY_SECONDS;
  const count = messagesBetween(state, channel, since, startOfDay(now - ANALYTICS_DELAY_SECONDS));
  const average = ageDays >= 28 ? Math.floor(count / 4) : Math.floor((count * 7) / ageDays);
  const atLeastOne = average === 0 && count > 0 ? 1 : average;
  return toTwoSignificantDigits(atLeastOne);
}
