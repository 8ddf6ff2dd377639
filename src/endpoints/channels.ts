import { defineEndpoint } from '../contract/endpoint';
import {
  CAN_SEND_MESSAGE_GROUP,
  NEWER_CHANNEL_PERMISSIONS,
  NEWER_CHANNEL_SETTINGS,
  REMOVE_SUBSCRIBERS_GROUP_CHANGE_FORMS,
  RENAMED_REMOVE_SUBSCRIBERS_GROUP,
} from '../contract/requirements';
import {
  GetChannelEmailAddressParams,
  GetChannelEmailAddressResponse,
  ChannelIdParams,
  EmptyChannelResponse,
  GetChannelIdParams,
  GetChannelIdResponse,
  GetChannelResponse,
  GetChannelsParams,
  GetChannelsResponse,
  GetSubscribersResponse,
  UpdateChannelParams,
} from '../schemas/channel';
import { CreateChannelParams, CreateChannelResponse } from '../schemas/channel-create';

/** `GET /streams`: the channels the caller may see, by the include_* filters. */
export const getChannels = defineEndpoint({
  id: 'get-streams',
  method: 'GET',
  path: '/streams',
  params: GetChannelsParams,
  response: GetChannelsResponse,
  access: { auth: 'api_key' },
  retrySafe: true,
  featureLevel: 1,
  requires: [
    { param: 'exclude_archived', since: 315 },
    { param: 'include_all', since: 356 },
    { param: 'include_can_access_content', since: 356 },
  ],
});

/** `GET /streams/{stream_id}`: one channel. */
export const getChannel = defineEndpoint({
  id: 'get-stream-by-id',
  method: 'GET',
  path: '/streams/{stream_id}',
  params: ChannelIdParams,
  response: GetChannelResponse,
  access: { auth: 'api_key' },
  retrySafe: true,
  featureLevel: 132,
});

/** `GET /streams/{stream_id}/email_address`: the address that posts to the channel by email. */
export const getChannelEmailAddress = defineEndpoint({
  id: 'get-stream-email-address',
  method: 'GET',
  path: '/streams/{stream_id}/email_address',
  params: GetChannelEmailAddressParams,
  response: GetChannelEmailAddressResponse,
  access: { auth: 'api_key' },
  retrySafe: true,
  featureLevel: 226,
  requires: [{ param: 'sender_id', since: 335 }],
});

/** `GET /get_stream_id`: a channel's ID from its name. */
export const getChannelId = defineEndpoint({
  id: 'get-stream-id',
  method: 'GET',
  path: '/get_stream_id',
  params: GetChannelIdParams,
  response: GetChannelIdResponse,
  access: { auth: 'api_key' },
  retrySafe: true,
  featureLevel: 1,
});

/** `GET /streams/{stream_id}/members`: a channel's subscribers. */
export const getSubscribers = defineEndpoint({
  id: 'get-subscribers',
  method: 'GET',
  path: '/streams/{stream_id}/members',
  params: ChannelIdParams,
  response: GetSubscribersResponse,
  access: { auth: 'api_key' },
  retrySafe: true,
  featureLevel: 1,
});

/** `PATCH /streams/{stream_id}`: change a channel's name, description, privacy or settings. */
export const updateChannel = defineEndpoint({
  id: 'update-stream',
  method: 'PATCH',
  path: '/streams/{stream_id}',
  params: UpdateChannelParams,
  response: EmptyChannelResponse,
  access: { auth: 'api_key' },
  retrySafe: true,
  featureLevel: 1,
  // The server reads it as `Json[str] | Json[int]`: `"unlimited"`, not `unlimited`.
  jsonStrings: ['message_retention_days'],
  requires: [
    CAN_SEND_MESSAGE_GROUP,
    ...NEWER_CHANNEL_SETTINGS,
    ...NEWER_CHANNEL_PERMISSIONS,
    ...REMOVE_SUBSCRIBERS_GROUP_CHANGE_FORMS,
    ...RENAMED_REMOVE_SUBSCRIBERS_GROUP,
    // Unarchiving (`is_archived: false`) is new in level 388; older servers ignore it.
    { param: 'is_archived', since: 388 },
    // Channel folders are new in level 389; older servers ignore `folder_id`.
    { param: 'folder_id', since: 389 },
  ],
});

/** `DELETE /streams/{stream_id}`: archive a channel. */
export const archiveChannel = defineEndpoint({
  id: 'archive-stream',
  method: 'DELETE',
  path: '/streams/{stream_id}',
  params: ChannelIdParams,
  response: EmptyChannelResponse,
  access: { auth: 'api_key' },
  retrySafe: true,
  featureLevel: 1,
  reportsIgnoredParameters: false,
});

/** `POST /default_streams`: make a public channel one that new users join (administrators). */
export const addDefaultChannel = defineEndpoint({
  id: 'add-default-stream',
  method: 'POST',
  path: '/default_streams',
  params: ChannelIdParams,
  response: EmptyChannelResponse,
  access: { auth: 'api_key', minRole: 'administrator' },
  retrySafe: true,
  featureLevel: 1,
});

/** `DELETE /default_streams`: new users no longer join the channel (administrators). */
export const removeDefaultChannel = defineEndpoint({
  id: 'remove-default-stream',
  method: 'DELETE',
  path: '/default_streams',
  params: ChannelIdParams,
  response: EmptyChannelResponse,
  access: { auth: 'api_key', minRole: 'administrator' },
  retrySafe: true,
  featureLevel: 1,
});

/**
 * `POST /channels/create` (feature level 417): create one channel and subscribe the given users
 * (older servers create channels through `POST /users/me/subscriptions` only).
 */
export const createChannel = defineEndpoint({
  id: 'create-channel',
  method: 'POST',
  path: '/channels/create',
  params: CreateChannelParams,
  response: CreateChannelResponse,
  access: { auth: 'api_key', nonGuestsOnly: true },
  retrySafe: false,
  featureLevel: 417,
  // The server reads these as JSON (`Json[str] | Json[int]`, `Json[TopicsPolicy]`): `"unlimited"`, not `unlimited`.
  jsonStrings: ['message_retention_days', 'topics_policy'],
});
