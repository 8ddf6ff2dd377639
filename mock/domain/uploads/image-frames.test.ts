import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gif, png, webp } from '../../../test/support/image-bytes';
import { imageFrames } from './image-frames';

const TYPES = ['image/gif', 'image/png', 'image/apng', 'image/webp', 'image/jpeg'] as const;

describe('imageFrames', () => {
  it('counts GIF image blocks and the APNG frame count', () => {
    expect(imageFrames(gif(4, 4, 5), 'image/gif')).toBe(5);
    expect(imageFrames(gif(4, 4), 'image/gif')).toBe(1);
    expect(imageFrames(png(4, 4, 7), 'image/png')).toBe(7);
    expect(imageFrames(png(4, 4), 'image/png')).toBe(1);
    expect(imageFrames(webp(4, 4, 6), 'image/webp')).toBe(6);
    expect(imageFrames(webp(4, 4), 'image/webp')).toBe(1);
  });

  it('answers at least one frame, without throwing, for any bytes of any type (uploads are untrusted)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.constantFrom(...TYPES), (bytes, type) => {
        const frames = imageFrames(bytes, type);
        expect(Number.isInteger(frames) && frames >= 1).toBe(true);
      }),
    );
  });

  it('survives truncated and corrupted real headers', () => {
    for (const whole of [gif(9, 9, 3), png(9, 9, 3), webp(9, 9, 3)]) {
      for (let cut = 0; cut < whole.length; cut++) {
        expect(imageFrames(whole.slice(0, cut), 'image/gif')).toBeGreaterThanOrEqual(1);
        expect(imageFrames(whole.slice(0, cut), 'image/png')).toBeGreaterThanOrEqual(1);
        expect(imageFrames(whole.slice(0, cut), 'image/webp')).toBeGreaterThanOrEqual(1);
      }
    }
  });
});
