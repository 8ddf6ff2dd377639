import type { ChannelFolder } from '../schemas/channel-folder';
import type { RegisterResponse } from '../schemas/event-queue';
import type { ChatEvent } from '../schemas/events';

/** The register order: by `order`, which servers before feature level 414 lack (then by ID, as they list). */
function byOrder(a: ChannelFolder, b: ChannelFolder): number {
  return (a.order ?? a.id) - (b.order ?? b.id) || a.id - b.id;
}

/**
 * A `channel_folder` event applied to the registered state: a new folder joins in its place, an
 * update merges its `data`, a reorder gives each folder the position of its last occurrence in
 * `order`. The list stays sorted as a fresh registration sorts it (by `order`; the server's own
 * reducer sorts a new folder by ID, which differs after a reorder).
 */
export function applyChannelFolders(
  state: RegisterResponse,
  event: Extract<ChatEvent, { type: 'channel_folder' }>,
): RegisterResponse {
  const folders = state.channel_folders;
  if (folders === undefined) return state;
  switch (event.op) {
    case 'add':
      return { ...state, channel_folders: [...folders, { ...event.channel_folder }].sort(byOrder) };
    case 'update': {
      const { channel_folder_id: id, data } = event;
      return { ...state, channel_folders: folders.map((folder) => (folder.id === id ? { ...folder, ...data } : folder)) };
    }
    case 'reorder': {
      const position = new Map(event.order.map((id, index) => [id, index] as const));
      const reordered = folders.map((folder) => ({ ...folder, order: position.get(folder.id) ?? folder.order }));
      return { ...state, channel_folders: reordered.sort(byOrder) };
    }
  }
}
