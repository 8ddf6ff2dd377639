import { defineEndpoint } from '../contract/endpoint';
import {
  CreateDefaultChannelGroupParams,
  DefaultChannelGroupChangeResponse,
  DeleteDefaultChannelGroupParams,
  UpdateDefaultChannelGroupChannelsParams,
  UpdateDefaultChannelGroupParams,
} from '../schemas/default-channel-group';

// The reference OpenAPI file documents none of these; the server's own source does
// (zerver/views/streams.py and zerver/actions/default_streams.py), and every server routes them.
const administrators = { auth: 'api_key', minRole: 'administrator' } as const;

/** `POST /default_stream_groups/create`: a group of channels offered together to new users (administrators). */
export const createDefaultChannelGroup = defineEndpoint({
  id: 'create-default-stream-group',
  method: 'POST',
  path: '/default_stream_groups/create',
  params: CreateDefaultChannelGroupParams,
  response: DefaultChannelGroupChangeResponse,
  access: administrators,
  retrySafe: false,
  featureLevel: 1,
});

/** `PATCH /default_stream_groups/{group_id}`: rename a default channel group or change its description (administrators). */
export const updateDefaultChannelGroup = defineEndpoint({
  id: 'update-default-stream-group-info',
  method: 'PATCH',
  path: '/default_stream_groups/{group_id}',
  params: UpdateDefaultChannelGroupParams,
  response: DefaultChannelGroupChangeResponse,
  access: administrators,
  retrySafe: false,
  featureLevel: 1,
});

/** `PATCH /default_stream_groups/{group_id}/streams`: add channels to a default channel group or remove them (administrators). */
export const updateDefaultChannelGroupChannels = defineEndpoint({
  id: 'update-default-stream-group-streams',
  method: 'PATCH',
  path: '/default_stream_groups/{group_id}/streams',
  params: UpdateDefaultChannelGroupChannelsParams,
  response: DefaultChannelGroupChangeResponse,
  access: administrators,
  retrySafe: false,
  featureLevel: 1,
});

/** `DELETE /default_stream_groups/{group_id}`: delete a default channel group (administrators). */
export const deleteDefaultChannelGroup = defineEndpoint({
  id: 'remove-default-stream-group',
  method: 'DELETE',
  path: '/default_stream_groups/{group_id}',
  params: DeleteDefaultChannelGroupParams,
  response: DefaultChannelGroupChangeResponse,
  access: administrators,
  retrySafe: false,
  featureLevel: 1,
});
