/**
 * The smallest byte sequences that image readers take for images of a given size: headers only
 * (no pixel data), which is all the server reads to decide whether an upload is an image.
 */

function bytes(...parts: (number[] | Uint8Array | string)[]): Uint8Array<ArrayBuffer> {
  const arrays = parts.map((part) => (typeof part === 'string' ? new TextEncoder().encode(part) : Uint8Array.from(part)));
  const out = new Uint8Array(arrays.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of arrays) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

const u32be = (value: number) => [(value >>> 24) & 255, (value >>> 16) & 255, (value >>> 8) & 255, value & 255];
const u16le = (value: number) => [value & 255, (value >>> 8) & 255];
const u32le = (value: number) => [...u16le(value & 0xffff), ...u16le(value >>> 16)];

function pngChunk(type: string, data: number[]): Uint8Array {
  // The CRC is not checked by header readers; zeros keep the builder short.
  return bytes(u32be(data.length), type, data, [0, 0, 0, 0]);
}

/** A PNG of `width` x `height`; with `frames` > 1 an APNG (`acTL` before the image data). */
export function png(width: number, height: number, frames = 1): Uint8Array<ArrayBuffer> {
  const header = pngChunk('IHDR', [...u32be(width), ...u32be(height), 8, 6, 0, 0, 0]);
  const animation = frames > 1 ? [pngChunk('acTL', [...u32be(frames), ...u32be(0)])] : [];
  return bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], header, ...animation, pngChunk('IDAT', []), pngChunk('IEND', []));
}

/** A GIF of `width` x `height` with `frames` image blocks (more than one: animated). */
export function gif(width: number, height: number, frames = 1): Uint8Array<ArrayBuffer> {
  const frame = [0x21, 0xf9, 4, 0, 10, 0, 0, 0, 0x2c, ...u16le(0), ...u16le(0), ...u16le(width), ...u16le(height), 0, 2, 1, 0, 0];
  return bytes('GIF89a', [...u16le(width), ...u16le(height), 0, 0, 0], ...Array.from({ length: frames }, () => frame), [0x3b]);
}

/** A JPEG of `width` x `height` whose EXIF orientation is `orientation` (5 to 8: turned a quarter). */
export function jpeg(width: number, height: number, orientation = 1): Uint8Array<ArrayBuffer> {
  const tiff = [0x4d, 0x4d, 0, 42, ...u32be(8), 0, 1, 0x01, 0x12, 0, 3, ...u32be(1), 0, orientation, 0, 0, ...u32be(0)];
  const exif = bytes('Exif', [0, 0], tiff);
  const app1 = bytes([0xff, 0xe1, ((exif.length + 2) >> 8) & 255, (exif.length + 2) & 255], exif);
  const sof = [0xff, 0xc0, 0, 17, 8, (height >> 8) & 255, height & 255, (width >> 8) & 255, width & 255, 3, 1, 0x11, 0, 2, 0x11, 1, 3, 0x11, 1];
  return bytes([0xff, 0xd8], app1, sof, [0xff, 0xd9]);
}

/** A little-endian TIFF of `width` x `height` (a type browsers do not show). */
export function tiff(width: number, height: number): Uint8Array<ArrayBuffer> {
  const entry = (tag: number, value: number) => [...u16le(tag), ...u16le(4), ...u32le(1), ...u32le(value)];
  return bytes('II', u16le(42), u32le(8), u16le(2), entry(256, width), entry(257, height), u32le(0));
}

function riffChunk(tag: string, data: number[]): Uint8Array<ArrayBuffer> {
  return bytes(tag, u32le(data.length), data, data.length % 2 ? [0] : []);
}

/** An extended WebP of `width` x `height`; with `frames` > 1 animated (one `ANMF` chunk per frame). */
export function webp(width: number, height: number, frames = 1): Uint8Array<ArrayBuffer> {
  const u24le = (value: number) => [value & 255, (value >>> 8) & 255, (value >>> 16) & 255];
  const animated = frames > 1;
  const header = riffChunk('VP8X', [animated ? 0x02 : 0, 0, 0, 0, ...u24le(width - 1), ...u24le(height - 1)]);
  const chunks = animated
    ? [riffChunk('ANIM', [0, 0, 0, 0, 0, 0]), ...Array.from({ length: frames }, () => riffChunk('ANMF', new Array<number>(16).fill(0)))]
    : [riffChunk('VP8 ', new Array<number>(10).fill(0))];
  const body = bytes('WEBP', header, ...chunks);
  return bytes('RIFF', u32le(body.length), body);
}
