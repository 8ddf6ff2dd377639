import type { CallOptions } from '../transport/call-options';
import type { ApiCall } from '../transport/api-call';
import type { EndpointParams, EndpointResult } from '../contract/endpoint';
import { deleteTopic, getChannelTopics, muteTopic, updateUserTopic } from '../endpoints/topics';
import type { EndpointCaller } from './caller';

/**
 * Channel topics and the caller's preferences for them: `client.topics`.
 *
 * @example
 * const { topics } = await client.topics.list({ stream_id: channelId });
 */
export class TopicsResource {
  readonly #call: EndpointCaller;

  /** @internal */
  constructor(call: EndpointCaller) {
    this.#call = call;
  }

  /**
   * Lists the topics of a channel the caller may read, the most recently active first, each with
   * the ID of its latest message (`GET /users/me/{stream_id}/topics`). In a private channel with
   * protected history only the messages the caller received count.
   *
   * @example
   * const { topics } = await client.topics.list({ stream_id: channelId, allow_empty_topic_name: true });
   * for (const { name, max_id } of topics) console.log(name, max_id);
   */
  list(params: EndpointParams<typeof getChannelTopics>, options?: CallOptions): ApiCall<EndpointResult<typeof getChannelTopics>> {
    return this.#call(getChannelTopics, params, options);
  }

  /**
   * Deletes every message of a topic (`POST /streams/{stream_id}/delete_topic`; organization
   * administrators only). Repeat the call while `complete` is false.
   *
   * @example
   * // Servers below feature level 211 delete the whole topic at once and send no `complete`.
   * let done = false;
   * while (!done) done = (await client.topics.delete({ stream_id: channelId, topic_name: 'old plans' })).complete !== false;
   */
  delete(params: EndpointParams<typeof deleteTopic>, options?: CallOptions): ApiCall<EndpointResult<typeof deleteTopic>> {
    return this.#call(deleteTopic, params, options);
  }

  /**
   * Sets the caller's visibility policy for a channel topic (`POST /user_topics`): 0 none, 1 muted,
   * 2 unmuted, 3 followed (see `VisibilityPolicy`). The topic need not have any messages.
   *
   * @example
   * import { VisibilityPolicy } from 'teamchat-sdk';
   * await client.topics.updatePreferences({ stream_id: channelId, topic: 'lunch', visibility_policy: VisibilityPolicy.FOLLOWED });
   */
  updatePreferences(params: EndpointParams<typeof updateUserTopic>, options?: CallOptions): ApiCall<EndpointResult<typeof updateUserTopic>> {
    return this.#call(updateUserTopic, params, options);
  }

  /**
   * Mutes (`op: 'add'`) or unmutes (`op: 'remove'`) a topic with the deprecated
   * `PATCH /users/me/subscriptions/muted_topics`, naming the channel by `stream_id` or `stream`.
   * Prefer {@link TopicsResource.updatePreferences} on servers at feature level 170 or later.
   *
   * @example
   * await client.topics.muteLegacy({ stream: 'Denmark', topic: 'castle', op: 'add' });
   */
  muteLegacy(params: EndpointParams<typeof muteTopic>, options?: CallOptions): ApiCall<EndpointResult<typeof muteTopic>> {
    return this.#call(muteTopic, params, options);
  }
}
