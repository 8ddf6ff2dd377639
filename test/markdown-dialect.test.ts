import { describe, expect, it } from 'vitest';
import { ManualClock } from '../mock/domain/clock';
import { renderMessage } from '../mock/domain/markdown/render';
import { createMockServer } from '../mock/index';

// Behaviours the server's own cases leave implicit, each from a fact: Pygments' lexer names for
// aliases, the server's rule that a fence closes only on the same fence. Media sources as a server
// without Camo writes them (test/markdown-camo.test.ts has Camo's).
const realm = createMockServer({ baseUrl: 'http://chat.test', clock: new ManualClock(), camo: false });

function render(content: string): string {
  return renderMessage(realm.state, content).html;
}

function code(body: string, language?: string): string {
  const attribute = language === undefined ? '' : ` data-code-language="${language}"`;
  return `<div class="codehilite"${attribute}><pre><span></span><code>${body}\n</code></pre></div>`;
}

describe('the server dialect beyond its own cases', () => {
  it.each([
    ['text', 'Text only'],
    ['js', 'JavaScript'],
    ['PY', 'Python'],
    ['c++', 'C++'],
    ['Zulip', 'zulip'],
    ['MyLang', 'mylang'],
  ])('```%s names the language %s, as Pygments does (an unknown one lower-cased, as the server reads every fence language)', (alias, name) => {
    expect(render(`\`\`\`${alias}\nx\n\`\`\``)).toBe(code('x', name));
  });

  it("a block with a language keeps quotes as typed (lxml writes it again); one without has Pygments' &quot; and &#39;", () => {
    expect(render('```js\nf("a", \'b\') && <x>\n```')).toBe(code('f("a", \'b\') &amp;&amp; &lt;x&gt;', 'JavaScript'));
    expect(render('```\nf("a", \'b\') && <x>\n```')).toBe(code('f(&quot;a&quot;, &#39;b&#39;) &amp;&amp; &lt;x&gt;'));
  });

  it('a link target is written as typed (sanitize_url): no percent-encoding of non-ASCII, no punycode, quotes escaped as HTML', () => {
    expect(render('[a](http://example.com/Здравейте?q=ä)')).toBe('<p><a href="http://example.com/Здравейте?q=ä">a</a></p>');
    expect(render('[a](http://пример.рф/x)')).toBe('<p><a href="http://пример.рф/x">a</a></p>');
    expect(render('[a](http://example.com/a%20b/\\x)')).toBe('<p><a href="http://example.com/a%20b/\\x">a</a></p>');
    expect(render('[a](http://example.com/a"b)')).toBe('<p><a href="http://example.com/a&quot;b">a</a></p>');
  });

  // Expected HTML from the server's renderer (scripts/markdown-oracle/server_renderer.py).
  it.each([
    ["http://example.com/a&#39;42", "<p><a href=\"http://example.com/a&#39;42\">http://example.com/a&#39;42</a></p>"],
    ["http://e.com/a&copy;b x", "<p><a href=\"http://e.com/a&copy;b\">http://e.com/a&copy;b</a> x</p>"],
    ["<http://e.com/a&#39;b>", "<p>&lt;<a href=\"http://e.com/a&#39;b\">http://e.com/a&#39;b</a>&gt;</p>"],
    ["[x](http://e.com/a&#39;b)", "<p><a href=\"http://e.com/a&#39;b\">x</a></p>"],
    ["[x](http://e.com/a&b&#39;&c;)", "<p><a href=\"http://e.com/a&amp;b&#39;&c;\">x</a></p>"],
    ["[x](http://e.com/a\\_b)", "<p><a href=\"http://e.com/a\\_b\">x</a></p>"],
    ["[x](http://e.com/a \"t&amp;&#39;\")", "<p><a href=\"http://e.com/a\" title=\"t&amp;&#39;\">x</a></p>"],
    ["![x](http://e.com/a&#39;b.png \"t&#39;&\")", "<p><img alt=\"x\" data-original-src=\"http://e.com/a&#39;b.png\" src=\"http://e.com/a&#39;b.png\" title=\"t&#39;&amp;\"></p>"],
    ["http://e.com/a&amp;b.png", "<div class=\"message_inline_image\"><a href=\"http://e.com/a&amp;b.png\"><img src=\"http://e.com/a&amp;b.png\"></a></div>"],
  ])('%j: a link or image target and title are written as typed, character references and backslashes kept (the server decodes neither, and its serializer keeps an & that starts a reference)', (input, expected) => {
    expect(render(input)).toBe(expected);
  });

  // The server's patterns before links (code spans, `***strong em***`, mentions, channel links,
  // times) have left each of their elements as one placeholder when getLink reads the target and
  // title: a `)`, quote or `<` in one counts for nothing, and unescape writes the element's text
  // (itertext: a code span's escaped as its element holds it). Expected HTML from the server's renderer.
  it.each([
    ["[x](@**Iago** y)", "<p><a href=\"mailto:@Iago%20y\">x</a></p>"],
    ["[x](a`)`b)", "<p><a href=\"http://a)b\">x</a></p>"],
    ["[x](http://e.com/`c`)", "<p><a href=\"http://e.com/c\">x</a></p>"],
    ["[x](http://e.com/a \"t `q` r\")", "<p><a href=\"http://e.com/a\" title=\"t q r\">x</a></p>"],
    ["[x](a`\"`b \"t\")", "<p><a href=\"http://a&quot;b\" title=\"t\">x</a></p>"],
    ["[x](a`&<`b)", "<p><a href=\"http://a&amp;&lt;b\">x</a></p>"],
    ["[x](<a `>` b>)", "<p><a href=\"http://a%20&gt;%20b\">x</a></p>"],
    ["[x](#**Verona** a)", "<p><a href=\"#Verona%20a\">x</a></p>"],
    ["[x](#**Verona>topic**)", "<p><a href=\"#Verona%20&gt;%20topic\">x</a></p>"],
    ["[x](<time:2024-01-15 10:00>)", "<p><a href=\"http://2024-01-15%2010:00\">x</a></p>"],
    ["[x](<time:bad>)", "<p><a href=\"http://Invalid%20time%20format:%20bad\">x</a></p>"],
    ["[x](http://e.com/***b***)", "<p><a href=\"http://e.com/b\">x</a></p>"],
    ["[x](http://e.com/@_**Iago**)", "<p><a href=\"http://e.com/Iago\">x</a></p>"],
    ["[x](@*hamletcharacters*)", "<p><a href=\"mailto:@hamletcharacters\">x</a></p>"],
    ["![x](http://e.com/`a.png`)", "<p><img alt=\"x\" data-original-src=\"http://e.com/a.png\" src=\"http://e.com/a.png\"></p>"],
    ["[x](\\`a`)", "<p><a href=\"http://\\`a`\">x</a></p>"],
    // Inside emphasis too (no mention right after the strong em's placeholder).
    ["**[x](***b***@**Iago**)***", "<p><strong><a href=\"mailto:b@**Iago**\">x</a></strong>*</p>"],
    ["**[x](***b***x**y**)**", "<p><strong><a href=\"http://bx**y**\">x</a></strong></p>"],
    // An even run of backslashes before a backtick is the code pattern's too: half as many.
    ["[x](\\\\`a)", "<p><a href=\"http://\\`a\">x</a></p>"],
    ["[x](a\\\\\\\\`b`c)", "<p><a href=\"http://a\\\\bc\">x</a></p>"],
    // (A target longer than the scan's budget: read from the index of the text's parentheses.)
    [`[x](a${'b'.repeat(300)}\`)\`c "t \`)\`")`, `<p><a href="http://a${'b'.repeat(300)})c" title="t )">x</a></p>`],
  ])('%j: a code span, mention, channel link or time in a link target or title is read as its text, its characters counting for nothing', (input, expected) => {
    expect(render(input)).toBe(expected);
  });

  it("a mention in a link target mentions, as the server's mention pattern counts each it matches before links run", () => {
    const mentions = renderMessage(realm.state, '[x](@**Iago**) [y](@**all**)').mentions;
    expect([...mentions.userIds]).toEqual([1002]);
    expect(mentions.channelWildcard).toBe(true);
  });

  // Python-Markdown's getLink reads the target up to the `)` closing the link's `(`, spaces and
  // newlines included, a title being the last quoted text right before it. Expected HTML from the
  // server's renderer.
  it.each([
    ['[x](http://e.com/a b)', '<p><a href="http://e.com/a%20b">x</a></p>'],
    ['[x](http://e.com/a"t")', '<p><a href="http://e.com/a" title="t">x</a></p>'],
    ['[x](http://e.com/a (t))', '<p><a href="http://e.com/a%20(t)">x</a></p>'],
    ['[x](http://e.com/a "t"x)', '<p><a href="http://e.com/a%20&quot;t&quot;x">x</a></p>'],
    ['[x](http://e.com/a "t)', '<p><a href="http://e.com/a%20&quot;t">x</a></p>'],
    ['[x](http://e.com/a "t "u" v")', '<p><a href="http://e.com/a" title="t &quot;u&quot; v">x</a></p>'],
    ['[x](http://e.com/a \'it"s\')', '<p><a href="http://e.com/a" title="it&quot;s">x</a></p>'],
    ['[x](http://e.com/a\nb)', '<p><a href="http://e.com/ab">x</a></p>'],
    ['[x]()', '<p><a href="http://">x</a></p>'],
    // An image's source that urlsplit refuses (one square bracket in the host) is empty, as a link's.
    ["![x](])", "<p><img alt=\"x\" data-original-src=\"\" src=\"\"></p>"],
    ["![x](x]y)", "<p><img alt=\"x\" data-original-src=\"\" src=\"\"></p>"],
    ["![x]()", "<p><img alt=\"x\" data-original-src=\"http://\" src=\"http://\"></p>"],
    ['[x](http://e.com/a\\)b)', '<p><a href="http://e.com/a\\">x</a>b)</p>'],
    ['[x](<http://e.com/a\\>b>)', '<p><a href="http://&lt;http://e.com/a\\&gt;b&gt;">x</a></p>'],
    ['[x](http://e.com/a "")', '<p><a href="http://e.com/a" title="">x</a></p>'],
    ['![x](http://e.com/a b.png)', '<p><img alt="x" data-original-src="http://e.com/a%20b.png" src="http://e.com/a%20b.png"></p>'],
    ['![x](http://e.com/a.png "t "u"")', '<p><img alt="x" data-original-src="http://e.com/a.png" src="http://e.com/a.png" title="t &quot;u&quot;"></p>'],
  ])('%j: a link or image target and title as the server reads them', (input, expected) => {
    expect(render(input)).toBe(expected);
  });

  // A link's text is its brackets' balanced content, read with none of the patterns after links:
  // a link or an image in it stays text. Expected HTML from the server's renderer.
  it.each([
    ['[![img](http://e.com/x.png)](http://e.com/y)', '<p><a href="http://e.com/y">![img](http://e.com/x.png)</a></p>'],
    ['[a [b](c) d](http://e.com)', '<p><a href="http://e.com">a [b](c) d</a></p>'],
    ['[[a](b)](c)', '<p><a href="http://c">[a](b)</a></p>'],
  ])('%j: a link in a link\'s text stays text', (input, expected) => {
    expect(render(input)).toBe(expected);
  });

  // Expected targets computed with the server's sanitize_url (Python's urlsplit/urlunsplit).
  it.each([
    ['HTTP://example.com/A', 'http://example.com/A'],
    ['Mailto:foo@bar.com', 'mailto:foo@bar.com'],
    ['http://example.com/x?', 'http://example.com/x'],
    ['http://example.com/x?#', 'http://example.com/x'],
    ['http://example.com/x?#top', 'http://example.com/x#top'],
    ['foo@bar.com/x', 'mailto:foo@bar.com/x'],
    ['foo@bar.com?subject=hi', 'mailto:foo@bar.com?subject=hi'],
    ['example.com/a', 'http://example.com/a'],
    ['file:///etc/hosts', 'file:///etc/hosts'],
    ['irc://irc.example.com/chan', 'irc://irc.example.com/chan'],
    ['magnet:?xt=urn:btih:abc', 'magnet:?xt=urn:btih:abc'],
    ['xmpp:user@example.com', 'xmpp:user@example.com'],
    ['geo:37.7,-122.4', 'geo:37.7,-122.4'],
    ['matrix:r/room:example.org', 'matrix:r/room:example.org'],
    ['sip:alice@example.com', 'sip:alice@example.com'],
    // urlunsplit writes `//` after a scheme that uses a host; `//host` without a scheme gets `http:`.
    ['http:x', 'http:///x'],
    ['//example.com/x', 'http://example.com/x'],
    ['///x', '/x'],
    ['//?q', 'http://?q'],
    ['http://[::1]/x', 'http://[::1]/x'],
    // urlsplit refuses a host with one bracket, or no IPv6 address in brackets: sanitize_url writes ''.
    ['http://[x/y', ''],
    ['x]y', ''],
    ['http://[1.2.3.4]/', ''],
  ])('[a](%s) links to %s, as sanitize_url writes it (the HTML safelisted schemes, the scheme lower-cased, empty query and fragment dropped)', (target, href) => {
    expect(render(`[a](${target})`)).toBe(`<p><a href="${href}">a</a></p>`);
  });

  it.each(['javascript:alert(1)', 'data:text/html,x', 'itms://apps', 'foo:bar'])('[a](%s) stays text: a scheme the server does not allow', (target) => {
    expect(render(`[a](${target})`)).toBe(`<p>[a](${target})</p>`);
  });

  it("an indented fence in a list item is no fence (the server reads fences at a line's start): the item's text, and the items after it stay items", () => {
    for (const [input, item] of [
      ['1. a\n\n   ```py\n   x = 1\n   ```\n2. b', '<li>\n<p>b</p>\n</li>'],
      ['1. Install:\n\n    ```\n    pip install x\n    ```\n\n2. Run it', '<li>\n<p>Run it</p>\n</li>'],
      ['- step\n\n    ```\n    code\n    ```\n- next', '<li>\n<p>next</p>\n</li>'],
    ] as const) {
      const html = render(input);
      expect(html).toContain(item);
      expect(html).not.toContain('codehilite');
    }
  });

  it('a fence closes only on the same fence: a longer one is content', () => {
    expect(render('```\na\n````\nb\n```')).toBe(code('a\n````\nb'));
  });

  it("lines after an empty `>` line stay in the quote up to the blank line, as Python-Markdown's quote reads its block", () => {
    expect(render('> a\n>\nb')).toBe('<blockquote>\n<p>a</p>\n<p>b</p>\n</blockquote>');
    expect(render('> a\n>\nb\n\nc')).toBe('<blockquote>\n<p>a</p>\n<p>b</p>\n</blockquote>\n<p>c</p>');
    // A lazy line right after quoted text continues that paragraph, in both readings.
    expect(render('> a\nb')).toBe('<blockquote>\n<p>a<br>\nb</p>\n</blockquote>');
  });

  it('quotes nested hundreds deep with lazy lines at every level still render', () => {
    const zigzag = Array.from({ length: 300 }, (_, depth) => `${'> '.repeat(depth + 1)}\n${'> '.repeat(depth)}y`).join('\n');
    const html = render(zigzag);
    expect(html.startsWith('<blockquote>')).toBe(true);
    expect(html.match(/<blockquote>/g)?.length).toBeGreaterThan(20);
  });

  it('a fence left open runs to the end of the message', () => {
    expect(render('~~~\na\n\nb')).toBe(code('a\n\nb'));
  });

  it('a quote fence holds code whose lines look like its own closing fence', () => {
    expect(render('```quote\n~~~\n```\n~~~\n```')).toBe(`<blockquote>\n${code('```')}\n</blockquote>`);
  });

  it.each([
    ['`a\nb`', '<p><code>a\nb</code></p>'],
    ['x ``a\n b`` y', '<p>x <code>a\n b</code> y</p>'],
    ['a ```x\n``', '<p>a <code>`x\n</code></p>'],
    ['```x`', '<p><code>``x</code></p>'],
    ['x ```s\n` `b`', '<p>x <code>``s\n</code> <code>b</code></p>'],
  ])("inline code %j is the server's BACKTICK_RE over the whole paragraph: across lines, a shorter opening when the run finds no equal closing", (input, html) => {
    expect(render(input)).toBe(html);
  });

  it("emphasis may not have Python's whitespace just inside its stars: U+0085 is, U+FEFF is not", () => {
    expect(render('*x\u0085* and *\ufeffy*')).toBe('<p>*x\u0085* and <em>\ufeffy</em></p>');
  });

  it('`1)` starts no list: the server\'s ordered lists take `1.` only (Python-Markdown)', () => {
    expect(render('1) a\n2) b')).toBe('<p>1) a<br>\n2) b</p>');
    expect(render('1. a\n2. b')).toBe('<ol>\n<li>a</li>\n<li>b</li>\n</ol>');
  });

  it("a heading's # starts its line (HashHeaderProcessor): one indented by a space is a paragraph", () => {
    expect(render(' # x')).toBe('<p># x</p>');
    expect(render('> # x')).toBe('<blockquote>\n<h1>x</h1>\n</blockquote>');
  });

  it('no setext headings (the server registers no setextheader processor): === stays text, --- is a rule', () => {
    expect(render('a\n===')).toBe('<p>a<br>\n===</p>');
    expect(render('a\n---')).toBe('<p>a</p>\n<hr>');
  });

  it('no backslash escapes (the server leaves the escape pattern out); only its backtick pattern reads backslashes', () => {
    expect(render('\\*x\\* \\# y')).toBe('<p>\\<em>x\\</em> \\# y</p>');
    expect(render('\\`a\\`')).toBe('<p>\\`a\\`</p>');
    expect(render('\\\\`a`')).toBe('<p>\\<code>a</code></p>');
    expect(render('\\\\\\`a`')).toBe('<p>\\\\\\`a`</p>');
  });

  it("a fence's language may hold a comma (the server's class [a-zA-Z0-9_+-./#] has the range +-.)", () => {
    expect(render('```py,js\nx\n```')).toBe('<div class="codehilite" data-code-language="py,js"><pre><span></span><code>x\n</code></pre></div>');
  });

  it("outside a list an item is indented by one space at most (the server's list processors use a tab length of 2)", () => {
    expect(render('  * a')).toBe('<p>* a</p>');
    expect(render('text\n  * a')).toBe('<p>text</p>\n<p>* a</p>');
    expect(render(' * a')).toBe('<ul>\n<li>a</li>\n</ul>');
  });

  it("a paragraph ends before a line like an item only as the server's preprocessor (LI_RE, on raw lines) says", () => {
    // Two digits are no item to it; a quoted line starts with >.
    expect(render('text\n10. a')).toBe('<p>text<br>\n10. a</p>');
    expect(render('> text\n> * a')).toBe('<blockquote>\n<p>text<br>\n* a</p>\n</blockquote>');
    expect(render('text\n5. a')).toBe('<p>text</p>\n<ol start="5">\n<li>a</li>\n</ol>');
    expect(render('1. a\n10. b')).toBe('<ol>\n<li>a</li>\n<li>b</li>\n</ol>');
  });

  it('a bullet of another kind continues the list (the server takes [*+-] for siblings, not the web client\'s separate lists)', () => {
    expect(render('* a\n+ b\n- c')).toBe('<ul>\n<li>a</li>\n<li>b</li>\n<li>c</li>\n</ul>');
    expect(render('1. a\n* b')).toBe('<ol>\n<li>a</li>\n</ol>\n<ul>\n<li>b</li>\n</ul>');
  });

  // Python-Markdown's list processors as the server sets them up (tab length 2, sane lists, its
  // hanging-list preprocessor), each expectation the server's own HTML for the input.
  it.each([
    ["a marker with nothing after it is text (the item patterns want spaces and a word)", "*", "<p>*</p>"],
    ["a number with nothing after it is text", "10.", "<p>10.</p>"],
    ["a bare marker after a blank line is a paragraph", "c\n\n+", "<p>c</p>\n<p>+</p>"],
    ["a bare marker under an item goes on with the item's text", "world\n+ d\n+", "<p>world</p>\n<ul>\n<li>d<br>\n+</li>\n</ul>"],
    ["a tab after a marker hides it from the preprocessor (LI_RE wants spaces): the text goes on", "hello\n  3.\t\"quoted\"", "<p>hello<br>\n  3.    \"quoted\"</p>"],
    ["a tab-expanded `1)` under an item is the item's text, as typed", "* 1\n  1)\t'single'", "<ul>\n<li>1<br>\n  1)    'single'</li>\n</ul>"],
    ["an item's later lines keep all their indentation (a tab after the marker changes nothing)", "+\tend.\n   x", "<ul>\n<li>end.<br>\n   x</li>\n</ul>"],
    ["a number under a bullet (raw tabs: no blank line put between) is the bullet's text", "-\tplain\n1.\tplain", "<ul>\n<li>plain<br>\n1.  plain</li>\n</ul>"],
    ["a number indented by 4 under a number is text: only 2 or 3 spaces nest an item", "3. d\n    4. 1", "<ol start=\"3\">\n<li>d<br>\n    4. 1</li>\n</ol>"],
    ["a number indented by 4 under a bullet starts a block of its own (the preprocessor), a paragraph in the item", "- <3**\n    2. a", "<ul>\n<li>&lt;3**<p>2. a</p>\n</li>\n</ul>"],
    ["items are tight or loose one by one: a blank line loosens the item before it and the first after it", "* a\n* b\n\n* c\n* d", "<ul>\n<li>a</li>\n<li>\n<p>b</p>\n</li>\n<li>\n<p>c</p>\n</li>\n<li>d</li>\n</ul>"],
    ["the same in a quote", "> * a\n> * b\n>\n> * c", "<blockquote>\n<ul>\n<li>a</li>\n<li>\n<p>b</p>\n</li>\n<li>\n<p>c</p>\n</li>\n</ul>\n</blockquote>"],
    ["an indented block after a blank line joins the last item, which turns loose", "1. a\n2. b\n\n   * c", "<ol>\n<li>a</li>\n<li>\n<p>b</p>\n<ul>\n<li>c</li>\n</ul>\n</li>\n</ol>"],
    ["a loose nested list", "+ bar\n  10.\tx c\n\n  10.\tplain", "<ul>\n<li>\n<p>bar</p>\n<ol start=\"10\">\n<li>\n<p>x c</p>\n</li>\n<li>\n<p>plain</p>\n</li>\n</ol>\n</li>\n</ul>"],
    ["an ordered list's start is the number as typed", "01. a", "<ol start=\"01\">\n<li>a</li>\n</ol>"],
    ["a heading in an item, and words after it on the next line", "* # h\nmore", "<ul>\n<li>\n<h1>h</h1>\n<br>\nmore</li>\n</ul>"],
    ["a quote under an item's text", "* a\n  > q", "<ul>\n<li>a<blockquote>\n<p>q</p>\n</blockquote>\n</li>\n</ul>"],
    ["a fence ends the list (the server takes fences out first, with blank lines around them)", "+\tworld hello\n```", "<ul>\n<li>world hello</li>\n</ul>\n<div class=\"codehilite\"><pre><span></span><code>\n</code></pre></div>"],
    ["a quote whose last line is left empty ends the item with a line break (the block keeps its newline)", "> * word\n>", "<blockquote>\n<ul>\n<li>word<br>\n</li>\n</ul>\n</blockquote>"],
    ["an empty fence in an item goes with its lines (the server drops it before reading blocks)", "* a\n```\n```\nmore", "<ul>\n<li>a<br>\nmore</li>\n</ul>"],
    ["a fence line ending in \\r is no fence to the list preprocessor, which reads lines split at \\n alone: it puts a blank line in the code", "~~~\r\n  a\n3. b", "<div class=\"codehilite\"><pre><span></span><code>  a\n\n3. b\n</code></pre></div>"],
    ["a table in an item (the server tries its table processor before its lists)", "* a\n\n  | x | y |\n  |---|---|\n  | 1 | 2 |", "<ul>\n<li>\n<p>a</p>\n<table>\n<thead>\n<tr>\n<th>x</th>\n<th>y</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>1</td>\n<td>2</td>\n</tr>\n</tbody>\n</table>\n</li>\n</ul>"],
  ])('lists: %s', (_name, input, expected) => {
    expect(render(input)).toBe(expected);
  });

  it("a list item's later lines keep the indentation the server leaves them, less 2 spaces per enclosing list", () => {
    expect(render('* I am outer list\n  I am something inside')).toBe('<ul>\n<li>I am outer list<br>\n  I am something inside</li>\n</ul>');
    expect(render('* a\n  * b\n    c')).toBe('<ul>\n<li>a<ul>\n<li>b<br>\n  c</li>\n</ul>\n</li>\n</ul>');
  });

  it("a blank line goes before an item under text or under an item of the other kind (MarkdownListPreprocessor), loosening the item above", () => {
    expect(render('* a\n  1. b')).toBe('<ul>\n<li>\n<p>a</p>\n<ol>\n<li>b</li>\n</ol>\n</li>\n</ul>');
    expect(render('* a\n  text\n  * b')).toBe('<ul>\n<li>\n<p>a<br>\n  text</p>\n<ul>\n<li>b</li>\n</ul>\n</li>\n</ul>');
  });

  it('tabs are expanded to 4-column stops everywhere, code included (the NormalizeWhitespace preprocessor)', () => {
    expect(render('a\tb and `c\td`')).toBe('<p>a   b and <code>c    d</code></p>');
    expect(render('x\n\ty')).toBe('<p>x<br>\n    y</p>');
    expect(render('a\u0002b\u0003c')).toBe('<p>abc</p>');
  });

  it('a later line of a tab is blank once tabs are expanded (NormalizeWhitespace empties lines of spaces): an empty fence above it still writes nothing', () => {
    expect(render('```\n```\n\t\nx')).toBe('<p>x</p>');
  });

  it("a paragraph's leading whitespace is dropped as Python's lstrip() drops it (U+0085 goes, U+FEFF stays)", () => {
    expect(render('\u0085abc')).toBe('<p>abc</p>');
    expect(render('\ufeffabc')).toBe('<p>\ufeffabc</p>');
  });

  it('inline math next to a word is text, as the server requires a non-word boundary', () => {
    expect(render('a$$x$$')).toBe('<p>a$$x$$</p>');
    // Python's \w, which \B reads, takes any letter or numeral: é and ٣ are word characters.
    expect(render('é$$x$$ and $$x$$٣')).toBe('<p>é$$x$$ and $$x$$٣</p>');
  });

  it("a bare link is bounded by Python's whitespace: U+0085 and U+001C are, U+FEFF is not", () => {
    expect(render('a\u0085https://x.com\u0085b')).toBe('<p>a\u0085<a href="https://x.com">https://x.com</a>\u0085b</p>');
    expect(render('a\u001chttps://x.com')).toBe('<p>a\u001c<a href="https://x.com">https://x.com</a></p>');
    expect(render('a \ufeffhttps://x.com a')).toBe('<p>a \ufeffhttps://x.com a</p>');
  });

  it('a bare link may have a query right after its domain; a trailing ? is punctuation', () => {
    expect(render('(see podcasts.google.com?feed=abc&x=(1)).')).toBe(
      '<p>(see <a href="http://podcasts.google.com?feed=abc&amp;x=(1)">podcasts.google.com?feed=abc&amp;x=(1)</a>).</p>',
    );
    expect(render('Is this https://google.com?')).toBe('<p>Is this <a href="https://google.com">https://google.com</a>?</p>');
  });

  it('a link with a scheme the server refuses stays text', () => {
    expect(render('[x](vbscript:foo)')).toBe('<p>[x](vbscript:foo)</p>');
  });

  it('a link without a scheme gets http://, as the server writes it', () => {
    expect(render('[x](example.com/a)')).toBe('<p><a href="http://example.com/a">x</a></p>');
  });

  it('mentions still render inside the dialect (emphasis and lists around them)', () => {
    const hamlet = realm.store.userByFullName('King Hamlet');
    expect(render('* **hi** @**King Hamlet**')).toBe(
      `<ul>\n<li><strong>hi</strong> <span class="user-mention" data-user-id="${hamlet?.id}">@King Hamlet</span></li>\n</ul>`,
    );
  });
});

// Fenced blocks as the server's FencedBlockPreprocessor reads them (zerver/lib/markdown/fenced_code.py),
// each expected HTML the server's own (rendered by its Markdown processor).
describe("fenced blocks as the server's preprocessor reads them", () => {
  // A handler writes its block only `if self.lines:` (and then between blank lines); a block left
  // open gets the two blank lines Python-Markdown appends to every message.
  it.each([
    ['```\n```', ''],
    ['```python\n```', ''],
    ['~~~~text\n~~~~', ''],
    ['```spoiler\n```', ''],
    ['~~~spoiler *x*\n~~~', ''],
    ['```quote\n```', ''],
    ['```quote\n```py\n```\n```', ''],
    ['```spoiler\n```\na\n```', '<p>a</p>\n<div class="codehilite"><pre><span></span><code>\n</code></pre></div>'],
    ['```\n\n```', '<div class="codehilite"><pre><span></span><code>\n</code></pre></div>'],
    ['```', '<div class="codehilite"><pre><span></span><code>\n</code></pre></div>'],
    ['```quote\n\n```', '<p>&gt; </p>'],
    ['```quote', '<p>&gt; <br>\n&gt; </p>'],
    ['~~~quote', '<p>&gt; <br>\n&gt; </p>'],
    ['```quote\n\n```py\n```\n\n```', '<p>&gt; <br>\n&gt; </p>'],
    // Not even the blank lines that set a block apart: the text around it runs on.
    ['a\n```\n```\nb', '<p>a<br>\nb</p>'],
    ['```quote\na\n```py\n```\nb\n```', '<blockquote>\n<p>a<br>\nb</p>\n</blockquote>'],
    ['- a\n```\n```\n- b', '<ul>\n<li>\n<p>a</p>\n</li>\n<li>\n<p>b</p>\n</li>\n</ul>'],
  ])('%j renders as %j (an empty block writes nothing; blank lines quoted are a paragraph of `> `)', (input, html) => {
    expect(render(input)).toBe(html);
  });

  // A quote fence's lines are quoted as `> ` and read again: ending in exactly one blank line, the
  // last paragraph keeps a line break.
  it.each([
    ['```quote\na\n\n```', '<blockquote>\n<p>a<br>\n</p>\n</blockquote>'],
    ['```quote\na  \n\n```', '<blockquote>\n<p>a  <br>\n</p>\n</blockquote>'],
    ['```quote\n> b\n\n```', '<blockquote>\n<blockquote>\n<p>b<br>\n</p>\n</blockquote>\n</blockquote>'],
    ['```quote\n1. a\n2. b\n\n```', '<blockquote>\n<ol>\n<li>a</li>\n<li>b<br>\n</li>\n</ol>\n</blockquote>'],
    ['```quote\n# a\n\n```', '<blockquote>\n<h1>a</h1>\n</blockquote>'],
    ['```quote\na\n\n\n```', '<blockquote>\n<p>a</p>\n</blockquote>'],
    ['```quote\na\n```py\n```\n\n```', '<blockquote>\n<p>a<br>\n</p>\n</blockquote>'],
    // A quote fence nested last reads that line break as one more blank line of its own.
    ['```quote\n~~~quote\na\n~~~\n```', '<blockquote>\n<blockquote>\n<p>a<br>\n</p>\n</blockquote>\n</blockquote>'],
    ['```quote\n~~~quote\na\n\n~~~\n```', '<blockquote>\n<blockquote>\n<p>a</p>\n</blockquote>\n</blockquote>'],
    ['```quote\n~~~quote\na\n\n~~~\nb\n```', '<blockquote>\n<blockquote>\n<p>a<br>\n</p>\n</blockquote>\n<p>b</p>\n</blockquote>'],
    ['```quote\n~~~quote\n````quote\na\n````\n~~~\n```', '<blockquote>\n<blockquote>\n<blockquote>\n<p>a</p>\n</blockquote>\n</blockquote>\n</blockquote>'],
    ['```quote\n~~~quote\na', '<blockquote>\n<blockquote>\n<p>a</p>\n</blockquote>\n</blockquote>'],
    ['````quote\n~~~quote', '<blockquote>\n<p>&gt; <br>\n&gt; <br>\n</p>\n</blockquote>'],
  ])('%j renders as %j (a quote ending in one blank line)', (input, html) => {
    expect(render(input)).toBe(html);
  });

  // A spoiler's header is a block of its own in the server's text (format_spoiler), trailing spaces kept.
  it.each([
    ['```spoiler # x\na\n```', '<div class="spoiler-block"><div class="spoiler-header">\n<h1>x</h1>\n</div><div class="spoiler-content" aria-hidden="true">\n<p>a</p>\n</div></div>'],
    ['```spoiler - x\na\n```', '<div class="spoiler-block"><div class="spoiler-header">\n<ul>\n<li>x</li>\n</ul>\n</div><div class="spoiler-content" aria-hidden="true">\n<p>a</p>\n</div></div>'],
    ['```spoiler x  \na\n```', '<div class="spoiler-block"><div class="spoiler-header">\n<p>x  </p>\n</div><div class="spoiler-content" aria-hidden="true">\n<p>a</p>\n</div></div>'],
    // Its text is read as the message's own: a last blank line adds no line break there.
    ['```spoiler h\n- a\n\n- b\n\n```', '<div class="spoiler-block"><div class="spoiler-header">\n<p>h</p>\n</div><div class="spoiler-content" aria-hidden="true">\n<ul>\n<li>\n<p>a</p>\n</li>\n<li>\n<p>b</p>\n</li>\n</ul>\n</div></div>'],
  ])('%j renders as %j (a spoiler: its header read as a block, its text as the message)', (input, html) => {
    expect(render(input)).toBe(html);
  });

  // The server's MarkdownListPreprocessor follows fences its own way: any fence whose language is not
  // exactly `quote` or `quoted` is code to it (spoilers included), where it sets no list apart.
  it.each([
    ['```spoiler\na\n- b\n```', '<div class="spoiler-block"><div class="spoiler-header">\n</div><div class="spoiler-content" aria-hidden="true">\n<p>a<br>\n- b</p>\n</div></div>'],
    ['```spoiler h\na\n- b\n```\nc\n- d', '<div class="spoiler-block"><div class="spoiler-header">\n<p>h</p>\n</div><div class="spoiler-content" aria-hidden="true">\n<p>a<br>\n- b</p>\n</div></div>\n<p>c</p>\n<ul>\n<li>d</li>\n</ul>'],
    ['```Quote\na\n- b\n```', '<blockquote>\n<p>a<br>\n- b</p>\n</blockquote>'],
    ['```\n~~~\n```\na\n- b', '<div class="codehilite"><pre><span></span><code>~~~\n</code></pre></div>\n<p>a<br>\n- b</p>'],
    ['```quote\na\n- b\n```', '<blockquote>\n<p>a</p>\n<ul>\n<li>b</li>\n</ul>\n</blockquote>'],
  ])('%j renders as %j (no list set apart where the list preprocessor reads code)', (input, html) => {
    expect(render(input)).toBe(html);
  });

  // The preprocessor reads raw lines before any block: a fence starts its line, so a `>` or an
  // indentation before it makes no fence (inline code may then read its backticks), and a fence
  // at the start of a line ends the list above it.
  it.each([
    ['- a\n```\nx\n```\n- b', '<ul>\n<li>a</li>\n</ul>\n<div class="codehilite"><pre><span></span><code>x\n</code></pre></div>\n<ul>\n<li>b</li>\n</ul>'],
    ['- a\n  - b\n```\nx\n```', '<ul>\n<li>a<ul>\n<li>b</li>\n</ul>\n</li>\n</ul>\n<div class="codehilite"><pre><span></span><code>x\n</code></pre></div>'],
    ['> ```', '<blockquote>\n<p>```</p>\n</blockquote>'],
    ['> ~~~~~', '<blockquote>\n<p>~~~~~</p>\n</blockquote>'],
    ['> ```\n> x\n> ```', '<blockquote>\n<p><code>\nx\n</code></p>\n</blockquote>'],
    ['> a\n>\nb\n> ```\n> x\n> ```', '<blockquote>\n<p>a</p>\n<p>b<br>\n<code>\nx\n</code></p>\n</blockquote>'],
    ['- a\n  ```py\n  x', '<ul>\n<li>a<br>\n  ```py<br>\n  x</li>\n</ul>'],
    [' ```\nx\n```', '<p>```<br>\nx</p>\n<div class="codehilite"><pre><span></span><code>\n</code></pre></div>'],
    ['> a\n>\nb\n```\nx\n```', '<blockquote>\n<p>a</p>\n<p>b</p>\n</blockquote>\n<div class="codehilite"><pre><span></span><code>x\n</code></pre></div>'],
    ['>\n```\nx\n```', '<p>&gt;</p>\n<div class="codehilite"><pre><span></span><code>x\n</code></pre></div>'],
  ])('%j renders as %j (a fence starts its raw line)', (input, html) => {
    expect(render(input)).toBe(html);
  });
});
