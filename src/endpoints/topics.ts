import { defineEndpoint } from '../contract/endpoint';
import { ALLOW_EMPTY_TOPIC_NAME } from '../contract/requirements';
import {
  DeleteTopicParams,
  DeleteTopicResponse,
  GetChannelTopicsParams,
  GetChannelTopicsResponse,
  MuteTopicParams,
  UpdateUserTopicParams,
  UpdateUserTopicResponse,
} from '../schemas/topic';

/** `POST /user_topics`: set the caller's visibility policy for a channel topic. */
export const updateUserTopic = defineEndpoint({
  id: 'update-user-topic',
  method: 'POST',
  path: '/user_topics',
  params: UpdateUserTopicParams,
  response: UpdateUserTopicResponse,
  access: { auth: 'api_key' },
  retrySafe: true,
  featureLevel: 170,
});

/** `PATCH /users/me/subscriptions/muted_topics`: mute or unmute a topic (deprecated since feature level 170). */
export const muteTopic = defineEndpoint({
  id: 'mute-topic',
  method: 'PATCH',
  path: '/users/me/subscriptions/muted_topics',
  params: MuteTopicParams,
  response: UpdateUserTopicResponse,
  access: { auth: 'api_key' },
  retrySafe: true,
  featureLevel: 1,
});

/** `GET /users/me/{stream_id}/topics`: the topics of a channel the caller may read, newest first. */
export const getChannelTopics = defineEndpoint({
  id: 'get-stream-topics',
  method: 'GET',
  path: '/users/me/{stream_id}/topics',
  params: GetChannelTopicsParams,
  response: GetChannelTopicsResponse,
  access: { auth: 'api_key' },
  retrySafe: true,
  featureLevel: 1,
  requires: [ALLOW_EMPTY_TOPIC_NAME],
});

/** `POST /streams/{stream_id}/delete_topic`: delete every message of a topic (administrators). */
export const deleteTopic = defineEndpoint({
  id: 'delete-topic',
  method: 'POST',
  path: '/streams/{stream_id}/delete_topic',
  params: DeleteTopicParams,
  response: DeleteTopicResponse,
  access: { auth: 'api_key', minRole: 'administrator' },
  retrySafe: true,
  featureLevel: 1,
});
