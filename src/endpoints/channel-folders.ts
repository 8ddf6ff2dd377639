import { defineEndpoint } from '../contract/endpoint';
import {
  ChannelFolderChangeResponse,
  CreateChannelFolderParams,
  CreateChannelFolderResponse,
  GetChannelFoldersParams,
  GetChannelFoldersResponse,
  ReorderChannelFoldersParams,
  UpdateChannelFolderParams,
} from '../schemas/channel-folder';

/** Creating and changing folders is for the organization's administrators (`require_realm_admin`). */
const administrators = { auth: 'api_key', minRole: 'administrator' } as const;

/** `GET /channel_folders`: the organization's channel folders, for every user. */
export const getChannelFolders = defineEndpoint({
  id: 'get-channel-folders',
  method: 'GET',
  path: '/channel_folders',
  params: GetChannelFoldersParams,
  response: GetChannelFoldersResponse,
  access: { auth: 'api_key' },
  retrySafe: true,
  featureLevel: 389,
});

/** `POST /channel_folders/create`: add a channel folder (administrators). */
export const createChannelFolder = defineEndpoint({
  id: 'create-channel-folder',
  method: 'POST',
  path: '/channel_folders/create',
  params: CreateChannelFolderParams,
  response: CreateChannelFolderResponse,
  access: administrators,
  retrySafe: false,
  featureLevel: 389,
});

/** `PATCH /channel_folders/{channel_folder_id}`: rename, describe, archive or unarchive a folder (administrators). */
export const updateChannelFolder = defineEndpoint({
  id: 'update-channel-folder',
  method: 'PATCH',
  path: '/channel_folders/{channel_folder_id}',
  params: UpdateChannelFolderParams,
  response: ChannelFolderChangeResponse,
  access: administrators,
  retrySafe: true,
  featureLevel: 389,
});

/** `PATCH /channel_folders`: put the folders in a new order (administrators; feature level 414). */
export const reorderChannelFolders = defineEndpoint({
  id: 'patch-channel-folders',
  method: 'PATCH',
  path: '/channel_folders',
  params: ReorderChannelFoldersParams,
  response: ChannelFolderChangeResponse,
  access: administrators,
  retrySafe: true,
  featureLevel: 414,
});
