import type { EndpointParams, EndpointResult } from '../contract/endpoint';
import { deactivateCustomEmoji, getCustomEmoji, uploadCustomEmoji } from '../endpoints/custom-emoji';
import { ApiCall } from '../transport/api-call';
import type { CallOptions } from '../transport/call-options';
import { asFile, type FileNaming, type UploadContent } from '../uploads/file-content';
import type { EndpointCaller } from './caller';

/** What {@link CustomEmojiResource.upload} takes: the emoji's name and its image, named and typed when given as bytes. */
export interface CustomEmojiUploadParams extends FileNaming {
  /** Lower-case letters, digits, dashes and underscores (spaces are read as underscores), ending in a letter or digit. */
  readonly emoji_name: string;
  /** A PNG, GIF, JPEG, WebP or AVIF image of at most 5 MiB: a `Blob`, `File` or bytes. */
  readonly content: UploadContent;
}

/** The image types the server takes for custom emoji, by file extension. */
const EMOJI_IMAGE_TYPES: Readonly<Record<string, string>> = {
  avif: 'image/avif',
  gif: 'image/gif',
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/**
 * The type to send untyped content as, from its name: the server refuses an image sent as
 * `application/octet-stream` (what untyped bytes become) with "Invalid image format".
 */
function emojiTypeOf(params: CustomEmojiUploadParams): string | undefined {
  const typed = params.content instanceof Blob && params.content.type !== '';
  if (typed) return undefined;
  const name = params.filename ?? (params.content instanceof File ? params.content.name : '');
  const extension = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  return extension === undefined ? undefined : EMOJI_IMAGE_TYPES[extension];
}

/**
 * The organization's custom emoji, used in messages as `:name:` and in reactions as
 * `realm_emoji`: `client.customEmoji`.
 *
 * @example
 * const { emoji } = await client.customEmoji.list();
 * const active = Object.values(emoji).filter((entry) => !entry.deactivated).map((entry) => entry.name);
 */
export class CustomEmojiResource {
  readonly #call: EndpointCaller;

  /** @internal */
  constructor(call: EndpointCaller) {
    this.#call = call;
  }

  /**
   * Lists the custom emoji by ID, deactivated ones included (`GET /realm/emoji`).
   *
   * @example
   * const { emoji } = await client.customEmoji.list();
   */
  list(params: EndpointParams<typeof getCustomEmoji> = {}, options?: CallOptions): ApiCall<EndpointResult<typeof getCustomEmoji>> {
    return this.#call(getCustomEmoji, params, options);
  }

  /**
   * Uploads an image as a new custom emoji (`POST /realm/emoji/{emoji_name}`, multipart): members
   * holding `can_add_custom_emoji_group`; only administrators may reuse a built-in emoji's name.
   *
   * @example
   * await client.customEmoji.upload({ emoji_name: 'party_parrot', content: gifBytes, filename: 'parrot.gif', contentType: 'image/gif' });
   */
  upload(params: CustomEmojiUploadParams, options?: CallOptions): ApiCall<EndpointResult<typeof uploadCustomEmoji>> {
    let file: Blob;
    try {
      file = asFile(params.content, { filename: params.filename, contentType: params.contentType ?? emojiTypeOf(params) });
    } catch (error) {
      return new ApiCall(Promise.reject(error));
    }
    return this.#call(uploadCustomEmoji, { emoji_name: params.emoji_name, file }, options);
  }

  /**
   * Deactivates a custom emoji (`DELETE /realm/emoji/{emoji_name}`): its author or an
   * administrator. Messages and reactions that used it keep showing it.
   *
   * @example
   * await client.customEmoji.deactivate({ emoji_name: 'green_tick' });
   */
  deactivate(params: EndpointParams<typeof deactivateCustomEmoji>, options?: CallOptions): ApiCall<EndpointResult<typeof deactivateCustomEmoji>> {
    return this.#call(deactivateCustomEmoji, params, options);
  }
}
