import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createMockServer, DEFAULT_CAMO_KEY } from '../mock/index';
import { SITE, useTestRealm } from './support/mock';

// External media as a production server writes them (zerver/lib/camo.py and the markdown's
// InlineImageProcessor / InlineVideoProcessor): through Camo, `{CAMO_URI}{HMAC-SHA1 of the URL
// under CAMO_KEY}/{the URL's UTF-8 bytes in hex}`, except the realm's own and relative URLs.
// The expected digests are computed here with Node's own HMAC, independently of the mock.
const HAMLET = 'hamlet@zulip.com';

function camo(url: string, uri = '/external_content/', key = DEFAULT_CAMO_KEY): string {
  const digest = createHmac('sha1', key).update(url, 'utf8').digest('hex');
  return `${uri}${digest}/${Buffer.from(url, 'utf8').toString('hex')}`;
}

describe('external media through Camo, as a production server (CAMO_URI = "/external_content/") by default', () => {
  const realm = useTestRealm();

  async function render(content: string): Promise<string> {
    return (await realm.clientFor(HAMLET).messages.render({ content })).rendered;
  }

  it('the default key is the one the docs name', () => {
    expect(DEFAULT_CAMO_KEY).toBe('teamchat-mock-camo-key');
  });

  it("an image link's preview loads the image through the proxy; the link stays the image's own URL", async () => {
    const url = 'https://www.google.com/images/srpr/logo4w.png';
    expect(await render(url)).toBe(`<div class="message_inline_image"><a href="${url}"><img src="${camo(url)}"></a></div>`);
  });

  it('a sent message keeps the proxied HTML in its content', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const url = 'http://example.com/image.png';
    const { id } = await hamlet.messages.send({ type: 'channel', to: 'Verona', topic: 'camo', content: `look ${url}` });
    const { message } = await hamlet.messages.get({ message_id: id });
    expect(message.content).toBe(
      `<p>look <a href="${url}">${url}</a></p>\n<div class="message_inline_image"><a href="${url}"><img src="${camo(url)}"></a></div>`,
    );
  });

  it("a video's player loads through the proxy, its link stays the video's URL", async () => {
    const url = 'https://example.com/clip.mp4';
    expect(await render(url)).toBe(
      `<div class="message_inline_image message_inline_video"><a href="${url}"><video preload="metadata" src="${camo(url)}"></video></a></div>`,
    );
  });

  it("a YouTube preview's thumbnail loads through the proxy", async () => {
    const url = 'https://www.youtube.com/watch?v=hx1mjT73xYE';
    expect(await render(url)).toBe(
      `<p><a href="${url}">${url}</a></p>\n` +
        `<div class="youtube-video message_inline_image"><a data-id="hx1mjT73xYE" href="${url}"><img src="${camo('https://i.ytimg.com/vi/hx1mjT73xYE/mqdefault.jpg')}"></a></div>`,
    );
  });

  it('the media syntax: an image in place through the proxy (data-original-src keeps the URL); audio keeps it in data-original-url', async () => {
    const picture = 'https://example.com/d.png';
    expect(await render(`![diagram](${picture})`)).toBe(`<p><img alt="diagram" data-original-src="${picture}" src="${camo(picture)}"></p>`);
    const song = 'http://example.com/audio.mp3';
    expect(await render(`![Audio link](${song})`)).toBe(
      `<p><audio controls data-original-url="${song}" preload="metadata" src="${camo(song)}" title="Audio link"></audio></p>`,
    );
  });

  it('the proxied URL is the URL as typed, its ampersand escaped only in the HTML', async () => {
    const url = 'https://example.com/a.png?x=1&y=é';
    expect(await render(url)).toBe(
      `<div class="message_inline_image"><a href="https://example.com/a.png?x=1&amp;y=é"><img src="${camo(url)}"></a></div>`,
    );
  });

  it("the realm's own address (same scheme and host) and relative URLs are not proxied; another scheme or port is", async () => {
    const own = `${SITE}/static/logo.png`;
    expect(await render(own)).toBe(`<div class="message_inline_image"><a href="${own}"><img src="${own}"></a></div>`);
    expect(await render('[logo](/static/images/logo.png)')).toBe(
      '<p><a href="/static/images/logo.png">logo</a></p>\n<div class="message_inline_image"><a href="/static/images/logo.png" title="logo"><img src="/static/images/logo.png"></a></div>',
    );
    expect(await render('![song](/static/a.mp3)')).toBe('<p><audio controls preload="metadata" src="/static/a.mp3" title="song"></audio></p>');
    for (const other of ['https://chat.test/logo.png', 'http://chat.test:8080/logo.png', `http://user@chat.test/logo.png`]) {
      expect(await render(other)).toBe(`<div class="message_inline_image"><a href="${other}"><img src="${camo(other)}"></a></div>`);
    }
  });
});

describe('the Camo settings', () => {
  async function renderWith(options: Parameters<typeof createMockServer>[0], content: string): Promise<string> {
    return (await createMockServer({ baseUrl: SITE, ...options }).clientFor(HAMLET).messages.render({ content })).rendered;
  }

  it("the server's test settings (a CDN's URI, key 'dummy') give its fixture's HTML byte for byte", async () => {
    const html = await renderWith({ camo: { uri: 'https://external-content.zulipcdn.net/external_content/', key: 'dummy' } }, 'https://www.google.com/images/srpr/logo4w.png');
    expect(html).toBe(
      '<div class="message_inline_image"><a href="https://www.google.com/images/srpr/logo4w.png"><img src="https://external-content.zulipcdn.net/external_content/' +
        '56c362a24201593891955ff526b3b412c0f9fcd2/68747470733a2f2f7777772e676f6f676c652e636f6d2f696d616765732f737270722f6c6f676f34772e706e67"></a></div>',
    );
  });

  it('a key alone keeps the production URI', async () => {
    const url = 'https://example.com/x.png';
    expect(await renderWith({ camo: { key: 'another' } }, url)).toContain(`<img src="${camo(url, '/external_content/', 'another')}">`);
  });

  it('camo: false, or an empty URI, is a server without Camo (CAMO_URI = ""): the URLs themselves, no data-original-url', async () => {
    for (const camoOption of [false, { uri: '' }] as const) {
      expect(await renderWith({ camo: camoOption }, '![song](http://example.com/audio.mp3) https://example.com/x.png')).toBe(
        '<p><audio controls preload="metadata" src="http://example.com/audio.mp3" title="song"></audio> <a href="https://example.com/x.png">https://example.com/x.png</a></p>\n' +
          '<div class="message_inline_image"><a href="https://example.com/x.png"><img src="https://example.com/x.png"></a></div>',
      );
    }
  });
});
