import type { CallOptions } from '../transport/call-options';
import type { ApiCall } from '../transport/api-call';
import type { EndpointParams, EndpointResult } from '../contract/endpoint';
import {
  addDefaultChannel,
  archiveChannel,
  createChannel,
  getChannel,
  getChannelEmailAddress,
  getChannelId,
  getChannels,
  getSubscribers,
  removeDefaultChannel,
  updateChannel,
} from '../endpoints/channels';
import {
  createDefaultChannelGroup,
  deleteDefaultChannelGroup,
  updateDefaultChannelGroup,
  updateDefaultChannelGroupChannels,
} from '../endpoints/default-channel-groups';
import type { EndpointCaller } from './caller';

/**
 * Channels themselves (not one's subscriptions to them): `client.channels`.
 *
 * @example
 * const { streams } = await client.channels.list();
 */
export class ChannelsResource {
  readonly #call: EndpointCaller;

  /** @internal */
  constructor(call: EndpointCaller) {
    this.#call = call;
  }

  /**
   * Creates a channel and subscribes `subscribers` (which may be empty and need not include you)
   * (`POST /channels/create`, feature level 417). Refused for guests, for a name already taken
   * (`CHANNEL_ALREADY_EXISTS`, 409), and without the organization's permission to create that
   * kind of channel. With subscribers, Notification Bot posts the creation in its "channel
   * events" topic, and `announce` announces it in the new-channel announcements channel.
   *
   * @example
   * const me = await client.users.me();
   * const { id } = await client.channels.create({ name: 'design', subscribers: [me.user_id], description: 'Mockups' });
   */
  create(params: EndpointParams<typeof createChannel>, options?: CallOptions): ApiCall<EndpointResult<typeof createChannel>> {
    return this.#call(createChannel, params, options);
  }

  /**
   * Lists channels the caller may see (`GET /streams`): by default the public channels and the
   * caller's subscriptions; the `include_*` flags widen or narrow that.
   *
   * @example
   * const { streams } = await client.channels.list({ include_web_public: true });
   */
  list(params: EndpointParams<typeof getChannels> = {}, options?: CallOptions): ApiCall<EndpointResult<typeof getChannels>> {
    return this.#call(getChannels, params, options);
  }

  /**
   * The address that posts to a channel by email, as you, a bot you own or, for administrators,
   * any bot (`sender_id`), or the Email gateway bot (`GET /streams/{stream_id}/email_address`).
   *
   * @example
   * const { email } = await client.channels.emailAddress({ stream_id: channelId });
   */
  emailAddress(params: EndpointParams<typeof getChannelEmailAddress>, options?: CallOptions): ApiCall<EndpointResult<typeof getChannelEmailAddress>> {
    return this.#call(getChannelEmailAddress, params, options);
  }

  /**
   * One channel by ID (`GET /streams/{stream_id}`).
   *
   * @example
   * const { stream } = await client.channels.get({ stream_id: channelId });
   */
  get(params: EndpointParams<typeof getChannel>, options?: CallOptions): ApiCall<EndpointResult<typeof getChannel>> {
    return this.#call(getChannel, params, options);
  }

  /**
   * A channel's ID from its name, compared case-insensitively (`GET /get_stream_id`).
   *
   * @example
   * const { stream_id } = await client.channels.getId({ stream: 'Denmark' });
   */
  getId(params: EndpointParams<typeof getChannelId>, options?: CallOptions): ApiCall<EndpointResult<typeof getChannelId>> {
    return this.#call(getChannelId, params, options);
  }

  /**
   * The IDs of a channel's subscribers (`GET /streams/{stream_id}/members`).
   *
   * @example
   * const { subscribers } = await client.channels.subscribers({ stream_id: channelId });
   */
  subscribers(params: EndpointParams<typeof getSubscribers>, options?: CallOptions): ApiCall<EndpointResult<typeof getSubscribers>> {
    return this.#call(getSubscribers, params, options);
  }

  /**
   * Changes a channel's name, description, privacy or settings (`PATCH /streams/{stream_id}`);
   * group settings take `{ new, old? }`.
   *
   * @example
   * await client.channels.update({ stream_id: channelId, new_name: 'Alba', description: 'Scotland, renamed' });
   */
  update(params: EndpointParams<typeof updateChannel>, options?: CallOptions): ApiCall<EndpointResult<typeof updateChannel>> {
    return this.#call(updateChannel, params, options);
  }

  /**
   * Archives a channel (`DELETE /streams/{stream_id}`): its messages stay readable, nobody may post.
   *
   * @example
   * await client.channels.archive({ stream_id: channelId });
   */
  archive(params: EndpointParams<typeof archiveChannel>, options?: CallOptions): ApiCall<EndpointResult<typeof archiveChannel>> {
    return this.#call(archiveChannel, params, options);
  }

  /**
   * Makes a public channel one that new users join (`POST /default_streams`; administrators).
   *
   * @example
   * await client.channels.addDefault({ stream_id: channelId });
   */
  addDefault(params: EndpointParams<typeof addDefaultChannel>, options?: CallOptions): ApiCall<EndpointResult<typeof addDefaultChannel>> {
    return this.#call(addDefaultChannel, params, options);
  }

  /**
   * New users no longer join the channel (`DELETE /default_streams`; administrators).
   *
   * @example
   * await client.channels.removeDefault({ stream_id: channelId });
   */
  removeDefault(
    params: EndpointParams<typeof removeDefaultChannel>,
    options?: CallOptions,
  ): ApiCall<EndpointResult<typeof removeDefaultChannel>> {
    return this.#call(removeDefaultChannel, params, options);
  }

  /**
   * Creates a default channel group (`POST /default_stream_groups/create`, administrators):
   * channels offered together to new users. Non-guests get a `default_stream_groups` event with
   * every group. The reference OpenAPI file does not document the default channel group
   * operations; the server's source (`create_default_stream_group`) does.
   *
   * @example
   * await client.channels.createDefaultGroup({ group_name: 'Engineering', description: 'For engineers', stream_names: ['Verona', 'Denmark'] });
   */
  createDefaultGroup(
    params: EndpointParams<typeof createDefaultChannelGroup>,
    options?: CallOptions,
  ): ApiCall<EndpointResult<typeof createDefaultChannelGroup>> {
    return this.#call(createDefaultChannelGroup, params, options);
  }

  /**
   * Renames a default channel group or changes its description
   * (`PATCH /default_stream_groups/{group_id}`, administrators; documented by the server's source,
   * not the reference OpenAPI file). Each change sends its own `default_stream_groups` event.
   *
   * @example
   * await client.channels.updateDefaultGroup({ group_id: defaultGroupId, new_group_name: 'Platform' });
   */
  updateDefaultGroup(
    params: EndpointParams<typeof updateDefaultChannelGroup>,
    options?: CallOptions,
  ): ApiCall<EndpointResult<typeof updateDefaultChannelGroup>> {
    return this.#call(updateDefaultChannelGroup, params, options);
  }

  /**
   * Adds channels to a default channel group (`op: 'add'`) or removes them (`op: 'remove'`)
   * (`PATCH /default_stream_groups/{group_id}/streams`, administrators; documented by the server's
   * source, not the reference OpenAPI file).
   *
   * @example
   * await client.channels.updateDefaultGroupChannels({ group_id: defaultGroupId, op: 'add', stream_names: ['Scotland'] });
   */
  updateDefaultGroupChannels(
    params: EndpointParams<typeof updateDefaultChannelGroupChannels>,
    options?: CallOptions,
  ): ApiCall<EndpointResult<typeof updateDefaultChannelGroupChannels>> {
    return this.#call(updateDefaultChannelGroupChannels, params, options);
  }

  /**
   * Deletes a default channel group (`DELETE /default_stream_groups/{group_id}`, administrators;
   * documented by the server's source, not the reference OpenAPI file).
   *
   * @example
   * await client.channels.deleteDefaultGroup({ group_id: defaultGroupId });
   */
  deleteDefaultGroup(
    params: EndpointParams<typeof deleteDefaultChannelGroup>,
    options?: CallOptions,
  ): ApiCall<EndpointResult<typeof deleteDefaultChannelGroup>> {
    return this.#call(deleteDefaultChannelGroup, params, options);
  }
}
