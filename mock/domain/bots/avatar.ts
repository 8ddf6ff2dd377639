import type { UserRecord } from '../../store/store';
import { changeAvatar, storeAvatarImage } from '../avatars/own-avatar';
import { badRequest } from '../errors';
import type { MockState } from '../state';
import { guessType } from '../uploads/guess-type';
import { thumbnailableBytes } from '../uploads/image-upload';

/** A file sent with `POST /bots` or `PATCH /bots/{bot_id}`, read before the change begins. */
export interface BotAvatarUpload {
  readonly name: string;
  readonly bytes: Uint8Array;
}

/**
 * Reads the request's files up front, so that a bot's creation or change runs to its end without
 * waiting (no other request's change can come between its checks and its writes).
 */
export async function readBotAvatarUploads(files: readonly File[]): Promise<BotAvatarUpload[]> {
  return Promise.all(files.map(async (file) => ({ name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) })));
}

/** The one avatar a bot request may carry, if any (`You may only upload one file at a time`). */
export function oneBotAvatar(uploads: readonly BotAvatarUpload[]): BotAvatarUpload | undefined {
  if (uploads.length > 1) throw badRequest('You may only upload one file at a time');
  return uploads[0];
}

/**
 * The server's `upload_avatar_image` for a bot, as version `version` of its avatar: a type the
 * server thumbnails, guessed from the file's name, and an image that decodes. Unlike a user's own
 * avatar, neither the size limit nor `avatar_changes_disabled` applies.
 */
export function storeBotAvatar(state: MockState, bot: UserRecord, upload: BotAvatarUpload, version: number): void {
  const contentType = guessType(upload.name);
  storeAvatarImage(state, bot.id, version, thumbnailableBytes(upload.bytes, contentType), contentType);
}

/** `PATCH /bots/{bot_id}` with a file: the image as the next version, then `do_change_avatar_fields` and its events. */
export function replaceBotAvatar(state: MockState, bot: UserRecord, upload: BotAvatarUpload): void {
  const current = state.store.tables.user.get(bot.id) ?? bot;
  storeBotAvatar(state, current, upload, current.avatar_version + 1);
  changeAvatar(state, current, true);
}
