import type { defaultChannelGroups } from '../../src/endpoints/index';
import {
  createDefaultChannelGroup,
  deleteDefaultChannelGroup,
  updateDefaultChannelGroup,
  updateDefaultChannelGroupChannels,
} from '../domain/default-channel-groups/operations';
import type { Implementation } from '../http/operation';

/** Default channel groups: decode → domain → payload. */
export const defaultChannelGroupRoutes = {
  createDefaultChannelGroup: ({ state, user, params }) => {
    createDefaultChannelGroup(state, user, params);
    return {};
  },
  updateDefaultChannelGroup: ({ state, params }) => {
    updateDefaultChannelGroup(state, params.group_id, params);
    return {};
  },
  updateDefaultChannelGroupChannels: ({ state, user, params }) => {
    updateDefaultChannelGroupChannels(state, user, params.group_id, params.op, params.stream_names);
    return {};
  },
  deleteDefaultChannelGroup: ({ state, params }) => {
    deleteDefaultChannelGroup(state, params.group_id);
    return {};
  },
} satisfies { [Name in keyof typeof defaultChannelGroups]: Implementation<(typeof defaultChannelGroups)[Name]> };
