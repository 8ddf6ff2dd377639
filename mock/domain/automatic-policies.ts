import type { UserRecord } from '../store/store';
import type { MockState } from './state';
import { hasSetting } from './user-settings/catalog';
import { AutomaticPolicy } from './user-topics';

/*
 * A user's automatic follow and unmute settings as a server at the mock's level acts on them.
 * Before the settings existed (214, the changelog's; 235 for following where mentioned) the
 * server changed no topic's visibility by itself: sending, reacting, a submessage or a move
 * followed and unmuted nothing, as the settings' "never" (and false) do.
 */

/** The user's `automatically_follow_topics_policy`, "never" below 214. */
export function followPolicyOf(state: MockState, user: UserRecord): number {
  return hasSetting('automatically_follow_topics_policy', state.featureLevel) ? user.automatically_follow_topics_policy : AutomaticPolicy.NEVER;
}

/** The user's `automatically_unmute_topics_in_muted_streams_policy`, "never" below 214. */
export function unmutePolicyOf(state: MockState, user: UserRecord): number {
  return hasSetting('automatically_unmute_topics_in_muted_streams_policy', state.featureLevel)
    ? user.automatically_unmute_topics_in_muted_streams_policy
    : AutomaticPolicy.NEVER;
}

/** The user's `automatically_follow_topics_where_mentioned`, false below 235. */
export function followsWhereMentioned(state: MockState, user: UserRecord): boolean {
  return hasSetting('automatically_follow_topics_where_mentioned', state.featureLevel) && user.automatically_follow_topics_where_mentioned;
}
