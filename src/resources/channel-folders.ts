import type { CallOptions } from '../transport/call-options';
import type { ApiCall } from '../transport/api-call';
import type { EndpointParams, EndpointResult } from '../contract/endpoint';
import { createChannelFolder, getChannelFolders, reorderChannelFolders, updateChannelFolder } from '../endpoints/channel-folders';
import type { EndpointCaller } from './caller';

/**
 * The organization's channel folders (feature level 389): `client.channelFolders`. Everyone may
 * list them; only administrators create, change and reorder them. A channel joins a folder through
 * `folder_id` when it is created (`client.subscriptions.add`) or changed (`client.channels.update`).
 * Changes reach every user as `channel_folder` events.
 *
 * @example
 * const { channel_folders } = await client.channelFolders.list();
 */
export class ChannelFoldersResource {
  readonly #call: EndpointCaller;

  /** @internal */
  constructor(call: EndpointCaller) {
    this.#call = call;
  }

  /**
   * Lists the folders in their order (`GET /channel_folders`); archived ones only with `include_archived`.
   *
   * @example
   * const { channel_folders } = await client.channelFolders.list({ include_archived: true });
   */
  list(params: EndpointParams<typeof getChannelFolders> = {}, options?: CallOptions): ApiCall<EndpointResult<typeof getChannelFolders>> {
    return this.#call(getChannelFolders, params, options);
  }

  /**
   * Creates a folder (`POST /channel_folders/create`, administrators). The name must be unique
   * among the folders that are not archived, ignoring case; the description is Markdown.
   *
   * @example
   * const { channel_folder_id } = await client.channelFolders.create({ name: 'Frontend', description: 'Channels for **frontend** work' });
   */
  create(params: EndpointParams<typeof createChannelFolder>, options?: CallOptions): ApiCall<EndpointResult<typeof createChannelFolder>> {
    return this.#call(createChannelFolder, params, options);
  }

  /**
   * Renames, redescribes, archives or unarchives a folder (`PATCH /channel_folders/{channel_folder_id}`,
   * administrators). A folder that still holds a channel cannot be archived.
   *
   * @example
   * await client.channelFolders.update({ channel_folder_id: folderId, name: 'Web frontend', is_archived: false });
   */
  update(params: EndpointParams<typeof updateChannelFolder>, options?: CallOptions): ApiCall<EndpointResult<typeof updateChannelFolder>> {
    return this.#call(updateChannelFolder, params, options);
  }

  /**
   * Puts the folders in a new order (`PATCH /channel_folders`, administrators, feature level 414):
   * `order` must name every folder, archived ones included.
   *
   * @example
   * const { channel_folders } = await client.channelFolders.list();
   * await client.channelFolders.reorder({ order: channel_folders.map((folder) => folder.id).reverse() });
   */
  reorder(params: EndpointParams<typeof reorderChannelFolders>, options?: CallOptions): ApiCall<EndpointResult<typeof reorderChannelFolders>> {
    return this.#call(reorderChannelFolders, params, options);
  }
}
