import type { UserRecord } from '../../store/store';
import { recordAvatarChange } from '../accounts/avatar-change';
import { badRequest } from '../errors';
import type { MockState } from '../state';
import { guessType } from '../uploads/guess-type';
import { checkImageFileSize, thumbnailableImage } from '../uploads/image-upload';
import { avatarUrlFor, hasRole, uploadedAvatarPath } from '../users';

/** The server's `MAX_AVATAR_FILE_SIZE_MIB` (the register's `max_avatar_file_size_mib`). */
const MAX_AVATAR_FILE_SIZE_MIB = 5;

/** The server's `avatar_changes_disabled`: its own setting (off in the mock) or the organization's; administrators are exempt. */
function checkAvatarChangesAllowed(state: MockState, user: UserRecord): void {
  if (state.realm.avatar_changes_disabled && !hasRole(user, 'administrator')) throw badRequest('Avatar changes are disabled in this organization.');
}

/** `do_change_avatar_fields`: the new source, one more version, and the server's events. */
export function changeAvatar(state: MockState, user: UserRecord, uploaded: boolean): string {
  const updated = state.store.tables.user.update(user.id, { avatar_version: user.avatar_version + 1 });
  state.store.avatarImages.setUploadedAvatar(user.id, uploaded);
  recordAvatarChange(state, updated);
  return avatarUrlFor(state, updated);
}

/**
 * `POST /users/me/avatar`, in the server's order: exactly one file, avatar changes allowed, at
 * most 5 MiB, a type the server thumbnails guessed from the file's name (the sent type is not
 * read), an image that decodes. The image is kept for the next avatar version, at both sizes
 * (the mock does not resize it). Answers the new `avatar_url`.
 */
export async function setOwnAvatar(state: MockState, user: UserRecord, files: readonly File[]): Promise<string> {
  const [file] = files;
  if (!file || files.length !== 1) throw badRequest('You must upload exactly one avatar.');
  checkAvatarChangesAllowed(state, user);
  checkImageFileSize(file, MAX_AVATAR_FILE_SIZE_MIB);
  const contentType = guessType(file.name);
  const bytes = await thumbnailableImage(file, contentType);
  storeAvatarImage(state, user.id, user.avatar_version + 1, bytes, contentType);
  return changeAvatar(state, user, true);
}

/** Keeps an uploaded image as a version of a user's avatar, at both sizes (the mock does not resize it). */
export function storeAvatarImage(state: MockState, userId: number, version: number, bytes: Uint8Array, contentType: string | undefined): void {
  for (const size of ['default', 'medium'] as const) {
    state.store.avatarImages.storeFile(uploadedAvatarPath(state, userId, version, size), { bytes, content_type: contentType ?? '' });
  }
}

/**
 * `DELETE /users/me/avatar`: back to the Gravatar (avatar changes allowed), one more version.
 * Answers the new `avatar_url`. As on the server, the uploaded files stay where they were.
 */
export function deleteOwnAvatar(state: MockState, user: UserRecord): string {
  checkAvatarChangesAllowed(state, user);
  return changeAvatar(state, user, false);
}
