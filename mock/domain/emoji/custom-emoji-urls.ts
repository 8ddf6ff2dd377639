import type { RealmEmojiRecord } from '../../store/store';
import type { MockState } from '../state';

/** The image's file name: as uploaded, or `{id}.png` for a seeded emoji. */
function fileNameOf(emoji: RealmEmojiRecord): string {
  return emoji.file_name === '' ? `${emoji.id}.png` : emoji.file_name;
}

/** Where a custom emoji's image is served, below the organization's URL (the server's local storage path). */
export function customEmojiUrl(state: MockState, emoji: RealmEmojiRecord): string {
  return `/user_avatars/${state.realm.id}/emoji/images/${fileNameOf(emoji)}`;
}

/** Where an animated custom emoji's still image (its first frame, as PNG) is served. */
export function customEmojiStillUrl(state: MockState, emoji: RealmEmojiRecord): string {
  return `/user_avatars/${state.realm.id}/emoji/images/still/${fileNameOf(emoji).replace(/\.[^.]*$/, '')}.png`;
}
