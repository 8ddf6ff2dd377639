import { ApiFailure } from '../errors';
import { LEVEL } from '../feature-levels';
import type { MockState } from '../state';

/**
 * The refusal of the empty topic in a channel whose topics policy disables it (the server's
 * `MessagesNotAllowedInEmptyTopicError`, naming the empty topic in `empty_topic_display_name`).
 * Before level 392 the organization-wide setting's message, which the edit path ended with a
 * full stop and the send path did not.
 */
export function emptyTopicNotAllowed(state: MockState, path: 'send' | 'edit'): ApiFailure {
  const name = state.realm.empty_topic_display_name;
  if (state.featureLevel < LEVEL.topicsPolicy) {
    return new ApiFailure(`Topics are required in this organization${path === 'edit' ? '.' : ''}`);
  }
  return new ApiFailure(`Sending messages to the ${name} is not allowed in this channel.`, 'BAD_REQUEST', 400, {
    empty_topic_display_name: name,
  });
}

/** The refusal of a named topic in a "general chat" channel (the server's `TopicsNotAllowedError`). */
export function namedTopicNotAllowed(state: MockState): ApiFailure {
  const name = state.realm.empty_topic_display_name;
  return new ApiFailure(`Only the ${name} topic is allowed in this channel.`, 'BAD_REQUEST', 400, { empty_topic_display_name: name });
}
