/**
 * Frame counts of GIF, PNG (APNG) and WebP files, for the server's `data-animated` and `-anim`
 * thumbnails (it calls an image animated when it has more than one frame). Any other type, or a
 * file these readers cannot walk, counts as one frame.
 */

const ASCII = new TextDecoder('latin1');

function tag(bytes: Uint8Array, at: number): string {
  return ASCII.decode(bytes.subarray(at, at + 4));
}

function gifFrames(bytes: Uint8Array): number {
  const packed = bytes[10] ?? 0;
  let at = 13 + (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);
  let frames = 0;
  const skipSubBlocks = (): void => {
    while (at < bytes.length && bytes[at] !== 0) at += (bytes[at] ?? 0) + 1;
    at += 1;
  };
  while (at < bytes.length) {
    const introducer = bytes[at];
    if (introducer === 0x21) {
      at += 2;
      skipSubBlocks();
    } else if (introducer === 0x2c) {
      frames += 1;
      const local = bytes[at + 9] ?? 0;
      at += 10 + (local & 0x80 ? 3 * 2 ** ((local & 0x07) + 1) : 0) + 1;
      skipSubBlocks();
    } else {
      break;
    }
  }
  return Math.max(frames, 1);
}

function uint32(bytes: Uint8Array, at: number, littleEndian: boolean): number {
  return new DataView(bytes.buffer, bytes.byteOffset + at, 4).getUint32(0, littleEndian);
}

function pngFrames(bytes: Uint8Array): number {
  // Chunks after the 8-byte signature: length, type, data, CRC. `acTL` comes before the image data.
  for (let at = 8; at + 12 <= bytes.length; ) {
    const length = uint32(bytes, at, false);
    const type = tag(bytes, at + 4);
    if (type === 'acTL' && at + 12 <= bytes.length) return Math.max(uint32(bytes, at + 8, false), 1);
    if (type === 'IDAT') break;
    at += 12 + length;
  }
  return 1;
}

function webpFrames(bytes: Uint8Array): number {
  let frames = 0;
  // RIFF chunks after the 12-byte header: tag, little-endian length, data padded to even length.
  for (let at = 12; at + 8 <= bytes.length; ) {
    const length = uint32(bytes, at + 4, true);
    if (tag(bytes, at) === 'ANMF') frames += 1;
    at += 8 + length + (length % 2);
  }
  return Math.max(frames, 1);
}

/** How many frames an image has, by its content type. */
export function imageFrames(bytes: Uint8Array, contentType: string): number {
  if (contentType === 'image/gif') return gifFrames(bytes);
  if (contentType === 'image/png' || contentType === 'image/apng') return pngFrames(bytes);
  if (contentType === 'image/webp') return webpFrames(bytes);
  return 1;
}
