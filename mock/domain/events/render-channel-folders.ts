import type { ChannelFolderChanged } from './changes';

/** `channel_folder` (add, update or reorder), for every queue of the realm (`active_user_ids`). */
export function renderChannelFolderEvent(change: ChannelFolderChanged) {
  switch (change.op) {
    case 'add':
      return { type: 'channel_folder', op: 'add', channel_folder: { ...change.folder } };
    case 'update':
      return { type: 'channel_folder', op: 'update', channel_folder_id: change.folderId, data: { ...change.data } };
    case 'reorder':
      return { type: 'channel_folder', op: 'reorder', order: [...change.order] };
  }
}
