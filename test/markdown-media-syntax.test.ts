import { describe, expect, it } from 'vitest';
import { ManualClock } from '../mock/domain/clock';
import { createMockServer } from '../mock/index';
import { gif, png, tiff } from './support/image-bytes';
import { SITE, useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';
import { sendAndRead, upload } from './support/uploaded-images';

// The media syntax `![text](url)` as the newest server renders it (zerver/lib/markdown:
// `AudioInlineProcessor`, then `ImageInlineProcessor`; its fixture case `only_inline_audio_camo`
// and its test_inline_image_thumbnail_after_send), as a server without Camo (`CAMO_URI = ""`) writes
// it (test/markdown-camo.test.ts has it through Camo).
const realm = useTestRealm({ camo: false });

const HAMLET = 'hamlet@zulip.com';

async function render(content: string): Promise<string> {
  return (await realm.clientFor(HAMLET).messages.render({ content })).rendered;
}

const audio = (src: string, title?: string) =>
  `<audio controls preload="metadata" src="${src}"${title === undefined ? '' : ` title="${title}"`}></audio>`;
const image = (alt: string, src: string) => `<img alt="${alt}" data-original-src="${src}" src="${src}">`;

const EXTERNAL_CASES: readonly (readonly [string, string])[] = [
  // The server's own case, once its Camo URL is read back.
  ['![Audio link](http://example.com/audio.mp3)', `<p>${audio('http://example.com/audio.mp3', 'Audio link')}</p>`],
  // Audio by the extension, in any case, of the types browsers play.
  ['![song](https://example.com/Song.MP3)', `<p>${audio('https://example.com/Song.MP3', 'song')}</p>`],
  [
    '![a](https://example.com/a.flac) ![b](https://example.com/b.aac) ![c](https://example.com/c.weba) ![d](https://example.com/d.wav)',
    `<p>${audio('https://example.com/a.flac', 'a')} ${audio('https://example.com/b.aac', 'b')} ${audio('https://example.com/c.weba', 'c')} ${audio('https://example.com/d.wav', 'd')}</p>`,
  ],
  // The title is the text, trimmed; none when there is no text.
  ['![](https://example.com/a.m4a)', `<p>${audio('https://example.com/a.m4a')}</p>`],
  ['![  spaced out  ](https://example.com/a.mp3)', `<p>${audio('https://example.com/a.mp3', 'spaced out')}</p>`],
  // Not audio: a type browsers may not play, a quoted title, an extension hidden by a query.
  ['![clip](https://example.com/a.ogg)', `<p>${image('clip', 'https://example.com/a.ogg')}</p>`],
  ['![a](https://example.com/a.mp3 "Our song")', '<p><img alt="a" data-original-src="https://example.com/a.mp3" src="https://example.com/a.mp3" title="Our song"></p>'],
  ['![a](https://example.com/a.mp3?dl=1)', `<p>${image('a', 'https://example.com/a.mp3?dl=1')}</p>`],
  // Images in place, without a preview block, the text as typed in `alt`.
  ['![diagram](https://example.com/d.png)', `<p>${image('diagram', 'https://example.com/d.png')}</p>`],
  ['see ![x](https://example.com/x.png) here', `<p>see ${image('x', 'https://example.com/x.png')} here</p>`],
  ['![**b** & "c"](https://example.com/x.png)', `<p>${image('**b** &amp; &quot;c&quot;', 'https://example.com/x.png')}</p>`],
  // What the server reads before images stands for its text (code, ***strong em***, mentions,
  // channel links, times, links); a typed character reference stays as typed.
  ['![a `b` ***c*** *d*](https://example.com/x.png)', `<p>${image('a b c *d*', 'https://example.com/x.png')}</p>`],
  ['![@**King Hamlet** #**Verona** <time:1700000000> [l](http://y.com)](https://example.com/x.png)', `<p>${image('@King Hamlet #Verona 1700000000 l', 'https://example.com/x.png')}</p>`],
  ['![a &amp; b &copy;](https://example.com/x.png)', `<p>${image('a &amp; b &copy;', 'https://example.com/x.png')}</p>`],
  // Python-Markdown writes an attribute whose value is its name bare.
  ['![alt](https://example.com/x.png "title")', '<p><img alt data-original-src="https://example.com/x.png" src="https://example.com/x.png" title></p>'],
  // URLs as links take them: `http://` assumed, other schemes left as text, the realm's own relative.
  ['![a](example.com/x.png)', `<p>${image('a', 'http://example.com/x.png')}</p>`],
  ['![a]()', `<p>${image('a', 'http://')}</p>`],
  ['![a](javascript:alert(1))', '<p>![a](javascript:alert(1))</p>'],
  [`![a](${SITE}/user_uploads/1/ab/x.png)`, `<p>${image('a', 'user_uploads/1/ab/x.png')}</p>`],
  // In a link's text the syntax stays text: the server reads it with no pattern after links,
  // the image pattern included (its own renderer's output).
  ['[![a](https://example.com/x.png)](https://example.com)', '<p><a href="https://example.com">![a](https://example.com/x.png)</a></p>'],
];

describe('the media syntax, ![text](url)', () => {
  it.each(EXTERNAL_CASES)('%j renders as the server renders it', async (input, expected) => {
    expect(await render(input)).toBe(expected);
  });

  it('before feature level 405 (Zulip 10.2) it is `!` and a link, with the link\'s preview', async () => {
    const older = createMockServer({ featureLevel: 404, camo: false }).clientFor(HAMLET);
    const rendered = async (content: string) => (await older.messages.render({ content })).rendered;
    expect(await rendered('![song](http://example.com/a.mp3)')).toBe('<p>!<a href="http://example.com/a.mp3">song</a></p>');
    expect(await rendered('![pic](https://example.com/a.png)')).toBe(
      '<p>!<a href="https://example.com/a.png">pic</a></p>\n' +
        '<div class="message_inline_image"><a href="https://example.com/a.png" title="pic"><img src="https://example.com/a.png"></a></div>',
    );
  });
});

describe('the media syntax with uploaded files', () => {
  it('an uploaded image shows its thumbnail in place (class inline-image), the upload in data-original-src', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const { url, pathId } = await upload(hamlet, png(128, 128), 'img.png', 'image/png');
    expect((await sendAndRead(hamlet, `![image](${url})`)).html).toBe(
      '<p><img alt="image" class="inline-image" data-original-content-type="image/png" data-original-dimensions="128x128"' +
        ` data-original-src="${url}" src="/user_uploads/thumbnail/${pathId}/840x560.webp"></p>`,
    );
  });

  it('an animated image is marked, a TIFF names its transcoded still, an empty text is a bare alt (the rewrite\'s BeautifulSoup)', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const moving = await upload(hamlet, gif(20, 10, 3), 'moving.gif', 'image/gif');
    const scan = await upload(hamlet, tiff(50, 70), 'scan.tiff', 'image/tiff');
    expect((await sendAndRead(hamlet, `![moving](${moving.url}) and ![](${scan.url} "The scan")`)).html).toBe(
      '<p><img alt="moving" class="inline-image" data-animated="true" data-original-content-type="image/gif" data-original-dimensions="20x10"' +
        ` data-original-src="${moving.url}" src="/user_uploads/thumbnail/${moving.pathId}/840x560-anim.webp"> and ` +
        '<img alt class="inline-image" data-original-content-type="image/tiff" data-original-dimensions="50x70"' +
        ` data-original-src="${scan.url}" data-transcoded-image="3024x4032.webp" src="/user_uploads/thumbnail/${scan.pathId}/840x560.webp" title="The scan"></p>`,
    );
  });

  it('an upload stored with an audio type is a player, whatever its name; the same name stored as another type is not', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const voice = await upload(hamlet, new Uint8Array([1, 2, 3]), 'voice-note', 'audio/mpeg');
    const song = await upload(hamlet, new Uint8Array([1, 2, 3]), 'song.mp3', 'application/octet-stream');
    expect((await sendAndRead(hamlet, `![voice-note](${voice.url})`)).html).toBe(`<p>${audio(voice.url, 'voice-note')}</p>`);
    // Neither audio nor an image the server thumbnails: the syntax stays text (its text still Markdown).
    expect((await sendAndRead(hamlet, `![*song*.mp3](${song.url})`)).html).toBe(`<p>![<em>song</em>.mp3](${song.url})</p>`);
  });

  it('a PDF, an image whose bytes are no image, a path with no upload: text', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const pdf = await upload(hamlet, new TextEncoder().encode('%PDF-1.4'), 'doc.pdf', 'application/pdf');
    const fake = await upload(hamlet, new TextEncoder().encode('not a png'), 'fake.png', 'image/png');
    for (const url of [pdf.url, fake.url, '/user_uploads/1/ab/missing.png']) {
      expect((await sendAndRead(hamlet, `![file](${url})`)).html).toBe(`<p>![file](${url})</p>`);
    }
  });

  it('the message claims the uploads it shows: the attachment event names it, and the state stays in step', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const picture = await upload(hamlet, png(16, 16), 'pic.png', 'image/png');
    const voice = await upload(hamlet, new Uint8Array([1, 2, 3]), 'voice.mp3', 'audio/mpeg');
    let id = 0;
    const events = await verifyAction(hamlet, async () => {
      id = (await sendAndRead(hamlet, `![pic](${picture.url}) ![voice](${voice.url})`)).id;
    });
    expect(events.filter((event) => event?.type === 'attachment')).toHaveLength(2);
    const { attachments } = await hamlet.attachments.list();
    for (const { path_id, messages } of attachments) expect([path_id, messages.map((message) => message.id)]).toEqual([path_id, [id]]);
    expect(attachments.map((attachment) => attachment.path_id).sort()).toEqual([picture.pathId, voice.pathId].sort());
  });
});

describe('an uploaded image in place before its thumbnails exist', () => {
  it('is the server\'s loading placeholder, then the thumbnail once the worker has run', async () => {
    const clock = new ManualClock();
    const mock = createMockServer({ baseUrl: SITE, clock, thumbnailDelayMs: 2_000 });
    const hamlet = mock.clientFor(HAMLET);
    const { url, pathId } = await upload(hamlet, png(64, 48), 'late.png', 'image/png');
    const { id, html } = await sendAndRead(hamlet, `![late & "great"](${url} "title")`);
    expect(html).toBe(
      '<p><img alt="late &amp; &quot;great&quot;" class="inline-image image-loading-placeholder" data-original-content-type="image/png"' +
        ` data-original-dimensions="64x48" data-original-src="${url}" src="/static/images/loading/loader-black.svg" title></p>`,
    );
    clock.advance(2_000);
    expect((await hamlet.messages.get({ message_id: id })).message.content).toBe(
      '<p><img alt="late &amp; &quot;great&quot;" class="inline-image" data-original-content-type="image/png"' +
        ` data-original-dimensions="64x48" data-original-src="${url}" src="/user_uploads/thumbnail/${pathId}/840x560.webp" title></p>`,
    );
  });
});
