import type { MockState } from './state';
import { VisibilityPolicy } from './user-topics';

/** One legacy muted topic: `[channel name, topic as stored, UNIX seconds when muted]`. */
export type MutedTopicEntry = [string, string, number];

/**
 * The user's muted topics in the legacy `muted_topics` form (register state and event), as the
 * server lists them: only the MUTED policy, channels that are not archived, topics as stored.
 */
export function mutedTopicsOf(state: MockState, userId: number): MutedTopicEntry[] {
  const { store } = state;
  return store.tables.userTopic.all().flatMap((record) => {
    if (record.user_id !== userId || record.visibility_policy !== VisibilityPolicy.MUTED) return [];
    const channel = store.tables.channel.get(record.channel_id);
    if (!channel || channel.is_archived) return [];
    return [[channel.name, record.topic_name, record.last_updated] satisfies MutedTopicEntry];
  });
}
