import { describe, expect, it } from 'vitest';
import { renderMessage } from '../mock/domain/markdown/render';
import { createMockServer } from '../mock/index';
import { useTestRealm } from './support/mock';

// The previews as a server without Camo (`CAMO_URI = ""`) writes them: each medium's own URL
// (test/markdown-camo.test.ts has them through Camo).
const realm = useTestRealm({ camo: false });

async function render(content: string): Promise<string> {
  return (await realm.clientFor('iago@zulip.com').messages.render({ content })).rendered;
}

const video = (href: string, title?: string) =>
  `<div class="message_inline_image message_inline_video"><a href="${href}"${title ? ` title="${title}"` : ''}>` +
  `<video preload="metadata" src="${href}"></video></a></div>`;

const youtube = (href: string, id: string) =>
  `<div class="youtube-video message_inline_image"><a data-id="${id}" href="${href}"><img src="https://i.ytimg.com/vi/${id}/mqdefault.jpg"></a></div>`;

const image = (href: string, source = href, title?: string) =>
  `<div class="message_inline_image"><a href="${href}"${title ? ` title="${title}"` : ''}>` +
  `<img src="${source}"></a></div>`;

// The server's InlineInterestingLinkProcessor, case by case (zerver/lib/markdown).
const CASES: readonly (readonly [string, string, string])[] = [
  [
    "an image link's source is the link as written, nothing percent-encoded (get_actual_image_url)",
    'http://example.com/image.png#**Verona>zzq**',
    image('http://example.com/image.png#**Verona&gt;zzq**'),
  ],
  [
    'a video link previews as a video player',
    'Test [video](https://example.com/video.mp4)',
    `<p>Test <a href="https://example.com/video.mp4">video</a></p>\n${video('https://example.com/video.mp4', 'video')}`,
  ],
  [
    'a bare video URL alone in its paragraph gives way to the player; .webm too, any case',
    'https://example.com/clip.WEBM',
    video('https://example.com/clip.WEBM'),
  ],
  [
    'an uploaded video previews from its relative link',
    '[demo.mp4](/user_uploads/2/ab/token/demo.mp4)',
    `<p><a href="/user_uploads/2/ab/token/demo.mp4">demo.mp4</a></p>\n${video('/user_uploads/2/ab/token/demo.mp4', 'demo.mp4')}`,
  ],
  [
    'a YouTube watch link gets the video preview after its paragraph, which stays',
    'https://www.youtube.com/watch?v=hx1mjT73xYE',
    '<p><a href="https://www.youtube.com/watch?v=hx1mjT73xYE">https://www.youtube.com/watch?v=hx1mjT73xYE</a></p>\n' +
      youtube('https://www.youtube.com/watch?v=hx1mjT73xYE', 'hx1mjT73xYE'),
  ],
  [
    'youtu.be, embed and shorts links give their video ID',
    'https://youtu.be/hx1mjT73xYE https://youtube.com/shorts/abc_-123',
    '<p><a href="https://youtu.be/hx1mjT73xYE">https://youtu.be/hx1mjT73xYE</a> <a href="https://youtube.com/shorts/abc_-123">https://youtube.com/shorts/abc_-123</a></p>\n' +
      youtube('https://youtu.be/hx1mjT73xYE', 'hx1mjT73xYE') +
      youtube('https://youtube.com/shorts/abc_-123', 'abc_-123'),
  ],
  [
    'a YouTube link without a valid video ID gets no preview',
    'https://www.youtube.com/channel/xyz https://youtu.be/a/b',
    '<p><a href="https://www.youtube.com/channel/xyz">https://www.youtube.com/channel/xyz</a> <a href="https://youtu.be/a/b">https://youtu.be/a/b</a></p>',
  ],
  [
    "a GitHub file page's image is previewed from the raw file, linked as written",
    'https://github.com/zulip/zulip/blob/main/static/images/logo.png',
    image('https://github.com/zulip/zulip/blob/main/static/images/logo.png', 'https://raw.githubusercontent.com/zulip/zulip/main/static/images/logo.png'),
  ],
  [
    "a Wikipedia file page is previewed and linked as the file itself",
    '[the logo](https://en.wikipedia.org/wiki/File:Zulip_logo.png)',
    image('https://en.wikipedia.org/wiki/Special:FilePath/File:Zulip_logo.png'),
  ],
  [
    'a list item holding only an image link shows the preview in its place, as the server removes the link',
    '* https://example.com/a.png\n* text https://example.com/b.png',
    `<ul>\n<li>${image('https://example.com/a.png')}</li>\n` +
      `<li>text <a href="https://example.com/b.png">https://example.com/b.png</a>${image('https://example.com/b.png')}</li>\n</ul>`,
  ],
  [
    // get_inlining_information: a link right in a list item previews into that item, at its end.
    "a tight list item's preview goes at the end of the item, after the list nested in it",
    '* https://example.com/v.mp4 :)\n   - b',
    '<ul>\n<li><a href="https://example.com/v.mp4">https://example.com/v.mp4</a> :)<ul>\n<li>b</li>\n</ul>\n' +
      `${video('https://example.com/v.mp4')}</li>\n</ul>`,
  ],
  [
    // `not parent.text and not ahref_element.tail`: the item's words start with an element, nothing follows the link.
    'a list item starting with a link loses each previewed link that nothing but an element or the end follows',
    '* https://example.com/a.png https://example.com/b.png\n  * b',
    '<ul>\n<li><a href="https://example.com/a.png">https://example.com/a.png</a> <ul>\n<li>b</li>\n</ul>\n' +
      `${image('https://example.com/a.png')}${image('https://example.com/b.png')}</li>\n</ul>`,
  ],
  [
    'a link followed by a line break in a list item goes too',
    '2.  https://example.com/a.png\n   more',
    `<ol start="2">\n<li><br>\n   more${image('https://example.com/a.png')}</li>\n</ol>`,
  ],
  [
    // get_inlining_information: only a link right in a paragraph or list item previews there; any other goes to the root's end.
    "a link in a heading previews at the end of the message, after the other previews",
    '# https://example.com/a.png\ntext https://example.com/c.png',
    '<h1><a href="https://example.com/a.png">https://example.com/a.png</a></h1>\n' +
      `<p>text <a href="https://example.com/c.png">https://example.com/c.png</a></p>\n${image('https://example.com/c.png')}${image('https://example.com/a.png')}`,
  ],
  [
    'a link in a heading in a list item previews after the list',
    '* # https://example.com/a.png\n* b',
    `<ul>\n<li>\n<h1><a href="https://example.com/a.png">https://example.com/a.png</a></h1>\n</li>\n<li>b</li>\n</ul>\n${image('https://example.com/a.png')}`,
  ],
  [
    'a link inside emphasis previews at the end of the message, not after its paragraph',
    '**[x](https://example.com/a.png)** y\n\ntext',
    `<p><strong><a href="https://example.com/a.png">x</a></strong> y</p>\n<p>text</p>\n${image('https://example.com/a.png', 'https://example.com/a.png', 'x')}`,
  ],
  [
    // is_video asks mimetypes.guess_type about the whole link: a query or fragment hides the extension, a host alone does not.
    'a video link with a query or fragment is no video; a host ending in .mp4 is',
    '[a](https://example.com/clip.mp4?t=5) [b](https://example.com/clip.webm#t=5) [c](https://example.com/.mp4) [d](https://clip.mp4)',
    '<p><a href="https://example.com/clip.mp4?t=5">a</a> <a href="https://example.com/clip.webm#t=5">b</a> <a href="https://example.com/.mp4">c</a> <a href="https://clip.mp4">d</a></p>\n' +
      video('https://clip.mp4', 'd'),
  ],
  [
    // is_image reads the path of any link outside /user_uploads/, whatever its scheme.
    'an ftp link or a relative link whose path names an image is previewed as one',
    '[a](ftp://example.com/a.png) [b](/static/images/b.PNG?v=2)',
    '<p><a href="ftp://example.com/a.png">a</a> <a href="/static/images/b.PNG?v=2">b</a></p>\n' +
      image('ftp://example.com/a.png', 'ftp://example.com/a.png', 'a') +
      image('/static/images/b.PNG?v=2', '/static/images/b.PNG?v=2', 'b'),
  ],
  [
    "a heading's link is in neither a paragraph nor a list item: its preview goes at the end of the message",
    '# https://example.com/video.mp4 yes\nafter',
    `<h1><a href="https://example.com/video.mp4">https://example.com/video.mp4</a> yes</h1>\n<p>after</p>\n${video('https://example.com/video.mp4')}`,
  ],
  [
    "a heading's previews at the end come before a table cell's (the server walks the links breadth first)",
    '| http://x.org/b.png | c |\n|-|-|\n\n# a http://x.org/a.png',
    '<table>\n<thead>\n<tr>\n<th><a href="http://x.org/b.png">http://x.org/b.png</a></th>\n<th>c</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td></td>\n<td></td>\n</tr>\n</tbody>\n</table>\n' +
      '<h1>a <a href="http://x.org/a.png">http://x.org/a.png</a></h1>\n' +
      image('http://x.org/a.png') +
      image('http://x.org/b.png'),
  ],
  [
    'a link written outside a quote too is previewed where the server meets it first, breadth first: a quote\'s before a list item\'s',
    '> a http://x.org/a.png\n- http://x.org/a.png',
    '<blockquote>\n<p>a <a href="http://x.org/a.png">http://x.org/a.png</a></p>\n' +
      image('http://x.org/a.png') +
      '</blockquote>\n<ul>\n<li><a href="http://x.org/a.png">http://x.org/a.png</a></li>\n</ul>',
  ],
  [
    'a paragraph\'s link comes before a quote\'s (shallower), wherever written',
    '> http://x.org/a.png\n\nhttp://x.org/a.png',
    `<blockquote>\n<p><a href="http://x.org/a.png">http://x.org/a.png</a></p>\n</blockquote>\n${image('http://x.org/a.png')}`,
  ],
  [
    'a paragraph\'s link comes before a list item\'s (shallower), wherever written',
    '- http://x.org/a.png *\n\nhttp://x.org/a.png',
    `<ul>\n<li><a href="http://x.org/a.png">http://x.org/a.png</a> *</li>\n</ul>\n${image('http://x.org/a.png')}`,
  ],
  // Expected HTML from the server's renderer (the rendering oracle).
  [
    "a link whose text holds a code span is titled with the text before it (the server reads the link element's text, which ends at its first child)",
    "[x `c`](http://e.com/a.png)",
    "<p><a href=\"http://e.com/a.png\">x <code>c</code></a></p>\n<div class=\"message_inline_image\"><a href=\"http://e.com/a.png\" title=\"x \"><img src=\"http://e.com/a.png\"></a></div>",
  ],
  [
    "a link whose text starts with a code span has no text to the server: untitled, and a paragraph of it alone gives way to the preview",
    "[`c` x](http://e.com/a.png)",
    "<div class=\"message_inline_image\"><a href=\"http://e.com/a.png\"><img src=\"http://e.com/a.png\"></a></div>",
  ],
  [
    "a tight item of such a link alone gives way to the preview",
    "- [`c`](http://e.com/a.png)",
    "<ul>\n<li><div class=\"message_inline_image\"><a href=\"http://e.com/a.png\"><img src=\"http://e.com/a.png\"></a></div></li>\n</ul>",
  ],
  [
    "a video link titled with its text before a mention",
    "[x @**Iago** y](http://e.com/v.mp4)",
    "<p><a href=\"http://e.com/v.mp4\">x <span class=\"user-mention\" data-user-id=\"1002\">@Iago</span> y</a></p>\n<div class=\"message_inline_image message_inline_video\"><a href=\"http://e.com/v.mp4\" title=\"x \"><video preload=\"metadata\" src=\"http://e.com/v.mp4\"></video></a></div>",
  ],
  [
    'quoted links are not previewed',
    '> https://example.com/video.mp4',
    '<blockquote>\n<p><a href="https://example.com/video.mp4">https://example.com/video.mp4</a></p>\n</blockquote>',
  ],
];

describe('link previews beyond images, as the server writes them', () => {
  it.each(CASES)('%s', async (_name, content, expected) => {
    expect(await render(content)).toBe(expected);
  });

  it('a message with more than 24 distinct links gets no previews at all; 24 still do', async () => {
    const links = (count: number) => Array.from({ length: count }, (_, index) => `https://example.com/${index}.png`);
    const many = await render(links(25).join(' '));
    expect(many).not.toContain('message_inline_image');
    const allowed = await render(links(24).join(' '));
    expect(allowed.match(/class="message_inline_image"/g)).toHaveLength(24);
    // Channel links count too: 24 images and a channel link are 25 links.
    expect(await render(`${links(24).join(' ')} #**Verona**`)).not.toContain('message_inline_image');
  });

  it('a repeated link is previewed once', async () => {
    const twice = await render('https://youtu.be/abcdef and again https://youtu.be/abcdef');
    expect(twice.match(/youtube-video/g)).toHaveLength(1);
  });

  it("links into the realm's own host get no YouTube preview", () => {
    const link = 'https://www.youtube.com/watch?v=hx1mjT73xYE';
    const elsewhere = createMockServer({ baseUrl: 'http://chat.test', realmUrl: 'https://chat.example.com' });
    expect(renderMessage(elsewhere.state, link).html).toContain('youtube-video');
    const onYoutube = createMockServer({ baseUrl: 'http://chat.test', realmUrl: 'https://www.youtube.com' });
    expect(renderMessage(onYoutube.state, link).html).not.toContain('youtube-video');
  });
});
