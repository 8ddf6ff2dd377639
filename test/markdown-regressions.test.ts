import { describe, expect, it } from 'vitest';
import { ManualClock } from '../mock/domain/clock';
import { MAX_NESTING } from '../mock/domain/markdown/nesting';
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

  // markdown-it's default maxNesting (100) cut quotes at 100 and lists at 50 levels; the server nests them.
  it('nests a quote 120 deep and a list 60 levels, as the server does', () => {
    expect(render(`${'>'.repeat(120)} a`)).toBe(`${'<blockquote>\n'.repeat(120)}<p>a</p>\n${Array.from({ length: 120 }, () => '</blockquote>').join('\n')}`);
    const list = Array.from({ length: 60 }, (_, level) => `${'  '.repeat(level)}* a`).join('\n');
    expect(render(list)).toBe(`${'<ul>\n<li>a'.repeat(60)}${Array.from({ length: 60 }, () => '</li>\n</ul>').join('\n')}`);
  });

  // docs/rendering.md, "How deep blocks nest": MAX_NESTING levels, no deeper, and no input overflows the stack.
  it('nests blocks at most MAX_NESTING (500) levels deep', () => {
    const count = (html: string, part: string) => html.split(part).length - 1;
    expect(MAX_NESTING).toBe(500);
    const quotes = render(`${'>'.repeat(10_000)} a`);
    expect([count(quotes, '<blockquote>'), count(quotes, '</blockquote>'), quotes.includes('a')]).toEqual([500, 500, false]);
    const spoilers = render(`${'```spoiler x\n'.repeat(3000)}a`);
    expect([count(spoilers, 'spoiler-block'), count(spoilers, '</div></div>'), spoilers.includes('<p>a</p>')]).toEqual([500, 500, false]);
    const fencedQuotes = render(`${'```quote\n'.repeat(3000)}a`);
    expect([count(fencedQuotes, '<blockquote>'), fencedQuotes.includes('<p>a</p>')]).toEqual([500, false]);
    const list = render(Array.from({ length: 300 }, (_, level) => `${'  '.repeat(level)}* a`).join('\n'));
    expect(count(list, '<ul>')).toBe(250);
    expect(list).toContain('<li>a<p>* a<br>\n  * a<br>\n');
    expect(count(render(`${'* '.repeat(10_000)}a`), '<ul>')).toBe(500);
  });

  // A table in a tight item follows its words on the same line, as the item's other blocks do.
  it.each([
    ['* x\n\n    |a|b\n    |-|-\n    c|d', '<ul>\n<li>x<table>\n<thead>\n<tr>\n<th>a</th>\n<th>b</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>c</td>\n<td>d</td>\n</tr>\n</tbody>\n</table>\n</li>\n</ul>'],
    ['1. x\n\n    |a|b\n    |-|-\n    c|d\n\n    y', '<ol>\n<li>x<table>\n<thead>\n<tr>\n<th>a</th>\n<th>b</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>c</td>\n<td>d</td>\n</tr>\n</tbody>\n</table>\n<p>y</p>\n</li>\n</ol>'],
  ])('a table in a list item follows the item\'s words: %j', (input, html) => {
    expect(render(input)).toBe(html);
  });
});
