import * as z from 'zod/mini';
import { fileParam } from '../contract/wire';
import { successBody } from './common';
import { FileContent } from './upload';

/** Parameters of `POST /users/me/avatar`: one image file (multipart), its type read from its name. */
export const SetOwnAvatarParams = z.object({
  /** A PNG, GIF, JPEG, WebP, AVIF, HEIC or TIFF image of at most `max_avatar_file_size_mib` (5 MiB). */
  file: fileParam(FileContent),
});

/** Success body of `POST /users/me/avatar` and `DELETE /users/me/avatar`: the caller's new avatar address. */
export const OwnAvatarResponse = successBody({
  /** Relative to the organization's URL for an uploaded avatar (e.g. `/user_avatars/…`). */
  avatar_url: z.string(),
});

/** Parameters of `DELETE /users/me/avatar`. */
export const DeleteOwnAvatarParams = z.object({});

/** Parameters of `POST /realm/icon`: one image file (multipart). */
export const UploadRealmIconParams = z.object({
  /** A PNG, GIF, JPEG, WebP, AVIF, HEIC or TIFF image of at most `max_icon_file_size_mib` (5 MiB). */
  file: fileParam(FileContent),
});

/** Success body of `POST /realm/icon` and `DELETE /realm/icon`: the organization's new icon address. */
export const RealmIconResponse = successBody({ icon_url: z.string() });

/** Parameters of `DELETE /realm/icon`. */
export const DeleteRealmIconParams = z.object({});

/** Parameters of `POST /realm/logo`: which logo, and one image file (multipart). */
export const UploadRealmLogoParams = z.object({
  /** True for the logo shown with the dark theme, false for the light theme's. */
  night: z.boolean(),
  /** A PNG, GIF, JPEG, WebP, AVIF, HEIC or TIFF image of at most `max_logo_file_size_mib` (5 MiB). */
  file: fileParam(FileContent),
});

/** Parameters of `DELETE /realm/logo`: which logo goes back to the default. */
export const DeleteRealmLogoParams = z.object({
  /** True for the dark theme's logo, false for the light theme's. */
  night: z.boolean(),
});

/** Success body of `POST /realm/logo` and `DELETE /realm/logo`. */
export const RealmLogoResponse = successBody({});
