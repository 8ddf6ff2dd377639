import { describe, expect, it } from 'vitest';
import { ManualClock } from '../mock/domain/clock';
import { renderMessage } from '../mock/domain/markdown/render';
import { createMockServer } from '../mock/index';

// The server's inline patterns apply one after another to the whole text, in priority order (code,
// `***strong em***`, mentions and channel links, links, bare links, then `**strong**`, `*em*`,
// `~~del~~`), each match becoming one opaque placeholder for the later ones; a link's text is
// left to no pattern after links. Each expected HTML is what Zulip main's own Markdown processor
// writes for the input (the personas of the server's test realm: King Hamlet 1004, Iago 1002,
// channel Verona 2001).
// Media sources as a server without Camo writes them (test/markdown-camo.test.ts has Camo's).
const realm = createMockServer({ baseUrl: 'http://chat.test', realmUrl: 'http://zulip.testserver', clock: new ManualClock(), camo: false });
const hamlet = realm.store.userByDeliveryEmail('hamlet@zulip.com');

function render(content: string): string {
  return renderMessage(realm.state, content, hamlet).html;
}

function renderTranslatingEmoticons(content: string): string {
  if (!hamlet) throw new Error('the seed has King Hamlet');
  return renderMessage(realm.state, content, { ...hamlet, translate_emoticons: true }).html;
}

describe("the server's inline pattern order", () => {
  it.each([
    // `**strong**` before `*em*`: emphasis around a strong span, and around an emphasis found first.
    ['*a **b** c*', '<p><em>a <strong>b</strong> c</em></p>'],
    ['*a *b* c**', '<p><em>a <em>b</em> c</em>*</p>'],
    ['x**y* z*', '<p>x<em><em>y</em> z</em></p>'],
    ['**not \\*esc\\*', '<p><em><em>not \\</em>esc\\</em></p>'],
    // `***strong em***` first of all three; `~~del~~` last.
    ['**not ***both***', '<p>**not <strong><em>both</em></strong></p>'],
    ['~~a **b ~~ c**', '<p>~~a <strong>b ~~ c</strong></p>'],
    ['a ~~b *c ~~ d*', '<p>a ~~b <em>c ~~ d</em></p>'],
    // Code, mentions and channel links before emphasis: their stars close nothing.
    ['*a `*` b*', '<p><em>a <code>*</code> b</em></p>'],
    ['$$`$$ < >^`', '<p>$$<code>$$ &lt; &gt;^</code></p>'],
    // A code span may go on over the paragraph's next lines (the server's BACKTICK_RE reads `.`
    // over newlines), the newline kept in the code.
    ['x `a\nb` y', '<p>x <code>a\nb</code> y</p>'],
    ['`` a\nb ``', '<p><code> a\nb </code></p>'],
    ['*a `b\nc` d*', '<p><em>a <code>b\nc</code> d</em></p>'],
    ['`` d**\n``', '<p><code> d**\n</code></p>'],
    ['@**King Hamlet****$$*** ^', '<p>@*<em>King Hamlet</em><strong><em>$$</em></strong> ^</p>'],
    ['@**King `x` Hamlet**', '<p>@<strong>King <code>x</code> Hamlet</strong></p>'],
    ['*** @**King Hamlet|1004**', '<p>*** <span class="user-mention" data-user-id="1004">@King Hamlet</span></p>'],
    ['**not @_**Iago**', '<p>**not <span class="user-mention silent" data-user-id="1002">Iago</span></p>'],
    ['*x @_**Iago**', '<p>*x <span class="user-mention silent" data-user-id="1002">Iago</span></p>'],
    ['**  #**Verona**', '<p>**  <a class="stream" data-stream-id="2001" href="/#narrow/channel/2001-Verona">#Verona</a></p>'],
    // Links before `**strong**` and after `***strong em***`; their text is left to no later pattern.
    ['*a [b*](http://x) c*', '<p><em>a <a href="http://x">b*</a> c</em></p>'],
    ['***a [b](http://x) c***', '<p><strong><em>a <a href="http://x">b</a> c</em></strong></p>'],
    ['[a *b* c](http://x.com) *d*', '<p><a href="http://x.com">a *b* c</a> <em>d</em></p>'],
    ['[a **b** ~~c~~](http://x.com)', '<p><a href="http://x.com">a **b** ~~c~~</a></p>'],
    ['[a\n`b`](http://x.com)', '<p><a href="http://x.com">a\n<code>b</code></a></p>'],
    // Bare links before emphasis: the whole URL links, its stars included.
    ['http://example.com/a_b_ca*b*c', '<p><a href="http://example.com/a_b_ca*b*c">http://example.com/a_b_ca*b*c</a></p>'],
    ['http://example.com/a_b_cb\\*esc\\*', '<p><a href="http://example.com/a_b_cb\\*esc\\*">http://example.com/a_b_cb\\*esc\\*</a></p>'],
    // A backtick that opens no code span is text to the link too.
    ['http://x.com/a>`*b**c*', '<p><a href="http://x.com/a&gt;`*b**c*">http://x.com/a&gt;`*b**c*</a></p>'],
    // No link where the pattern, reading on through the stars, finds none.
    ['http://x.com/x.com**>x.com:)$$~~_b**', '<p>http://x.com/x.com<strong>&gt;x.com:)$$~~_b</strong></p>'],
  ])('%s', (input, html) => {
    expect(render(input)).toBe(html);
  });

  // The bare-link pattern sees what the patterns before it left (placeholders) and the raw text of
  // those after it (`*`, `:`): a link needs a space, the text's ends or one of '"(,:< around it.
  it.each([
    ['`code`a@b.com', '<p><code>code</code>a@b.com</p>'],
    ['@**King Hamlet**example.com', '<p><span class="user-mention" data-user-id="1004">@King Hamlet</span>example.com</p>'],
    ['#**Verona**www.example.org', '<p><a class="stream" data-stream-id="2001" href="/#narrow/channel/2001-Verona">#Verona</a>www.example.org</p>'],
    ['[a](http://x.com)example.com', '<p><a href="http://x.com">a</a>example.com</p>'],
    ['*em*a@b.com', '<p><em>em</em>a@b.com</p>'],
    ['**bold**www.example.org', '<p><strong>bold</strong>www.example.org</p>'],
    ['*see example.com*', '<p><em>see example.com</em></p>'],
    ['www.example.org[link](http://example.com)', '<p>www.example.org<a href="http://example.com">link</a></p>'],
    ['hello<http://example.com>![img](http://example.com/i.png)', '<p>hello&lt;http://example.com&gt;<img alt="img" data-original-src="http://example.com/i.png" src="http://example.com/i.png"></p>'],
    ['**a** example.com', '<p><strong>a</strong> <a href="http://example.com">example.com</a></p>'],
    ['(example.com)', '<p>(<a href="http://example.com">example.com</a>)</p>'],
    // Inside emphasis, the text after an element is read once more on its own when the server
    // walks the tree: there a link needs nothing around it.
    ['**a `x`example.com**', '<p><strong>a <code>x</code><a href="http://example.com">example.com</a></strong></p>'],
    ['*a **b** example.com*', '<p><em>a <strong>b</strong> <a href="http://example.com">example.com</a></em></p>'],
    ['**a example.com**', '<p><strong>a example.com</strong></p>'],
    // By then the server's entity pattern has made each character reference a placeholder, which
    // a path reads on through: `&amp;` ends the link, no trailing `;` left out (the first reading,
    // before that pattern, links `&amp` only).
    ["**`c`http://e.com/a&amp; x**", "<p><strong><code>c</code><a href=\"http://e.com/a&amp;\">http://e.com/a&amp;</a> x</strong></p>"],
    ["**x `c`http://e.com/a&lt; x**", "<p><strong>x <code>c</code><a href=\"http://e.com/a&lt;\">http://e.com/a&lt;</a> x</strong></p>"],
    ["*x http://e.com/a&amp; x*", "<p><em>x <a href=\"http://e.com/a&amp;amp\">http://e.com/a&amp;amp</a>; x</em></p>"],
    ['~~a **b**x@y.com😀~~', '<p><del>a <strong>b</strong><a href="mailto:x@y.com">x@y.com</a><span aria-label="grinning" class="emoji emoji-1f600" role="img" title="grinning">:grinning:</span></del></p>'],
    // So is the text after a line break or an element in a list item that holds blocks too.
    ['3. q?\n4.world:+1: it\'s\n> foo', '<ol start="3">\n<li>q?<br>\n<a href="http://4.world">4.world</a><span aria-label="+1" class="emoji emoji-1f44d" role="img" title="+1">:+1:</span> it\'s<blockquote>\n<p>foo</p>\n</blockquote>\n</li>\n</ol>'],
    ['* a `x`example.com\n  * b', '<ul>\n<li>a <code>x</code><a href="http://example.com">example.com</a><ul>\n<li>b</li>\n</ul>\n</li>\n</ul>'],
    ['* a `x`example.com', '<ul>\n<li>a <code>x</code>example.com</li>\n</ul>'],
    // There an emphasis's own text is read again too, whole: its delimiters bound nothing.
    ["- *a e.com*\n  > q", "<ul>\n<li><em>a <a href=\"http://e.com\">e.com</a></em><blockquote>\n<p>q</p>\n</blockquote>\n</li>\n</ul>"],
    ["- ~~e.com~~\n  > q", "<ul>\n<li><del><a href=\"http://e.com\">e.com</a></del><blockquote>\n<p>q</p>\n</blockquote>\n</li>\n</ul>"],
    ["- x **http://e.com/a** y\n  > q", "<ul>\n<li>x <strong><a href=\"http://e.com/a\">http://e.com/a</a></strong> y<blockquote>\n<p>q</p>\n</blockquote>\n</li>\n</ul>"],
    // And the text after a link inside emphasis (the link's tail).
    ['*a x.com b.com*', '<p><em>a <a href="http://x.com">x.com</a> <a href="http://b.com">b.com</a></em></p>'],
    ['~~ http://x.com/$$ <x.com~~', '<p><del> <a href="http://x.com/$$">http://x.com/$$</a> &lt;<a href="http://x.com">x.com</a></del></p>'],
    ['**@*hamletcharacters*http://x.com/a.?:smile: ?**', '<p><strong>@<em>hamletcharacters</em><a href="http://x.com/a">http://x.com/a</a>.?<span aria-label="smile" class="emoji emoji-1f604" role="img" title="smile">:smile:</span> ?</strong></p>'],
    ['*nice :smile: see example.com*', '<p><em>nice <span aria-label="smile" class="emoji emoji-1f604" role="img" title="smile">:smile:</span> see <a href="http://example.com">example.com</a></em></p>'],
    // Without a scheme: mailto: when the path (before any ? or #) holds an @ (sanitize_url).
    ['example.com/a@b', '<p><a href="mailto:example.com/a@b">example.com/a@b</a></p>'],
    ['www.x.com/@user', '<p><a href="mailto:www.x.com/@user">www.x.com/@user</a></p>'],
    ['x.com?a@b', '<p><a href="http://x.com?a@b">x.com?a@b</a></p>'],
    // The target as sanitize_url writes it: an empty query or fragment dropped.
    ['x.com/a?#', '<p><a href="http://x.com/a">x.com/a?#</a></p>'],
    ['http://x.com/a#', '<p><a href="http://x.com/a">http://x.com/a#</a></p>'],
    // After the link the text is the serializer's: a character reference stays as typed.
    ['www.example.org &amp;42', '<p><a href="http://www.example.org">www.example.org</a> &amp;42</p>'],
  ])('bare links: %s', (input, html) => {
    expect(render(input)).toBe(html);
  });

  // Emoji come after all of these: not in a link's text; an unknown `:name:` is taken whole.
  it.each([
    ['© ® ™ ↔ ‼', '<p>© ® ™ ↔ ‼</p>'],
    ['©️ ↔️', '<p><span aria-label="copyright" class="emoji emoji-00a9" role="img" title="copyright">:copyright:</span> <span aria-label="left right" class="emoji emoji-2194" role="img" title="left right">:left_right:</span></p>'],
    ['1⃣ 1️⃣', '<p>1⃣ <span aria-label="one" class="emoji emoji-0031-20e3" role="img" title="one">:one:</span></p>'],
    [':notanemoji:smile:', '<p>:notanemoji:smile:</p>'],
    ['[a :smile: 😀](http://x.com)', '<p><a href="http://x.com">a :smile: 😀</a></p>'],
    ['http://x.com/:smile:/b', '<p><a href="http://x.com/:smile:/b">http://x.com/:smile:/b</a></p>'],
    // `***strong em***` comes before bare links and reads its content as a string of its own: the
    // link runs to the content's end, before the emoji pattern.
    ['***x http://x.com/a:smile:***', '<p><strong><em>x <a href="http://x.com/a:smile">http://x.com/a:smile</a>:</em></strong></p>'],
  ])('emoji: %s', (input, html) => {
    expect(render(input)).toBe(html);
  });

  // An emoticon stands alone: other syntax next to it is a placeholder, except the start and end
  // of an emphasis's content, which the server reads as a string of its own.
  it.each([
    ['*a c*:D', '<p><em>a c</em>:D</p>'],
    ['~~del~~:)', '<p><del>del</del>:)</p>'],
    ['`a`:)', '<p><code>a</code>:)</p>'],
    ['[x](http://x.com):)', '<p><a href="http://x.com">x</a>:)</p>'],
    ['x :)*a*', '<p>x :)<em>a</em></p>'],
    ['*:)`x`*', '<p><em>:)<code>x</code></em></p>'],
    [':D :green_tick:  :)', '<p><span aria-label="smile" class="emoji emoji-1f604" role="img" title="smile">:smile:</span> <img alt=":green_tick:" class="emoji" src="/user_avatars/1/emoji/images/8001.png" title="green tick">  <span aria-label="slight smile" class="emoji emoji-1f642" role="img" title="slight smile">:slight_smile:</span></p>'],
    ['**a :)!<3`x`**', '<p><strong>a <span aria-label="slight smile" class="emoji emoji-1f642" role="img" title="slight smile">:slight_smile:</span>!<span aria-label="heart" class="emoji emoji-2764" role="img" title="heart">:heart:</span><code>x</code></strong></p>'],
    ['**:)**', '<p><strong><span aria-label="slight smile" class="emoji emoji-1f642" role="img" title="slight smile">:slight_smile:</span></strong></p>'],
    ['**a `x`:)**', '<p><strong>a <code>x</code><span aria-label="slight smile" class="emoji emoji-1f642" role="img" title="slight smile">:slight_smile:</span></strong></p>'],
    // A character reference is a placeholder too (the entity pattern comes first).
    ['a &amp;<3 &copy;:)', '<p>a &amp;&lt;3 &copy;:)</p>'],
    // Inside emphasis inside emphasis the text between emoji is read again on its own.
    ['*a *<3:smile:* b*', '<p><em>a <em><span aria-label="heart" class="emoji emoji-2764" role="img" title="heart">:heart:</span><span aria-label="smile" class="emoji emoji-1f604" role="img" title="smile">:smile:</span></em> b</em></p>'],
    ['*a *😀:)* b*', '<p><em>a <em><span aria-label="grinning" class="emoji emoji-1f600" role="img" title="grinning">:grinning:</span><span aria-label="slight smile" class="emoji emoji-1f642" role="img" title="slight smile">:slight_smile:</span></em> b</em></p>'],
    // Each emoticon is a placeholder before the pattern searches again: none starts right after one.
    // Inside emphasis the text after each element is read again on its own, and after each
    // emoticon that reading finds (a nested emphasis's text too).
    [':)(:', '<p><span aria-label="slight smile" class="emoji emoji-1f642" role="img" title="slight smile">:slight_smile:</span>(:</p>'],
    ['**a `x`:):)**', '<p><strong>a <code>x</code><span aria-label="slight smile" class="emoji emoji-1f642" role="img" title="slight smile">:slight_smile:</span><span aria-label="slight smile" class="emoji emoji-1f642" role="img" title="slight smile">:slight_smile:</span></strong></p>'],
    ['**a *:):)* b**', '<p><strong>a <em><span aria-label="slight smile" class="emoji emoji-1f642" role="img" title="slight smile">:slight_smile:</span><span aria-label="slight smile" class="emoji emoji-1f642" role="img" title="slight smile">:slight_smile:</span></em> b</strong></p>'],
    ['**:smile::):) b**', '<p><strong><span aria-label="smile" class="emoji emoji-1f604" role="img" title="smile">:smile:</span><span aria-label="slight smile" class="emoji emoji-1f642" role="img" title="slight smile">:slight_smile:</span><span aria-label="slight smile" class="emoji emoji-1f642" role="img" title="slight smile">:slight_smile:</span> b</strong></p>'],
    // In a list item's own text whose item holds blocks too, the text after each emoji or emoticon
    // is read again on its own as well (the server walks the item's children once more).
    ["- 😀:)\n  > q", "<ul>\n<li><span aria-label=\"grinning\" class=\"emoji emoji-1f600\" role=\"img\" title=\"grinning\">:grinning:</span><span aria-label=\"slight smile\" class=\"emoji emoji-1f642\" role=\"img\" title=\"slight smile\">:slight_smile:</span><blockquote>\n<p>q</p>\n</blockquote>\n</li>\n</ul>"],
    ["- :)(:\n  > q", "<ul>\n<li><span aria-label=\"slight smile\" class=\"emoji emoji-1f642\" role=\"img\" title=\"slight smile\">:slight_smile:</span><span aria-label=\"slight smile\" class=\"emoji emoji-1f642\" role=\"img\" title=\"slight smile\">:slight_smile:</span><blockquote>\n<p>q</p>\n</blockquote>\n</li>\n</ul>"],
    ["- :smile::)\n  > q", "<ul>\n<li><span aria-label=\"smile\" class=\"emoji emoji-1f604\" role=\"img\" title=\"smile\">:smile:</span><span aria-label=\"slight smile\" class=\"emoji emoji-1f642\" role=\"img\" title=\"slight smile\">:slight_smile:</span><blockquote>\n<p>q</p>\n</blockquote>\n</li>\n</ul>"],
    // However many emoticons in a row each reading of the text after the one before finds (the
    // server reads the whole rest each time; the mock only its two ends, linear): no limit.
    ["**a `x`(:(:(:(:(:(:(:(:(:(:(:(:**", "<p><strong>a <code>x</code><span aria-label=\"slight smile\" class=\"emoji emoji-1f642\" role=\"img\" title=\"slight smile\">:slight_smile:</span><span aria-label=\"slight smile\" class=\"emoji emoji-1f642\" role=\"img\" title=\"slight smile\">:slight_smile:</span><span aria-label=\"slight smile\" class=\"emoji emoji-1f642\" role=\"img\" title=\"slight smile\">:slight_smile:</span><span aria-label=\"slight smile\" class=\"emoji emoji-1f642\" role=\"img\" title=\"slight smile\">:slight_smile:</span><span aria-label=\"slight smile\" class=\"emoji emoji-1f642\" role=\"img\" title=\"slight smile\">:slight_smile:</span><span aria-label=\"slight smile\" class=\"emoji emoji-1f642\" role=\"img\" title=\"slight smile\">:slight_smile:</span><span aria-label=\"slight smile\" class=\"emoji emoji-1f642\" role=\"img\" title=\"slight smile\">:slight_smile:</span><span aria-label=\"slight smile\" class=\"emoji emoji-1f642\" role=\"img\" title=\"slight smile\">:slight_smile:</span><span aria-label=\"slight smile\" class=\"emoji emoji-1f642\" role=\"img\" title=\"slight smile\">:slight_smile:</span><span aria-label=\"slight smile\" class=\"emoji emoji-1f642\" role=\"img\" title=\"slight smile\">:slight_smile:</span><span aria-label=\"slight smile\" class=\"emoji emoji-1f642\" role=\"img\" title=\"slight smile\">:slight_smile:</span><span aria-label=\"slight smile\" class=\"emoji emoji-1f642\" role=\"img\" title=\"slight smile\">:slight_smile:</span></strong></p>"],
    ["***(:(:(:(:(:(:(:(:(:(:(:(: b***", "<p><strong><em><span aria-label=\"slight smile\" class=\"emoji emoji-1f642\" role=\"img\" title=\"slight smile\">:slight_smile:</span><span aria-label=\"slight smile\" class=\"emoji emoji-1f642\" role=\"img\" title=\"slight smile\">:slight_smile:</span><span aria-label=\"slight smile\" class=\"emoji emoji-1f642\" role=\"img\" title=\"slight smile\">:slight_smile:</span><span aria-label=\"slight smile\" class=\"emoji emoji-1f642\" role=\"img\" title=\"slight smile\">:slight_smile:</span><span aria-label=\"slight smile\" class=\"emoji emoji-1f642\" role=\"img\" title=\"slight smile\">:slight_smile:</span><span aria-label=\"slight smile\" class=\"emoji emoji-1f642\" role=\"img\" title=\"slight smile\">:slight_smile:</span><span aria-label=\"slight smile\" class=\"emoji emoji-1f642\" role=\"img\" title=\"slight smile\">:slight_smile:</span><span aria-label=\"slight smile\" class=\"emoji emoji-1f642\" role=\"img\" title=\"slight smile\">:slight_smile:</span><span aria-label=\"slight smile\" class=\"emoji emoji-1f642\" role=\"img\" title=\"slight smile\">:slight_smile:</span><span aria-label=\"slight smile\" class=\"emoji emoji-1f642\" role=\"img\" title=\"slight smile\">:slight_smile:</span><span aria-label=\"slight smile\" class=\"emoji emoji-1f642\" role=\"img\" title=\"slight smile\">:slight_smile:</span><span aria-label=\"slight smile\" class=\"emoji emoji-1f642\" role=\"img\" title=\"slight smile\">:slight_smile:</span> b</em></strong></p>"],
    ["*a &amp;(:(:(:(:(:(:(:(:(:(:(:;)*", "<p><em>a &amp;(:(:(:(:(:(:(:(:(:(:(:;)</em></p>"],
    // `***strong em***`'s content is a string of its own: a bare link at its end links, and the text after
    // each link its re-reading makes is read on its own once more (the server walks the new link's tail).
    ['***http://x.com/a:):smile:***', '<p><strong><em><a href="http://x.com/a">http://x.com/a</a><span aria-label="slight smile" class="emoji emoji-1f642" role="img" title="slight smile">:slight_smile:</span><span aria-label="smile" class="emoji emoji-1f604" role="img" title="smile">:smile:</span></em></strong></p>'],
    ['***x http://x.com/a:)***', '<p><strong><em>x <a href="http://x.com/a">http://x.com/a</a><span aria-label="slight smile" class="emoji emoji-1f642" role="img" title="slight smile">:slight_smile:</span></em></strong></p>'],
    ['***x `c`http://x.com/a:)***', '<p><strong><em>x <code>c</code><a href="http://x.com/a">http://x.com/a</a><span aria-label="slight smile" class="emoji emoji-1f642" role="img" title="slight smile">:slight_smile:</span></em></strong></p>'],
  ])('emoticons: %s', (input, html) => {
    expect(renderTranslatingEmoticons(input)).toBe(html);
  });
});
