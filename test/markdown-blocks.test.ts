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

  // Python-Markdown strips the block's end only; fenced blocks (the server's own handler) trim each line.
  it.each([
    ['    a  \n    b', '<div class="codehilite"><pre><span></span><code>a  \nb\n</code></pre></div>'],
    ['    a\n      \n    b  ', '<div class="codehilite"><pre><span></span><code>a\n\nb\n</code></pre></div>'],
    ['     \n      x', '<div class="codehilite"><pre><span></span><code> \n  x\n</code></pre></div>'],
  ])('indented code keeps its lines\' trailing spaces: %j', (input, html) => {
    expect(render(input)).toBe(html);
  });

  // HashHeaderProcessor's pattern, searched in each block:
  // (?:^|\n)(?P<level>#{1,6})\s(?P<header>(?:\\.|[^\\])*?)#*(?:\n|$)
  it.each([
    ['#', '<p>#</p>'],
    ['#\n\nfoo', '<p>#</p>\n<p>foo</p>'],
    ['x\n###', '<p>x<br>\n###</p>'],
    ['##\nyes!', '<h2>yes!</h2>'],
    ['x\n#\ny', '<p>x</p>\n<h1>y</h1>'],
    ['#\n##', '<h1></h1>'],
    ['#\n# a', '<h1># a</h1>'],
    ['#\n> q', '<h1>&gt; q</h1>'],
    ['#\n    code', '<h1>code</h1>'],
    ['> #\nb', '<blockquote>\n<h1>b</h1>\n</blockquote>'],
    ['* a\n#\nb', '<ul>\n<li>a</li>\n</ul>\n<h1>b</h1>'],
    ['#\n* a', '<p>#</p>\n<ul>\n<li>a</li>\n</ul>'],
    ['#\n```\nx\n```', '<p>#</p>\n<div class="codehilite"><pre><span></span><code>x\n</code></pre></div>'],
    ['#\u00a0a', '<h1>a</h1>'],
    ['# a#', '<h1>a</h1>'],
    ['# a ##  \nb', '<h1>a ##</h1>\n<p>b</p>'],
    ['# a\\#', '<h1>a\\#</h1>'],
    ['# a\\', '<p># a\\</p>'],
    ['# a\\\nb', '<p># a\\<br>\nb</p>'],
    ['#  \nb', '<h1></h1>\n<p>b</p>'],
    // A quote's final empty `>` line ends its text in a newline, which the pattern's \s takes.
    ['>#\n>', '<blockquote>\n<h1></h1>\n</blockquote>'],
    ['> a\n> #\n>', '<blockquote>\n<p>a</p>\n<h1></h1>\n</blockquote>'],
    ['> > #\n>', '<blockquote>\n<blockquote>\n<h1></h1>\n</blockquote>\n</blockquote>'],
    ['>#\n>\n>', '<blockquote>\n<p>#</p>\n</blockquote>'],
    ['> ##\n> \n## -', '<blockquote>\n<h2></h2>\n</blockquote>\n<h2>-</h2>'],
    // Each quote cleans its lines and splits them into blocks where a line is empty and more follow:
    // the text reaching a quote in a quote ends in one newline where a heading, rule or fence splits
    // the block right after the empty `>` line, not where another quoted line follows it.
    ['> > #\n>\n# h', '<blockquote>\n<blockquote>\n<h1></h1>\n</blockquote>\n</blockquote>\n<h1>h</h1>'],
    ['> > ##\n> \n## -', '<blockquote>\n<blockquote>\n<h2></h2>\n</blockquote>\n</blockquote>\n<h2>-</h2>'],
    ['> > #\n>\n---', '<blockquote>\n<blockquote>\n<h1></h1>\n</blockquote>\n</blockquote>\n<hr>'],
    ['> > #\n>\n```\nx\n```', '<blockquote>\n<blockquote>\n<h1></h1>\n</blockquote>\n</blockquote>\n<div class="codehilite"><pre><span></span><code>x\n</code></pre></div>'],
    ['> > #\n> >\n>', '<blockquote>\n<blockquote>\n<p>#</p>\n</blockquote>\n</blockquote>'],
    ['> > #\n> >\n> \nx', '<blockquote>\n<blockquote>\n<h1></h1>\n</blockquote>\n<p>x</p>\n</blockquote>'],
  ])('a heading as the server reads it: %j', (input, html) => {
    expect(render(input)).toBe(html);
  });

  // BlockQuoteProcessor's pattern quotes from a block's first `>` line that has something after
  // it before the block ends: (^|\n)(?!(?:[ ]{0,3}>\s*(?:$|\n))*(?:$|\n))[ ]{0,3}>[ ]?(.*)
  it.each([
    ['x\n>', '<p>x<br>\n&gt;</p>'],
    ['x\n>\n>', '<p>x<br>\n&gt;<br>\n&gt;</p>'],
    ['x\n  >', '<p>x<br>\n  &gt;</p>'],
    ['>   \n\nx', '<p>&gt;   </p>\n<p>x</p>'],
    ['* a\n>', '<ul>\n<li>a<br>\n&gt;</li>\n</ul>'],
    ['> x\n> >', '<blockquote>\n<p>x<br>\n&gt;</p>\n</blockquote>'],
    ['x\n>\n# h', '<p>x<br>\n&gt;</p>\n<h1>h</h1>'],
    ['x\n>\n>y', '<p>x</p>\n<blockquote>\n<p>y</p>\n</blockquote>'],
    ['>\n    1', `<blockquote>\n${CODE_1}\n\n</blockquote>`],
    ['x\n>\n    1', `<p>x</p>\n<blockquote>\n${CODE_1}\n\n</blockquote>`],
  ])('`>` lines with nothing after them up to the end of the block quote nothing: %j', (input, html) => {
    expect(render(input)).toBe(html);
  });

  // Python-Markdown's prettify step: a <br> whose tail is empty or whitespace gets a bare newline.
  it.each([
    ['a\n     *em*', '<p>a<br>\n<em>em</em></p>'],
    ['a\n  `c`', '<p>a<br>\n<code>c</code></p>'],
    ['a\n  http://x.com', '<p>a<br>\n<a href="http://x.com">http://x.com</a></p>'],
    ['a\n  ~~d~~', '<p>a<br>\n<del>d</del></p>'],
    ['a\n  :smile:', '<p>a<br>\n<span aria-label="smile" class="emoji emoji-1f604" role="img" title="smile">:smile:</span></p>'],
    ['a\n  \u00a0*b*', '<p>a<br>\n<em>b</em></p>'],
    ['* a\n  *b*\n   *c*', '<ul>\n<li>a<br>\n<em>b</em><br>\n<em>c</em></li>\n</ul>'],
    ['a\n     b *em*', '<p>a<br>\n     b <em>em</em></p>'],
    ['a\n  &amp;', '<p>a<br>\n  &amp;</p>'],
  ])('whitespace between a line break and the next element goes: %j', (input, html) => {
    expect(render(input)).toBe(html);
  });

  it('mentions in indented code in a quote are written silent, as the quote processor rewrites every line it quotes', () => {
    expect(render('>      @**all**d')).toBe('<blockquote>\n<div class="codehilite"><pre><span></span><code> @_**all**d\n</code></pre></div>\n\n</blockquote>');
    expect(render('```quote\n    @**all**\n```')).toBe('<blockquote>\n<div class="codehilite"><pre><span></span><code>@_**all**\n</code></pre></div>\n\n</blockquote>');
  });

  // The quote takes the rest of the block, lines without `>` included, whatever the block above them.
  it.each([
    ['>     1\n     2', '<blockquote>\n<div class="codehilite"><pre><span></span><code>1\n 2\n</code></pre></div>\n\n</blockquote>'],
    ['>     1\nd', `<blockquote>\n${CODE_1}\n\n<p>d</p>\n</blockquote>`],
    ['> # h\nb', '<blockquote>\n<h1>h</h1>\n<p>b</p>\n</blockquote>'],
    // `clean` empties a line that is `>` once stripped, however deep.
    ['># h\n    >', '<blockquote>\n<h1>h</h1>\n</blockquote>'],
    ['> a\n    >\n    b', `<blockquote>\n<p>a</p>\n<div class="codehilite"><pre><span></span><code>b\n</code></pre></div>\n\n</blockquote>`],
  ])('lines without `>` after a quote stay in it up to the end of the block: %j', (input, html) => {
    expect(render(input)).toBe(html);
  });

  // The quote processor silences mentions on each raw line, `>` included, and the server looks up
  // only the users, groups and channels named where a mention may start in the raw message.
  const wildcard = '<span class="user-mention channel-wildcard-mention" data-user-id="*">@all</span>';
  const hamlet = '<span class="user-mention" data-user-id="1004">@King Hamlet</span>';
  const verona = '<a class="stream" data-stream-id="2001" href="/#narrow/channel/2001-Verona">#Verona</a>';
  it.each([
    ['>@**all**', `<blockquote>\n<p>${wildcard}</p>\n</blockquote>`],
    ['> >@**all**', `<blockquote>\n<blockquote>\n<p>${wildcard}</p>\n</blockquote>\n</blockquote>`],
    ['>@**Nobody**', '<blockquote>\n<p>@<strong>Nobody</strong></p>\n</blockquote>'],
    // Lazily going on with the inner quote, the line has lost its `>` when that quote reads it.
    ['> > a\n>@**all**', `<blockquote>\n<blockquote>\n<p>a<br>\n<span class="user-mention channel-wildcard-mention silent" data-user-id="*">all</span></p>\n</blockquote>\n</blockquote>`],
    ['>@**King @**Nobody**', '<blockquote>\n<p>@<strong>King @_</strong>Nobody**</p>\n</blockquote>'],
    ['>#**Verona**', '<blockquote>\n<p>#<strong>Verona</strong></p>\n</blockquote>'],
    ['#**Verona**\n>#**Verona**', `<p>${verona}</p>\n<blockquote>\n<p>${verona}</p>\n</blockquote>`],
    ['>@**King Hamlet**', '<blockquote>\n<p>@<strong>King Hamlet</strong></p>\n</blockquote>'],
    ['@**King Hamlet**\n>@**King Hamlet**', `<p>${hamlet}</p>\n<blockquote>\n<p>${hamlet}</p>\n</blockquote>`],
  ])('a mention or channel link right after a quote\'s `>` is neither silenced nor looked up: %j', (input, html) => {
    expect(render(input)).toBe(html);
  });

  it('in a list item too, a quote\'s mention right after its `>` is not silenced, one after `> ` is', () => {
    expect(render('* a\n  > @**all**\n\n  >@**all**')).toBe(
      '<ul>\n<li>\n<p>a</p>\n<blockquote>\n<p><span class="user-mention channel-wildcard-mention silent" data-user-id="*">all</span></p>\n</blockquote>\n' +
        `<blockquote>\n<p>${wildcard}</p>\n</blockquote>\n</li>\n</ul>`,
    );
    expect(render('1. a\n>@**Nobody**')).toBe('<ol>\n<li>a<blockquote>\n<p>@<strong>Nobody</strong></p>\n</blockquote>\n</li>\n</ol>');
  });

  it('a mention right after a quote\'s `>` notifies, as it is not silenced', () => {
    expect(renderMessage(realm.state, '>@**all**').mentions.channelWildcard).toBe(true);
    expect([...renderMessage(realm.state, '@**King Hamlet**\n>@**King Hamlet**').mentions.userIds]).toEqual([1004]);
  });

  // The quote's text without its `>`s ends in one newline, which the last paragraph keeps.
  it.each([
    ['>y\n>', '<blockquote>\n<p>y<br>\n</p>\n</blockquote>'],
    ['> y\n> z\n>', '<blockquote>\n<p>y<br>\nz<br>\n</p>\n</blockquote>'],
    ['>y\n>\n# h', '<blockquote>\n<p>y<br>\n</p>\n</blockquote>\n<h1>h</h1>'],
    ['> a\n>\nb\n>', '<blockquote>\n<p>a</p>\n<p>b<br>\n</p>\n</blockquote>'],
    ['> > y\n>', '<blockquote>\n<blockquote>\n<p>y<br>\n</p>\n</blockquote>\n</blockquote>'],
    ['> 1. a\n>', '<blockquote>\n<ol>\n<li>a<br>\n</li>\n</ol>\n</blockquote>'],
    ['> > - *em*\n>', '<blockquote>\n<blockquote>\n<ul>\n<li><em>em</em><br>\n</li>\n</ul>\n</blockquote>\n</blockquote>'],
    ['> 1. a http://x.com\n>', '<blockquote>\n<ol>\n<li>a <a href="http://x.com">http://x.com</a></li>\n</ol>\n</blockquote>'],
    ['>y\n>\n>', '<blockquote>\n<p>y</p>\n</blockquote>'],
    ['> > y\n> >\n>', '<blockquote>\n<blockquote>\n<p>y</p>\n</blockquote>\n</blockquote>'],
    ['> # h\n>', '<blockquote>\n<h1>h</h1>\n</blockquote>'],
    // A quote in a quote whose empty `>` line a heading or rule of the outer quote follows: the
    // outer quote's block splits there, so the inner one's text ends in one newline too.
    ['> > x\n>>\n> ---', '<blockquote>\n<blockquote>\n<p>x<br>\n</p>\n</blockquote>\n<hr>\n</blockquote>'],
    ['> > x\n> >\n> ## h', '<blockquote>\n<blockquote>\n<p>x<br>\n</p>\n</blockquote>\n<h2>h</h2>\n</blockquote>'],
    ['  > > r\n> >\n> ---', '<blockquote>\n<blockquote>\n<p>r<br>\n</p>\n</blockquote>\n<hr>\n</blockquote>'],
    // The server's bare-link pattern ends in (.*?)$, which leaves out a final newline.
    ['> a http://x.com\n>', '<blockquote>\n<p>a <a href="http://x.com">http://x.com</a></p>\n</blockquote>'],
    ['> [x](http://y.com)\n>', '<blockquote>\n<p><a href="http://y.com">x</a><br>\n</p>\n</blockquote>'],
  ])('a quote ending in one empty `>` line ends its last paragraph with a line break: %j', (input, html) => {
    expect(render(input)).toBe(html);
  });

  // NormalizeWhitespace empties only lines after a newline: a first line of spaces starts the first
  // block, which then does not start with 4 spaces, an item or a table, so the paragraph processor
  // takes it (unless the hanging-list preprocessor put a blank line before an item).
  it.each([
    ['  \n     x', '<p>x</p>'],
    ['  \n    x\n    y\nz', '<p>x<br>\n    y<br>\nz</p>'],
    [' \n    x\n\n    y', '<p>x</p>\n<div class="codehilite"><pre><span></span><code>y\n</code></pre></div>'],
    ['    \n     x', '<div class="codehilite"><pre><span></span><code> x\n</code></pre></div>'],
    ['    \n\n    x', '<div class="codehilite"><pre><span></span><code>x\n</code></pre></div>'],
    ['     \n1.', '<div class="codehilite"><pre><span></span><code>\n</code></pre></div>\n\n<p>1.</p>'],
    [' \n1.\ta@b.com', '<p>1.  <a href="mailto:a@b.com">a@b.com</a></p>'],
    ['  \n*\ta', '<p>*   a</p>'],
    [' \n| a | b |\n|---|---|', '<p>| a | b |<br>\n|---|---|</p>'],
    [' \n1. a', '<ol>\n<li>a</li>\n</ol>'],
  ])('a first line of spaces starts the first block: %j', (input, html) => {
    expect(render(input)).toBe(html);
  });
});
