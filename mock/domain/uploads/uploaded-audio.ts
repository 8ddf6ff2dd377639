import type { MockState } from '../state';
import { bareContentType } from './content-type-header';
import { AUDIO_INLINE_TYPES } from './content-types';

/**
 * Whether the upload at a path below `/user_uploads/` is stored with an audio type browsers play,
 * which the server's media syntax shows as an `<audio>` player (by the stored type, whatever the
 * file's name or bytes).
 */
export function isUploadedAudio(state: MockState, pathId: string): boolean {
  const attachment = state.store.attachments.byPath(pathId);
  return attachment !== undefined && AUDIO_INLINE_TYPES.has(bareContentType(attachment.content_type));
}
