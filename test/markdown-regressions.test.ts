import { describe, expect, it } from 'vitest';
import { ManualClock } from '../mock/domain/clock';
import { renderMessage } from '../mock/domain/markdown/render';
import { createMockServer } from '../mock/index';

// Regressions found in review, each expected value the HTML the server's own Markdown processor
// (Zulip main, December 2025, on Python-Markdown 3.10) wrote for the input.
const realm = createMockServer({ baseUrl: 'http://chat.test', clock: new ManualClock() });

function render(content: string): string {
  return renderMessage(realm.state, content).html;
}

describe('markdown regressions', () => {
  // BACKTICK_RE's `(?<!\\)` only stops a run from opening right after the backslash: the next
  // backtick of the same run may open code.
  it.each([
    ['\\``a`', '<p>\\`<code>a</code></p>'],
    ['\\\\\\``a`', '<p>\\\\\\`<code>a</code></p>'],
    ['\\\\``a`', '<p>\\<code>`a</code></p>'],
    ['\\```a```', '<p>\\```a```</p>'],
  ])('a backslash before a backtick run makes only one backtick text: %j', (input, html) => {
    expect(render(input)).toBe(html);
  });

  // Python-Markdown quotes the whole block at any depth: no cap on reading quotes in quotes its way.
  it('reads a quote 25 deep the server\'s way', () => {
    const code = '<div class="codehilite"><pre><span></span><code>1\n 2\n</code></pre></div>\n\n';
    const html = `${'<blockquote>\n'.repeat(25)}${code}${Array.from({ length: 25 }, () => '</blockquote>').join('\n')}`;
    expect(render(`${'>'.repeat(25)}     1\n     2`)).toBe(html);
  });
});
