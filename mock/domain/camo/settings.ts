/**
 * The server's Camo settings (`CAMO_URI`, `CAMO_KEY`): where external images, videos and audio
 * are loaded from, through the Camo image proxy, and the key its URLs are signed with.
 */

/** `CAMO_URI` of the server's production settings template, served by its nginx and go-camo. */
export const DEFAULT_CAMO_URI = '/external_content/';

/**
 * The `CAMO_KEY` of a mock server not given one: public, so that a test can compute the URLs a
 * message holds (a real server generates its own secret key at installation).
 */
export const DEFAULT_CAMO_KEY = 'teamchat-mock-camo-key';

/** The Camo settings a mock server takes: either part may be left out; an empty `uri` turns Camo off. */
export interface CamoOptions {
  /**
   * `CAMO_URI`: what the proxied URLs start with, the proxy's address (relative to the realm, or
   * absolute for a proxy elsewhere, as the server's test settings' CDN).
   * @default '/external_content/'
   */
  readonly uri?: string | undefined;
  /**
   * `CAMO_KEY`: the HMAC-SHA1 key that signs each proxied URL.
   * @default DEFAULT_CAMO_KEY
   */
  readonly key?: string | undefined;
}

/** Camo as a realm's server has it, when on. */
export interface CamoSettings {
  readonly uri: string;
  readonly key: string;
}

/**
 * The settings an option stands for: Camo with the production URI and the mock's public key by
 * default; none (the server's `CAMO_URI = ""`) for `false` or an empty URI.
 */
export function camoSettings(option: CamoOptions | false | undefined): CamoSettings | undefined {
  if (option === false) return undefined;
  const uri = option?.uri ?? DEFAULT_CAMO_URI;
  return uri === '' ? undefined : { uri, key: option?.key ?? DEFAULT_CAMO_KEY };
}
