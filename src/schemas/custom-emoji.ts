import * as z from 'zod/mini';
import { fileParam } from '../contract/wire';
import { Id, successBody } from './common';
import { FileContent } from './upload';

/** A custom emoji of the organization, as `GET /realm/emoji` and the `realm_emoji` state list it. */
export const CustomEmoji = z.looseObject({
  /** Its ID as text: the `emoji_code` of reactions with it (`reaction_type: 'realm_emoji'`). */
  id: z.string(),
  name: z.string(),
  /** Where the image is, below the organization's URL. */
  source_url: z.string(),
  /** For an animated emoji: a still image of its first frame (null or absent otherwise). */
  still_url: z.optional(z.nullable(z.string())),
  /** A deactivated emoji stays listed (old messages show it) but can no longer be used. */
  deactivated: z.boolean(),
  /** Who uploaded it; null when unknown. */
  author_id: z.optional(z.nullable(Id)),
});
/** A custom emoji of the organization. */
export type CustomEmoji = z.output<typeof CustomEmoji>;

/** Custom emoji by ID (as text), deactivated ones included. */
export const CustomEmojiById = z.record(z.string(), CustomEmoji);

/** Parameters of `GET /realm/emoji`. */
export const GetCustomEmojiParams = z.object({});

/** Success body of `GET /realm/emoji`. */
export const GetCustomEmojiResponse = successBody({ emoji: CustomEmojiById });

/** Parameters of `POST /realm/emoji/{emoji_name}`: the name and one image file (multipart). */
export const UploadCustomEmojiParams = z.object({
  /** Lower-case letters, digits, dashes and underscores (spaces are read as underscores), ending in a letter or digit. */
  emoji_name: z.string(),
  /** A PNG, GIF, JPEG, WebP or AVIF image of at most 5 MiB. */
  file: fileParam(FileContent),
});

/** Success body of `POST /realm/emoji/{emoji_name}`. */
export const UploadCustomEmojiResponse = successBody({});

/** Parameters of `DELETE /realm/emoji/{emoji_name}`. */
export const DeactivateCustomEmojiParams = z.object({ emoji_name: z.string() });

/** Success body of `DELETE /realm/emoji/{emoji_name}`. */
export const DeactivateCustomEmojiResponse = successBody({});
