import { describe, expect, it } from 'vitest';
import { unusedFence } from './unused-fence';

describe('unusedFence (the server’s get_unused_fence)', () => {
  it('is one backtick longer than the longest fence opening a line, three at least', () => {
    expect(unusedFence('plain')).toBe('```');
    expect(unusedFence('```js\nsomething\n```')).toBe('````');
    expect(unusedFence('```\n````\n``````')).toBe('```````');
    expect(unusedFence('~~~\nsomething\n~~~')).toBe('```');
  });

  it('counts a fence indented up to three spaces, not four', () => {
    expect(unusedFence('```code\n   ````')).toBe('`````');
    expect(unusedFence('```code\n    ````')).toBe('````');
  });

  it('starts lines only after \\n, as Python’s multiline ^ does', () => {
    for (const separator of ['\r', '\u2028', '\u2029']) expect(unusedFence(`a${separator}\`\`\`\``)).toBe('```');
    expect(unusedFence('a\r\n````')).toBe('`````');
  });
});
