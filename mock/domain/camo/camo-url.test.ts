import { describe, expect, it } from 'vitest';
import { camoPath } from './camo-url';

describe('camoPath (the server\'s generate_camo_url)', () => {
  it("gives the server's fixture URLs under its test key 'dummy', a non-ASCII URL by its UTF-8 bytes", () => {
    expect(camoPath('https://www.google.com/images/srpr/logo4w.png', 'dummy')).toBe(
      '56c362a24201593891955ff526b3b412c0f9fcd2/68747470733a2f2f7777772e676f6f676c652e636f6d2f696d616765732f737270722f6c6f676f34772e706e67',
    );
    expect(camoPath('http://example.com/audio.mp3', 'dummy')).toBe('57cf2db553c3f6cc2af6781c11232e70983f4762/687474703a2f2f6578616d706c652e636f6d2f617564696f2e6d7033');
    expect(camoPath('http://é.com/', 'dummy').split('/')[1]).toBe('687474703a2f2fc3a92e636f6d2f');
  });
});
