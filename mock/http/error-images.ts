/**
 * A 1×1 transparent PNG standing in for the server's error images
 * (`static/images/errors/image-not-exist.png`, `image-no-auth.png`): the mock does not ship
 * the server's artwork, only an image of the same type under the same name.
 */
const PLACEHOLDER_PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='),
  (character) => character.charCodeAt(0),
);

/** Which of the server's error images: a missing file (404) or one the caller may not see (403). */
export type ErrorImage = 'not_exist' | 'no_auth';

const IMAGES: Record<ErrorImage, { readonly status: number; readonly name: string }> = {
  not_exist: { status: 404, name: 'image-not-exist.png' },
  no_auth: { status: 403, name: 'image-no-auth.png' },
};

/**
 * The server's `serve_image_error`: the image served as a file response, with the error's status,
 * where a browser's `<img>` asked for an uploaded file (or any thumbnail that does not exist).
 */
export function errorImageResponse(image: ErrorImage, method: string, headers: Readonly<Record<string, string>> = {}): Response {
  const { status, name } = IMAGES[image];
  return new Response(method === 'HEAD' ? null : PLACEHOLDER_PNG.slice(), {
    status,
    headers: {
      'content-type': 'image/png',
      'content-length': String(PLACEHOLDER_PNG.byteLength),
      'content-disposition': `inline; filename="${name}"`,
      ...headers,
    },
  });
}
