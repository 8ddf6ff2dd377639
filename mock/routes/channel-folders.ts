import type { channelFolders } from '../../src/endpoints/index';
import { createChannelFolder, reorderChannelFolders, updateChannelFolder } from '../domain/channel-folders/operations';
import { listChannelFolders } from '../domain/channel-folders/read';
import type { Implementation } from '../http/operation';

/** Channel folders: decode → domain → payload. */
export const channelFolderRoutes = {
  getChannelFolders: ({ state, params }) => ({ channel_folders: listChannelFolders(state, params.include_archived === true) }),
  createChannelFolder: ({ state, user, params }) => ({
    channel_folder_id: createChannelFolder(state, user, params.name, params.description),
  }),
  updateChannelFolder: ({ state, user, params: { channel_folder_id, ...changes } }) => {
    updateChannelFolder(state, user, channel_folder_id, changes);
    return {};
  },
  reorderChannelFolders: ({ state, params }) => {
    reorderChannelFolders(state, params.order);
    return {};
  },
} satisfies { [Name in keyof typeof channelFolders]: Implementation<(typeof channelFolders)[Name]> };
