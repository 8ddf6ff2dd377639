import { THUMBNAILED_TYPES } from '../domain/uploads/uploaded-images';
import { bytesOfBase64 } from './base64';
import { isObject } from './json-shape';

const REALM_IMAGES = ['icon', 'logo', 'night_logo'] as const;
const SOURCES = new Set(['U', 'G', 'D']);

function isBase64(text: unknown): boolean {
  if (typeof text !== 'string') return false;
  try {
    bytesOfBase64(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * What is wrong with a state document's `avatarImages` section, or undefined when it is absent or
 * as `exportState` writes it: files as `[path, { base64, content_type }]` with an image type the
 * server resizes (the mock serves them inline), user IDs, and each organization image's source
 * (`U`, `G`, `D`) and version.
 */
export function avatarImagesProblem(section: unknown): string | undefined {
  if (section === undefined) return undefined;
  if (!isObject(section)) return 'avatarImages: expected an object';
  const { files, uploadedAvatars, realm } = section;
  if (!Array.isArray(files)) return 'avatarImages.files: expected an array';
  for (const [index, entry] of files.entries()) {
    const [path, file] = Array.isArray(entry) ? (entry as unknown[]) : [];
    if (typeof path !== 'string' || !isObject(file) || !isBase64(file.base64)) return `avatarImages.files[${index}]: expected [path, { base64, content_type }]`;
    if (typeof file.content_type !== 'string' || !THUMBNAILED_TYPES.has(file.content_type)) {
      return `avatarImages.files[${index}].content_type: expected an image type, got ${JSON.stringify(file.content_type)}`;
    }
  }
  if (!Array.isArray(uploadedAvatars) || !uploadedAvatars.every((id) => Number.isInteger(id))) return 'avatarImages.uploadedAvatars: expected user IDs';
  if (!isObject(realm)) return 'avatarImages.realm: expected an object';
  for (const name of REALM_IMAGES) {
    const image = realm[name];
    if (image === undefined) continue;
    if (!isObject(image) || typeof image.source !== 'string' || !SOURCES.has(image.source) || !Number.isInteger(image.version)) {
      return `avatarImages.realm.${name}: expected { source: "U" | "G" | "D", version: integer }`;
    }
  }
  return undefined;
}
