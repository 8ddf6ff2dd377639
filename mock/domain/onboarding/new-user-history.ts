import type { ChannelRecord, UserRecord } from '../../store/store';
import type { MessageFlag } from '../../store/user-messages';
import { canAccessChannelHistory } from '../narrow/candidates';
import type { MockState } from '../state';

/** How many of the newest messages of a new user's channels they get a copy of (the server's `MAX_NUM_RECENT_MESSAGES`). */
const MAX_NUM_RECENT_MESSAGES = 1000;

/** How many of those copies, the newest, start unread (`MAX_NUM_RECENT_UNREAD_MESSAGES`). */
const MAX_NUM_RECENT_UNREAD_MESSAGES = 20;

const UNREAD_COPY: readonly MessageFlag[] = ['historical'];
const READ_COPY: readonly MessageFlag[] = ['read', 'historical'];

/** The newest `limit` IDs among ascending lists, ascending. */
function newestIds(lists: readonly (readonly number[])[], limit: number): number[] {
  const tails = lists.flatMap((ids) => ids.slice(-limit));
  return Array.from(Float64Array.from(tails).sort().slice(-limit));
}

/**
 * The server's `add_new_user_history`: a new user gets copies of the newest messages of the
 * channels they joined on creation whose whole history they may read (not private channels
 * without shared history), so their feed is not empty. Every copy is `historical`; all but the
 * newest twenty are also `read`. No time limit (the server dropped its twelve weeks in 2024,
 * with no feature level of its own) and no event: the user has no queue yet.
 *
 * The server's other branch, for realms created with onboarding messages (its
 * `OnboardingUserMessage`), never applies: the mock's realm has none.
 */
export function addNewUserHistory(state: MockState, user: UserRecord, channels: readonly ChannelRecord[]): void {
  const { store } = state;
  const readable = channels.filter((channel) => canAccessChannelHistory(state, user, channel));
  const recent = newestIds(
    readable.map((channel) => store.channelMessageIds(channel.id).ascending()),
    MAX_NUM_RECENT_MESSAGES,
  );
  const backfill = recent.filter((messageId) => !store.userMessages.has(user.id, messageId));
  const firstUnread = backfill.length - MAX_NUM_RECENT_UNREAD_MESSAGES;
  backfill.forEach((messageId, index) => store.userMessages.add(user.id, messageId, index < firstUnread ? READ_COPY : UNREAD_COPY));
}
