import { describe, expect, it } from 'vitest';
import { ManualClock } from '../mock/domain/clock';
import { renderMessage } from '../mock/domain/markdown/render';
import { createMockServer } from '../mock/index';

// Block structure (headings, quotes, indented code, paragraphs and line breaks) as Zulip's own
// Markdown processor writes it: every expected value is the HTML the server's code (Zulip main,
// December 2025, on Python-Markdown 3.10) produced for the input.
const realm = createMockServer({ baseUrl: 'http://chat.test', clock: new ManualClock() });

function render(content: string): string {
  return renderMessage(realm.state, content).html;
}

const CODE_1 = '<div class="codehilite"><pre><span></span><code>1\n</code></pre></div>';

describe('block structure as the server writes it', () => {
  // Python-Markdown's codehilite turns the <pre> into a <p> holding a placeholder, then puts
  // Pygments' HTML (ending in a newline) in its place: the <p>'s own newline follows.
  it.each([
    ['    1\na', `${CODE_1}\n\n<p>a</p>`],
    ['    1\n\n# h', `${CODE_1}\n\n<h1>h</h1>`],
    ['    1\n```\nx\n```', `${CODE_1}\n\n<div class="codehilite"><pre><span></span><code>x\n</code></pre></div>`],
    ['>     1', `<blockquote>\n${CODE_1}\n\n</blockquote>`],
    ['> > \t1', `<blockquote>\n<blockquote>\n${CODE_1}\n\n</blockquote>\n</blockquote>`],
    ['    1', CODE_1],
  ])('an indented code block is followed by a blank line: %j', (input, html) => {
    expect(render(input)).toBe(html);
  });
});
