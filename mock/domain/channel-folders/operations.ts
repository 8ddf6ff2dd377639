import type { UserRecord } from '../../store/store';
import { unixSeconds } from '../clock';
import { badRequest } from '../errors';
import { LEVEL, hasLevel } from '../feature-levels';
import { firstUnprintablePosition } from '../printable';
import { pythonStrip } from '../python-strip';
import type { MockState } from '../state';
import { renderChannelDescription } from '../subscriptions/defaults';
import { channelFolderById, channelFolderToWire } from './read';

const NAME_IN_USE = 'Channel folder name already in use';

/** Whether a folder that is not archived has this name, ignoring case as the database compares (`UPPER`). */
function activeNameTaken(state: MockState, name: string): boolean {
  const wanted = name.toUpperCase();
  return state.store.tables.channelFolder.all().some((folder) => !folder.is_archived && folder.name.toUpperCase() === wanted);
}

/**
 * The server's `check_channel_folder_name`: not blank, printable, and no folder that is not
 * archived has it (the folder being renamed included: a change of case only is refused too).
 */
function checkChannelFolderName(state: MockState, name: string): void {
  if (pythonStrip(name) === '') throw badRequest("Channel folder name can't be empty.");
  const position = firstUnprintablePosition(name);
  if (position !== undefined) throw badRequest(`Invalid character in channel folder name, at position ${position}.`);
  if (activeNameTaken(state, name)) throw badRequest(NAME_IN_USE);
}

function recordUpdate(state: MockState, folderId: number, data: Readonly<Record<string, unknown>>): void {
  state.events.record({ kind: 'channel_folder_changed', op: 'update', folderId, data });
}

/**
 * `POST /channel_folders/create` after its parameters' length checks: the name checked, the folder
 * stored with its description rendered and listed last (its `order` is its ID); every user is told.
 */
export function createChannelFolder(state: MockState, creator: UserRecord, name: string, description: string): number {
  checkChannelFolderName(state, name);
  const id = state.store.ids.next('channelFolder');
  const record = state.store.tables.channelFolder.insert({
    id,
    name,
    description,
    rendered_description: renderChannelDescription(state, description, creator),
    order: id,
    date_created: unixSeconds(state.clock),
    creator_id: creator.id,
    is_archived: false,
  });
  state.events.record({ kind: 'channel_folder_changed', op: 'add', folder: channelFolderToWire(state, record) });
  return id;
}

/** What `PATCH /channel_folders/{channel_folder_id}` changes; each one only when it differs. */
export interface ChannelFolderChanges {
  readonly name?: string | undefined;
  readonly description?: string | undefined;
  readonly is_archived?: boolean | undefined;
}

/**
 * `update_channel_folder`: the folder looked up, then the name, the description and the archived
 * state changed in that order, each with its own event, and without a transaction around them:
 * a later refusal keeps the earlier changes. A folder that any channel (archived ones included)
 * names cannot be archived. Unarchiving a folder whose name another folder not archived now has
 * breaks the server's unique constraint (its answer is a 500); the mock refuses it with the
 * server's message for a name in use instead.
 */
export function updateChannelFolder(state: MockState, actor: UserRecord, folderId: number, changes: ChannelFolderChanges): void {
  const folder = channelFolderById(state, folderId);
  const folders = state.store.tables.channelFolder;
  if (changes.name !== undefined && changes.name !== folder.name) {
    checkChannelFolderName(state, changes.name);
    folders.update(folderId, { name: changes.name });
    recordUpdate(state, folderId, { name: changes.name });
  }
  if (changes.description !== undefined && changes.description !== folder.description) {
    const rendered = renderChannelDescription(state, changes.description, actor);
    folders.update(folderId, { description: changes.description, rendered_description: rendered });
    recordUpdate(state, folderId, { description: changes.description, rendered_description: rendered });
  }
  if (changes.is_archived !== undefined && changes.is_archived !== folder.is_archived) {
    if (changes.is_archived) {
      if (holdsChannels(state, folderId)) throw badRequest('You need to remove all the channels from this folder to archive it.');
    } else if (activeNameTaken(state, channelFolderById(state, folderId).name)) {
      throw badRequest(NAME_IN_USE);
    }
    folders.update(folderId, { is_archived: changes.is_archived });
    recordUpdate(state, folderId, { is_archived: changes.is_archived });
  }
}

/** `check_channel_folder_in_use`: whether any channel, archived or not, is in the folder. */
function holdsChannels(state: MockState, folderId: number): boolean {
  return state.store.tables.channel.all().some((channel) => channel.folder_id === folderId);
}

/**
 * `try_reorder_realm_channel_folders`: `order` must name every folder (archived ones too), else
 * "Invalid order mapping."; each folder's `order` becomes the index of its last occurrence, and
 * unknown IDs are ignored. From level 418 every user is told, with `order` as it was sent.
 */
export function reorderChannelFolders(state: MockState, order: readonly number[]): void {
  const position = new Map<number, number>();
  order.forEach((id, index) => position.set(id, index));
  const folders = state.store.tables.channelFolder;
  const ids = folders.all().map((folder) => folder.id);
  if (ids.some((id) => !position.has(id))) throw badRequest('Invalid order mapping.');
  for (const id of ids) folders.update(id, { order: position.get(id) ?? 0 });
  if (hasLevel(state, LEVEL.channelFolderReorderEvent)) state.events.record({ kind: 'channel_folder_changed', op: 'reorder', order: [...order] });
}
