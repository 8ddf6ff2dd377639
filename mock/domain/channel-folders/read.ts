import type { ChannelFolder } from '../../../src/schemas/channel-folder';
import type { RecordOf } from '../../store/models';
import { badRequest } from '../errors';
import { LEVEL, hasLevel } from '../feature-levels';
import type { MockState } from '../state';

/** A stored channel folder. */
export type ChannelFolderRecord = RecordOf<'channelFolder'>;

/** The server's `get_channel_folder_dict`; `order` only from the level that has it. */
export function channelFolderToWire(state: MockState, record: ChannelFolderRecord): ChannelFolder {
  const { id, name, description, rendered_description, order, date_created, creator_id, is_archived } = record;
  return {
    id,
    name,
    description,
    rendered_description,
    ...(hasLevel(state, LEVEL.channelFolderOrder) ? { order } : {}),
    date_created,
    creator_id,
    is_archived,
  };
}

/**
 * The realm's folders by `order` (`get_channel_folders_in_realm`): `GET /channel_folders` leaves
 * out archived ones unless asked; the register state lists them all. Before `order` existed the
 * server listed by ID, which is the same order, since a folder's `order` starts as its ID.
 */
export function listChannelFolders(state: MockState, includeArchived: boolean): ChannelFolder[] {
  return state.store.tables.channelFolder
    .all()
    .filter((record) => includeArchived || !record.is_archived)
    .sort((a, b) => a.order - b.order || a.id - b.id)
    .map((record) => channelFolderToWire(state, record));
}

/** A folder of the realm by ID, archived or not (`get_channel_folder_by_id`). */
export function channelFolderById(state: MockState, folderId: number): ChannelFolderRecord {
  const folder = state.store.tables.channelFolder.get(folderId);
  if (!folder) throw badRequest('Invalid channel folder ID');
  return folder;
}
