import type { topics } from '../../src/endpoints/index';
import { deleteTopic } from '../domain/topic-deletion';
import { channelTopics } from '../domain/topic-list';
import { updateMutedTopic, updateUserTopic } from '../domain/topic-preferences';
import type { Implementation } from '../http/operation';

/** Topic operations: visibility policies, the topic list, topic deletion. */
export const topicRoutes = {
  updateUserTopic: ({ state, user, params }) => {
    updateUserTopic(state, user, params);
    return {};
  },
  muteTopic: ({ state, user, params }) => {
    updateMutedTopic(state, user, params);
    return {};
  },
  getChannelTopics: ({ state, user, params }) => ({ topics: channelTopics(state, user, params) }),
  deleteTopic: ({ state, user, params }) => deleteTopic(state, user, params),
} satisfies { [Name in keyof typeof topics]: Implementation<(typeof topics)[Name]> };
