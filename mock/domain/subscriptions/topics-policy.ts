import type { ChannelRecord, UserRecord } from '../../store/store';
import { badRequest } from '../errors';
import { hasLevel } from '../feature-levels';
import { REALM_GROUP_SETTINGS } from '../realm-config/realm-settings';
import { hasRealmPermission } from '../realm-permission';
import type { MockState } from '../state';
import { EMPTY_TOPIC_FALLBACK_NAME } from '../topics';
import { hasRole } from '../users';

/** Whether any message of the channel is in a topic other than the empty one (from the topic index). */
function hasNamedTopics(state: MockState, channel: ChannelRecord): boolean {
  for (const topic of state.store.channelTopicNamesLowerCased(channel.id)) if (topic !== '') return true;
  return false;
}

/**
 * Checks a new `topics_policy` for an existing channel as the server's `validate_topics_policy`:
 * `empty_topic_only` only when every message already is in the empty topic
 * (`CannotSetTopicsPolicyError`, with `empty_topic_display_name`).
 */
export function checkTopicsPolicy(state: MockState, channel: ChannelRecord, policy: string): void {
  if (policy !== 'empty_topic_only' || !hasNamedTopics(state, channel)) return;
  throw badRequest(
    `To enable this configuration, all messages in this channel must be in the ${EMPTY_TOPIC_FALLBACK_NAME} topic. Consider renaming or deleting other topics.`,
    { empty_topic_display_name: EMPTY_TOPIC_FALLBACK_NAME },
  );
}

/**
 * Refuses a `topics_policy` other than `inherit`, at creation or on a change, to a user who may
 * not set it (`can_set_topics_policy`): organization administrators always may, others only in
 * the organization's `can_set_topics_policy_group` (from the level that added it). The server
 * checks this before the policy's own rules.
 */
export function checkTopicsPolicyPermission(state: MockState, user: UserRecord, policy: string): void {
  if (policy === 'inherit' || !hasLevel(state, REALM_GROUP_SETTINGS.can_set_topics_policy_group.since)) return;
  if (hasRole(user, 'administrator') || hasRealmPermission(state, user, 'can_set_topics_policy_group')) return;
  throw badRequest('Insufficient permission');
}
