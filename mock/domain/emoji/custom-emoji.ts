import type { CustomEmoji } from '../../../src/schemas/custom-emoji';
import type { RealmEmojiRecord, UserRecord } from '../../store/store';
import { ApiFailure, badRequest } from '../errors';
import { hasLevel, LEVEL } from '../feature-levels';
import { pythonStrip } from '../python-strip';
import { hasRealmPermission } from '../realm-permission';
import { sha256Hex } from '../sha256';
import type { MockState } from '../state';
import { imageDimensions } from '../uploads/uploaded-images';
import { imageFrames } from '../uploads/image-frames';
import { checkImageFileSize, sentOrGuessedType } from '../uploads/image-upload';
import { hasRole } from '../users';
import { customEmojiStillUrl, customEmojiUrl } from './custom-emoji-urls';
import { unicodeEmojiCode } from './unicode';

/** The server's `MAX_EMOJI_FILE_SIZE_MIB`. */
const MAX_EMOJI_FILE_SIZE_MIB = 5;

/** Image types the server both thumbnails and serves inline, with the extension it stores each under. */
const EMOJI_IMAGE_EXTENSIONS: Readonly<Record<string, string>> = {
  'image/avif': '.avif',
  'image/gif': '.gif',
  'image/jpeg': '.jpg',
  'image/png': '.png',
  'image/webp': '.webp',
};

/**
 * A custom emoji on the wire (`GET /realm/emoji`, the `realm_emoji` state and event): `still_url`
 * from {@link LEVEL.customEmojiStillUrl} for an animated emoji, and from
 * {@link LEVEL.customEmojiStillUrlAlways} for every emoji (null for a still one).
 */
function customEmojiToWire(state: MockState, emoji: RealmEmojiRecord): CustomEmoji {
  const wire: CustomEmoji = {
    id: String(emoji.id),
    name: emoji.name,
    source_url: customEmojiUrl(state, emoji),
    deactivated: emoji.deactivated,
    author_id: emoji.author_id,
  };
  if (emoji.is_animated ? hasLevel(state, LEVEL.customEmojiStillUrl) : hasLevel(state, LEVEL.customEmojiStillUrlAlways)) {
    wire.still_url = emoji.is_animated ? customEmojiStillUrl(state, emoji) : null;
  }
  return wire;
}

/** Every custom emoji by ID (as text), deactivated ones included, ascending. */
export function allCustomEmoji(state: MockState): Record<string, CustomEmoji> {
  const emoji = state.store.tables.realmEmoji.all().sort((a, b) => a.id - b.id);
  return Object.fromEntries(emoji.map((record) => [String(record.id), customEmojiToWire(state, record)]));
}

/** The server's `check_valid_emoji_name`. */
function checkEmojiName(name: string): void {
  if (name === '') throw badRequest('Emoji name is missing');
  if (/^[0-9a-z\-_]+$/.test(name)) {
    if (/[-_]$/.test(name)) throw badRequest('Emoji names must end with either a letter or digit.');
    return;
  }
  throw badRequest('Emoji names must contain only lowercase English letters, digits, spaces, dashes, and underscores.');
}

function badImage(msg: string): ApiFailure {
  return new ApiFailure(msg, 'BAD_IMAGE');
}

/**
 * `POST /realm/emoji/{emoji_name}`, in the server's order: the name (spaces read as underscores),
 * `can_add_custom_emoji_group`, a free name, exactly one file, built-in names for administrators
 * only, at most 5 MiB, an image type browsers show, an image that decodes. Then the
 * `realm_emoji` event with every custom emoji.
 */
export async function uploadCustomEmoji(state: MockState, user: UserRecord, requestedName: string, files: readonly File[]): Promise<void> {
  const name = pythonStrip(requestedName).replace(/ /g, '_');
  checkEmojiName(name);
  if (!hasRealmPermission(state, user, 'can_add_custom_emoji_group')) throw badRequest('Insufficient permission');
  if (state.store.activeRealmEmojiByName(name)) throw badRequest('A custom emoji with this name already exists.');
  const [file] = files;
  if (!file || files.length !== 1) throw badRequest('You must upload exactly one file.');
  if (unicodeEmojiCode(name) !== undefined && !hasRole(user, 'administrator')) throw badRequest('Only administrators can override default emoji.');
  checkImageFileSize(file, MAX_EMOJI_FILE_SIZE_MIB);
  const contentType = sentOrGuessedType(file);
  const extension = EMOJI_IMAGE_EXTENSIONS[contentType];
  if (extension === undefined) throw badImage('Invalid image format');
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!imageDimensions(bytes)) throw badImage('Could not decode image; did you upload an image file?');
  const id = state.store.ids.next('realmEmoji');
  // The server salts a hash of the ID so that names cannot be guessed; the mock's salt is fixed.
  const fileName = `${sha256Hex(`teamchat-mock:${id}`).slice(0, 8)}${extension}`;
  state.store.tables.realmEmoji.insert({
    id,
    name,
    author_id: user.id,
    deactivated: false,
    file_name: fileName,
    is_animated: imageFrames(bytes, contentType) > 1,
  });
  state.events.record({ kind: 'realm_emoji_changed' });
}

/**
 * `DELETE /realm/emoji/{emoji_name}`: an active custom emoji (else 404 "Emoji '…' does not
 * exist"), by an administrator or its author ("Must be an organization administrator or emoji
 * author"). It stays listed, deactivated.
 */
export function deactivateCustomEmoji(state: MockState, user: UserRecord, name: string): void {
  const emoji = state.store.activeRealmEmojiByName(name);
  if (!emoji) throw new ApiFailure(`Emoji '${name}' does not exist`, 'BAD_REQUEST', 404);
  if (!hasRole(user, 'administrator') && emoji.author_id !== user.id) throw badRequest('Must be an organization administrator or emoji author');
  state.store.tables.realmEmoji.update(emoji.id, { deactivated: true });
  state.events.record({ kind: 'realm_emoji_changed' });
}
