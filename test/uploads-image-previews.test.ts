import { describe, expect, it } from 'vitest';
import { narrow } from '../src/index';
import { gif, jpeg, png, tiff, webp } from './support/image-bytes';
import { SITE, useTestRealm } from './support/mock';
import { sendAndRead, upload } from './support/uploaded-images';

const realm = useTestRealm();

const HAMLET = 'hamlet@zulip.com';
const OTHELLO = 'othello@zulip.com';
const CORDELIA = 'cordelia@zulip.com';

/** The server's preview block of an uploaded image once its thumbnails exist. */
function preview(url: string, title: string, img: string): string {
  return `<div class="message_inline_image"><a href="${url}" title="${title}"><img ${img}></a></div>`;
}

function basic(email: string): Record<string, string> {
  return { Authorization: `Basic ${btoa(`${email}:${realm.mock.apiKeyOf(email)}`)}` };
}

describe('previews of uploaded images', () => {
  it('a link to an uploaded PNG gets the server\'s preview: its thumbnail, type and size', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const { url, pathId } = await upload(hamlet, png(640, 480), 'pic.png', 'image/png');
    const { html } = await sendAndRead(hamlet, `[pic.png](${url})`);
    expect(html).toBe(
      `<p><a href="${url}">pic.png</a></p>\n` +
        preview(url, 'pic.png', `data-original-content-type="image/png" data-original-dimensions="640x480" src="/user_uploads/thumbnail/${pathId}/840x560.webp"`),
    );
  });

  // Attributes in name order, as the server's thumbnail rewrite (BeautifulSoup) writes them: its own
  // test_thumbnail_repeated expects `<img data-animated="true" data-original-content-type=... src=...>`.
  it('an animated GIF previews its -anim thumbnail marked data-animated; a one-frame GIF does not', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const moving = await upload(hamlet, gif(20, 10, 3), 'moving.gif', 'image/gif');
    const still = await upload(hamlet, gif(20, 10), 'still.gif', 'image/gif');
    const { html } = await sendAndRead(hamlet, `[moving.gif](${moving.url}) and [still.gif](${still.url})`);
    expect(html).toBe(
      `<p><a href="${moving.url}">moving.gif</a> and <a href="${still.url}">still.gif</a></p>\n` +
        preview(
          moving.url,
          'moving.gif',
          `data-animated="true" data-original-content-type="image/gif" data-original-dimensions="20x10" src="/user_uploads/thumbnail/${moving.pathId}/840x560-anim.webp"`,
        ) +
        preview(still.url, 'still.gif', `data-original-content-type="image/gif" data-original-dimensions="20x10" src="/user_uploads/thumbnail/${still.pathId}/840x560.webp"`),
    );
  });

  it('an animated WebP and an APNG are animated too', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const moving = await upload(hamlet, webp(30, 20, 4), 'moving.webp', 'image/webp');
    const apng = await upload(hamlet, png(30, 20, 2), 'moving.png', 'image/png');
    const { html } = await sendAndRead(hamlet, `[a](${moving.url}) [b](${apng.url})`);
    expect(html).toContain(
      `<img data-animated="true" data-original-content-type="image/webp" data-original-dimensions="30x20" src="/user_uploads/thumbnail/${moving.pathId}/840x560-anim.webp">`,
    );
    expect(html).toContain(`<img data-animated="true" data-original-content-type="image/png" data-original-dimensions="30x20" src="/user_uploads/thumbnail/${apng.pathId}/840x560-anim.webp">`);
  });

  it('a JPEG turned by its EXIF orientation reports its size as shown; a TIFF names its transcoded still', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const turned = await upload(hamlet, jpeg(300, 200, 6), 'turned.jpg', 'image/jpeg');
    expect((await sendAndRead(hamlet, `[turned.jpg](${turned.url})`)).html).toContain('data-original-dimensions="200x300"');
    const scan = await upload(hamlet, tiff(50, 70), 'scan.tiff', 'image/tiff');
    expect((await sendAndRead(hamlet, `[scan](${scan.url})`)).html).toContain(
      `<img data-original-content-type="image/tiff" data-original-dimensions="50x70" data-transcoded-image="3024x4032.webp" src="/user_uploads/thumbnail/${scan.pathId}/840x560.webp">`,
    );
  });

  it('files that are not images the server reads get no preview: other types, bytes that do not parse, unknown paths', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const text = await upload(hamlet, new TextEncoder().encode('hello'), 'notes.txt', 'text/plain');
    const fake = await upload(hamlet, new TextEncoder().encode('not a png'), 'fake.png', 'image/png');
    const svg = await upload(hamlet, new TextEncoder().encode('<svg width="10" height="10"/>'), 'icon.svg', 'image/svg+xml');
    for (const url of [text.url, fake.url, svg.url, '/user_uploads/1/ab/nothing-here/pic.png']) {
      const { html } = await sendAndRead(hamlet, `[file](${url})`);
      expect(html).toBe(`<p><a href="${url}">file</a></p>`);
    }
  });

  it('a link to an image whose non-ASCII name is typed previews it; one percent-encoded by hand previews nothing, as on the server', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const { url } = await upload(hamlet, png(8, 8), 'снимка.png', 'image/png');
    expect(url).toMatch(/\/снимка\.png$/);
    expect((await sendAndRead(hamlet, `[a](${url})`)).html).toContain('<div class="message_inline_image">');
    const encoded = url.replace('снимка', encodeURIComponent('снимка'));
    expect((await sendAndRead(hamlet, `[a](${encoded})`)).html).toBe(`<p><a href="${encoded}">a</a></p>`);
  });

  it('the preview follows the paragraph with the link, once per image per message; quoted links get none', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const { url, pathId } = await upload(hamlet, png(8, 8), 'dot.png', 'image/png');
    const img = `data-original-content-type="image/png" data-original-dimensions="8x8" src="/user_uploads/thumbnail/${pathId}/840x560.webp"`;
    const { html } = await sendAndRead(hamlet, `[dot.png](${url})\n\n[again](${url})\n\n> [quoted](${url})`);
    expect(html).toBe(
      // The server inserts previews after its prettifier ran: no line break after them.
      `<p><a href="${url}">dot.png</a></p>\n${preview(url, 'dot.png', img)}<p><a href="${url}">again</a></p>\n` +
        `<blockquote>\n<p><a href="${url}">quoted</a></p>\n</blockquote>`,
    );
  });

  it('POST /messages/render and edits preview uploads the same way, and has:image finds the message', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const { url, pathId } = await upload(hamlet, png(2, 3), 'tiny.png', 'image/png');
    const img = `data-original-content-type="image/png" data-original-dimensions="2x3" src="/user_uploads/thumbnail/${pathId}/840x560.webp"`;
    const expected = `<p><a href="${url}">tiny.png</a></p>\n${preview(url, 'tiny.png', img)}`;
    expect((await hamlet.messages.render({ content: `[tiny.png](${url})` })).rendered).toBe(expected);
    const { id } = await hamlet.messages.send({ type: 'channel', to: 'Verona', topic: 'edit', content: 'soon a picture' });
    await hamlet.messages.update({ message_id: id, content: `[tiny.png](${url})` });
    expect((await hamlet.messages.get({ message_id: id })).message.content).toBe(expected);
    const found = await hamlet.messages.list({ anchor: 'newest', num_before: 5, num_after: 0, narrow: narrow().has('image') });
    expect(found.messages.map((message) => message.id)).toContain(id);
  });

  it('register lists the server\'s thumbnail formats', async () => {
    const queue = await realm.clientFor(HAMLET).events.register({ fetch_event_types: ['realm'] });
    expect(queue.server_thumbnail_formats).toEqual([
      { name: '840x560-anim.webp', max_width: 840, max_height: 560, format: 'webp', animated: true },
      { name: '840x560.webp', max_width: 840, max_height: 560, format: 'webp', animated: false },
    ]);
  });
});

describe('GET /user_uploads/thumbnail/{path}/{format}', () => {
  const thumbnail = (pathId: string, format: string, email?: string) =>
    fetch(`${SITE}/user_uploads/thumbnail/${pathId}/${format}`, { headers: email ? basic(email) : {}, redirect: 'manual' });

  it('serves the image (the mock makes no smaller copy) to whoever may read it, with the file\'s own type', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const bytes = png(40, 30);
    const { url, pathId } = await upload(hamlet, bytes, 'shared.png', 'image/png');
    const own = await thumbnail(pathId, '840x560.webp', HAMLET);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await own.arrayBuffer())).toEqual(bytes);
    // Othello may read it only once a message he can read links to it.
    expect((await thumbnail(pathId, '840x560.webp', OTHELLO)).status).toBe(403);
    await hamlet.messages.send({ type: 'channel', to: 'Verona', topic: 'share', content: `[shared.png](${url})` });
    expect((await thumbnail(pathId, '840x560.webp', OTHELLO)).status).toBe(200);
    const anonymous = await thumbnail(pathId, '840x560.webp');
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get('location')).toBe(`/login/?next=/user_uploads/thumbnail/${pathId}/840x560.webp`);
  });

  // zerver/views/upload.py serve_file: a name that parses as a format the server does not make
  // for this image gets the closest one it rendered (test_thumbnail.py test_get_thumbnail: "we
  // can request -anim ... we get the still webp, rather than a 404"), under that format's name.
  it('serves the closest rendered thumbnail for a format the server does not make for the image, named as that one', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const still = await upload(hamlet, png(4, 4), 'still.png', 'image/png');
    const moving = await upload(hamlet, gif(4, 4, 3), 'moving.gif', 'image/gif');
    const scan = await upload(hamlet, tiff(50, 70), 'scan.tiff', 'image/tiff');
    for (const [pathId, format, served] of [
      [still.pathId, '840x560-anim.webp', '840x560.webp'],
      [still.pathId, '100x100.webp', '840x560.webp'],
      [still.pathId, '1x1.png', '840x560.webp'],
      [moving.pathId, '100x75-anim.gif', '840x560-anim.webp'],
      [moving.pathId, '10x10.webp', '840x560.webp'],
      [scan.pathId, '3024x4032.webp', '3024x4032.webp'],
      [scan.pathId, '4000x3000.webp', '3024x4032.webp'],
    ] as const) {
      const response = await thumbnail(pathId, format, HAMLET);
      // The mock serves the original's bytes and type: a TIFF is an attachment, not inline.
      expect([format, response.status, response.headers.get('content-disposition')?.split('; ')[1]]).toEqual([format, 200, `filename="${served}"`]);
    }
  });

  it('is the server\'s 404 image for a name that is no format and a file that is no image, its 404 page for an unknown path', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const still = await upload(hamlet, png(4, 4), 'still.png', 'image/png');
    const text = await upload(hamlet, new TextEncoder().encode('hello'), 'notes.txt', 'text/plain');
    for (const [pathId, format] of [
      [still.pathId, 'bogus'],
      [still.pathId, '840x560.web-p'],
      [text.pathId, '840x560.webp'],
    ] as const) {
      const response = await thumbnail(pathId, format, HAMLET);
      expect([response.status, response.headers.get('content-type')]).toEqual([404, 'image/png']);
    }
    const missing = await thumbnail('1/ab/missing/none.png', '840x560.webp', HAMLET);
    expect([missing.status, await missing.text()]).toEqual([404, '<p>This file does not exist or has been deleted.</p>']);
    expect((await thumbnail(still.pathId, '840x560.webp', CORDELIA)).status).toBe(403);
  });
});
