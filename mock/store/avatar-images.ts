import { base64Of, bytesOfBase64 } from '../persistence/base64';
/** The organization's images that administrators can upload. */
export type RealmImageName = 'icon' | 'logo' | 'night_logo';

/** Where one of the organization's images comes from, and how often it changed. */
export interface RealmImageSource {
  /** `U` when uploaded; otherwise the default (`G`, a Gravatar, for the icon; `D` for the logos). */
  readonly source: string;
  /** Starts at 1 and grows with every upload or removal; uploaded images' URLs carry it. */
  readonly version: number;
}

/** A stored image file, served below `/user_avatars/`. */
export interface AvatarFile {
  readonly bytes: Uint8Array;
  readonly content_type: string;
}

/** The JSON form of {@link AvatarImages} in a state document. */
export interface AvatarImagesDocument {
  /** Files by path below `/user_avatars/`, bytes base64. */
  readonly files: [string, { readonly base64: string; readonly content_type: string }][];
  /** IDs of the users whose avatar is uploaded (`avatar_source` `U`). */
  readonly uploadedAvatars: number[];
  readonly realm: Record<RealmImageName, RealmImageSource>;
}

/** The Realm model's defaults: a Gravatar icon and the default logos, each at version 1. */
function defaultRealmImages(): Record<RealmImageName, RealmImageSource> {
  return { icon: { source: 'G', version: 1 }, logo: { source: 'D', version: 1 }, night_logo: { source: 'D', version: 1 } };
}

/**
 * Uploaded avatars and the organization's icon and logos: the files (as uploaded; the mock makes no
 * resized copies), whose avatar is uploaded, and each realm image's source and version.
 */
export class AvatarImages {
  readonly #files = new Map<string, AvatarFile>();
  readonly #uploadedAvatars = new Set<number>();
  #realm = defaultRealmImages();

  /** The file at a path below `/user_avatars/`, if one was stored. */
  file(path: string): AvatarFile | undefined {
    return this.#files.get(path);
  }

  /** Stores a file at a path below `/user_avatars/` (replacing one there). */
  storeFile(path: string, file: AvatarFile): void {
    this.#files.set(path, { bytes: file.bytes.slice(), content_type: file.content_type });
  }

  /** Whether the user's avatar is an uploaded image rather than a Gravatar. */
  hasUploadedAvatar(userId: number): boolean {
    return this.#uploadedAvatars.has(userId);
  }

  /** Marks the user's avatar as uploaded (`U`) or not (`G`). */
  setUploadedAvatar(userId: number, uploaded: boolean): void {
    if (uploaded) this.#uploadedAvatars.add(userId);
    else this.#uploadedAvatars.delete(userId);
  }

  /** The source and version of one of the organization's images. */
  realmImage(name: RealmImageName): RealmImageSource {
    return this.#realm[name];
  }

  /** Sets an organization image's source, counting a new version as the server does. */
  changeRealmImage(name: RealmImageName, source: string): RealmImageSource {
    const changed = { source, version: this.#realm[name].version + 1 };
    this.#realm = { ...this.#realm, [name]: changed };
    return changed;
  }

  /** A JSON copy for a state document. */
  toDocument(): AvatarImagesDocument {
    return {
      files: [...this.#files].map(([path, file]) => [path, { base64: base64Of(file.bytes), content_type: file.content_type }]),
      uploadedAvatars: [...this.#uploadedAvatars],
      realm: structuredClone(this.#realm),
    };
  }

  /** Loads what {@link toDocument} wrote (a document without the section leaves the defaults). */
  load(document: AvatarImagesDocument | undefined): void {
    if (document === undefined) return;
    for (const [path, file] of document.files) {
      this.#files.set(path, { bytes: bytesOfBase64(file.base64), content_type: file.content_type });
    }
    for (const id of document.uploadedAvatars) this.#uploadedAvatars.add(id);
    this.#realm = { ...defaultRealmImages(), ...structuredClone(document.realm) };
  }
}
