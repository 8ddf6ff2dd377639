import type { channels } from '../../src/endpoints/index';
import { archiveChannel } from '../domain/subscriptions/archive';
import { createChannelByRequest } from '../domain/subscriptions/channel-create-request';
import { addDefaultChannel, removeDefaultChannel } from '../domain/subscriptions/default-channels';
import { getChannel, getChannelId, getSubscribers, listChannels } from '../domain/subscriptions/read';
import { updateChannel } from '../domain/subscriptions/update-channel';
import { channelEmailAddress } from '../domain/subscriptions/email-address';
import type { Implementation } from '../http/operation';

/** Channels: decode → domain → payload. */
export const channelRoutes = {
  getChannels: ({ state, user, params }) => ({ streams: listChannels(state, user, params) }),
  getChannel: ({ state, user, params }) => ({ stream: getChannel(state, user, params.stream_id) }),
  getChannelId: ({ state, user, params }) => ({ stream_id: getChannelId(state, user, params.stream) }),
  getChannelEmailAddress: ({ state, user, params }) => ({ email: channelEmailAddress(state, user, params.stream_id, params.sender_id) }),
  getSubscribers: ({ state, user, params }) => ({ subscribers: getSubscribers(state, user, params.stream_id) }),
  updateChannel: ({ state, user, params }) => {
    updateChannel(state, user, params.stream_id, params);
    return {};
  },
  createChannel: ({ state, user, params }) => ({ id: createChannelByRequest(state, user, params) }),
  archiveChannel: ({ state, user, params }) => {
    archiveChannel(state, user, params.stream_id);
    return {};
  },
  addDefaultChannel: ({ state, user, params }) => {
    addDefaultChannel(state, user, params.stream_id);
    return {};
  },
  removeDefaultChannel: ({ state, user, params }) => {
    removeDefaultChannel(state, user, params.stream_id);
    return {};
  },
} satisfies { [Name in keyof typeof channels]: Implementation<(typeof channels)[Name]> };
