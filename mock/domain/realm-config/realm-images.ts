import type { RealmImageName } from '../../store/avatar-images';
import { badRequest } from '../errors';
import type { MockState } from '../state';
import { checkImageFileSize, sentOrGuessedType, thumbnailableImage } from '../uploads/image-upload';
import { realmIconUrl, realmImagePath, realmLogoUrl } from './icon';

/** The server's `MAX_ICON_FILE_SIZE_MIB` and `MAX_LOGO_FILE_SIZE_MIB` (the register's `max_icon_file_size_mib`, `max_logo_file_size_mib`). */
const MAX_FILE_SIZE_MIB = 5;

/** What the server calls each image in "You must upload exactly one …". */
const NOUNS: Readonly<Record<RealmImageName, string>> = { icon: 'icon', logo: 'logo', night_logo: 'logo' };

/** The `realm` `update_dict` event's data for an image: its URL and source (`get_realm_logo_data`, `do_change_icon_source`). */
function imageEventData(state: MockState, name: RealmImageName): Record<string, unknown> {
  const { source } = state.store.avatarImages.realmImage(name);
  if (name === 'icon') return { icon_source: source, icon_url: realmIconUrl(state) };
  const night = name === 'night_logo';
  return { [`${name}_url`]: realmLogoUrl(state, night), [`${name}_source`]: source };
}

/** `do_change_icon_source` / `do_change_logo_source`: the source, one more version, and every user's event. */
function changeRealmImage(state: MockState, name: RealmImageName, source: string): void {
  state.store.avatarImages.changeRealmImage(name, source);
  state.events.record({ kind: 'realm_changed', op: 'update_dict', property: name, data: imageEventData(state, name) });
}

/**
 * `POST /realm/icon` and `POST /realm/logo` (administrators; the route checks the role), in the
 * server's order: exactly one file, at most 5 MiB, a type the server thumbnails (as sent, else
 * guessed from the name), an image that decodes. The mock keeps the image as uploaded.
 */
async function uploadRealmImage(state: MockState, name: RealmImageName, files: readonly File[]): Promise<void> {
  const [file] = files;
  if (!file || files.length !== 1) throw badRequest(`You must upload exactly one ${NOUNS[name]}.`);
  checkImageFileSize(file, MAX_FILE_SIZE_MIB);
  const contentType = sentOrGuessedType(file);
  const bytes = await thumbnailableImage(file, contentType);
  state.store.avatarImages.storeFile(realmImagePath(state, name), { bytes, content_type: contentType });
  changeRealmImage(state, name, 'U');
}

/** `POST /realm/icon`: answers the new `icon_url`. */
export async function uploadRealmIcon(state: MockState, files: readonly File[]): Promise<string> {
  await uploadRealmImage(state, 'icon', files);
  return realmIconUrl(state);
}

/** `DELETE /realm/icon`: back to the Gravatar; answers its `icon_url`. The uploaded file stays, as on the server. */
export function deleteRealmIcon(state: MockState): string {
  changeRealmImage(state, 'icon', 'G');
  return realmIconUrl(state);
}

/** `POST /realm/logo`: the day logo, or the night one with `night`. (The server refuses organizations on the limited plan; the mock's is self-hosted.) */
export async function uploadRealmLogo(state: MockState, files: readonly File[], night: boolean): Promise<void> {
  await uploadRealmImage(state, night ? 'night_logo' : 'logo', files);
}

/** `DELETE /realm/logo`: back to the default logo, by day or by night. */
export function deleteRealmLogo(state: MockState, night: boolean): void {
  changeRealmImage(state, night ? 'night_logo' : 'logo', 'D');
}
