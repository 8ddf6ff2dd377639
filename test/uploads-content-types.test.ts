import { describe, expect, it } from 'vitest';
import { SITE, useTestRealm } from './support/mock';
import { png } from './support/image-bytes';

const realm = useTestRealm();
const HAMLET = 'hamlet@zulip.com';
const BOUNDARY = 'teamchat-test-boundary-0123456789';

function basic(email: string): Record<string, string> {
  return { Authorization: `Basic ${btoa(`${email}:${realm.mock.apiKeyOf(email)}`)}` };
}

/** A multipart body of one file part, with exactly the part headers given after its disposition. */
function multipart(filename: string, partHeaders: string, bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const head = new TextEncoder().encode(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n${partHeaders}\r\n`);
  const tail = new TextEncoder().encode(`\r\n--${BOUNDARY}--\r\n`);
  const body = new Uint8Array(head.length + bytes.length + tail.length);
  body.set(head);
  body.set(bytes, head.length);
  body.set(tail, head.length + bytes.length);
  return body;
}

/** Uploads one part as built by hand; answers how the file is then served to its uploader. */
async function uploadPart(filename: string, partHeaders: string, bytes: Uint8Array = png(4, 4)) {
  const response = await realm.raw(HAMLET, 'POST', '/user_uploads', multipart(filename, partHeaders, bytes), {
    'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`,
  });
  expect(response.status).toBe(200);
  const { url, filename: name } = (await response.json()) as { url: string; filename: string };
  const served = await fetch(`${SITE}${url}`, { headers: basic(HAMLET) });
  return { url, name, type: served.headers.get('content-type'), disposition: served.headers.get('content-disposition') };
}

describe('the type an upload is stored with', () => {
  // Python's requests (and so the Python bindings) send file parts without a Content-Type; the
  // Fetch parser would call those text/plain, the server guesses from the name.
  it('a part without a Content-Type header is typed from its name, as Python\'s mimetypes would', async () => {
    expect(await uploadPart('a.png', '')).toMatchObject({ name: 'a.png', type: 'image/png', disposition: 'inline; filename="a.png"' });
    expect(await uploadPart('noext', '')).toMatchObject({ type: 'application/octet-stream', disposition: 'attachment; filename="noext"' });
    expect(await uploadPart('song.flac', '')).toMatchObject({ type: 'audio/flac', disposition: 'inline; filename="song.flac"' });
    // A compression is an encoding to Python: the type is that of what it compresses, if known.
    expect(await uploadPart('notes.txt.gz', '')).toMatchObject({ type: 'text/plain' });
    expect(await uploadPart('notes.gz', '')).toMatchObject({ type: 'application/octet-stream' });
    expect(await uploadPart('.png', '')).toMatchObject({ type: 'application/octet-stream' });
    // The name is guessed from before its percent-escapes are decoded, as the server does.
    expect(await uploadPart('a%2Epng', '')).toMatchObject({ name: 'a.png', type: 'application/octet-stream' });
  });

  it('a part with a Content-Type keeps it: text/plain stays, an empty one is guessed', async () => {
    // PNG bytes are no text the mock can name a charset for.
    expect(await uploadPart('a.png', 'Content-Type: text/plain\r\n')).toMatchObject({ type: 'text/plain' });
    expect(await uploadPart('a.png', 'content-type:\r\n')).toMatchObject({ type: 'image/png' });
  });

  // Zulip 11.0's get_file_info: the part's parameters are kept, re-quoted as Python's email package writes them.
  it('a QuickTime video is a download: the server shows only MP4 and WebM video in place (regression: inline)', async () => {
    expect(await uploadPart('clip.mov', 'Content-Type: video/quicktime\r\n', new Uint8Array(8))).toMatchObject({
      type: 'video/quicktime',
      disposition: 'attachment; filename="clip.mov"',
    });
    expect(await uploadPart('clip.mp4', 'Content-Type: video/mp4\r\n', new Uint8Array(8))).toMatchObject({ disposition: 'inline; filename="clip.mp4"' });
  });

  it('keeps the parameters sent with the type, quoted (regression: dropped)', async () => {
    expect(await uploadPart('a.png', 'Content-Type: IMAGE/PNG; x=y\r\n')).toMatchObject({ type: 'image/png; x="y"', disposition: 'inline; filename="a.png"' });
    expect(await uploadPart('a.png', 'Content-Type: image/png; a_b="q \\"x\\""; bare; empty=""\r\n')).toMatchObject({
      type: 'image/png; a-b="q \\"x\\""; empty',
    });
  });

  it('an explicit application/octet-stream is kept: served as a download, and no image preview or thumbnail', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const untyped = await uploadPart('photo.png', 'Content-Type: application/octet-stream\r\n', png(20, 10));
    expect(untyped).toMatchObject({ type: 'application/octet-stream', disposition: 'attachment; filename="photo.png"' });
    const { id } = await hamlet.messages.send({ type: 'channel', to: 'Verona', topic: 'pics', content: `[photo.png](${untyped.url})` });
    const { message } = await hamlet.messages.get({ message_id: id });
    expect(message.content).toBe(`<p><a href="${untyped.url}">photo.png</a></p>`);
    const thumbnail = await fetch(`${SITE}/user_uploads/thumbnail/${untyped.url.slice('/user_uploads/'.length)}/840x560.webp`, { headers: basic(HAMLET) });
    expect(thumbnail.status).toBe(404);
    // The SDK sends untyped bytes as application/octet-stream too (form data always types a file).
    const { url } = await hamlet.uploads.upload(png(20, 10), { filename: 'bytes.png' });
    expect((await fetch(`${SITE}${url}`, { headers: basic(HAMLET) })).headers.get('content-type')).toBe('application/octet-stream');
    // Typed, the same bytes are an image.
    const typed = await hamlet.uploads.upload(png(20, 10), { filename: 'bytes.png', contentType: 'image/png' });
    const shown = await hamlet.messages.send({ type: 'channel', to: 'Verona', topic: 'pics', content: `[bytes.png](${typed.url})` });
    expect((await hamlet.messages.get({ message_id: shown.id })).message.content).toContain('data-original-content-type="image/png"');
  });
});

const encode = (text: string) => new TextEncoder().encode(text);

// Zulip 11.0's maybe_add_charset: a text/plain file without a charset gets the one chardet finds
// with enough confidence, at upload and again when served (zerver/tests/test_upload.py).
describe('the charset of a text file (regression: served without one)', () => {
  it('names ASCII and UTF-8 as the server\'s tests do, and leaves what it cannot be sure of', async () => {
    const text = 'Content-Type: text/plain\r\n';
    expect(await uploadPart('somefile.txt', text, encode('No high bytes in this string'))).toMatchObject({
      type: 'text/plain; charset="ascii"',
      disposition: 'inline; filename="somefile.txt"',
    });
    // Without a type the guessed text/plain gets one too.
    expect(await uploadPart('somefile.txt', '', encode('zulip!'))).toMatchObject({ type: 'text/plain; charset="ascii"' });
    expect(await uploadPart('a.txt', text, encode('नाम में क्या रक्खा हे'))).toMatchObject({ type: 'text/plain; charset="utf-8"' });
    expect(await uploadPart('a.txt', text, encode('日本語'))).toMatchObject({ type: 'text/plain; charset="utf-8"' });
    expect(await uploadPart('a.txt', text, Uint8Array.from([0xef, 0xbb, 0xbf, 0x61]))).toMatchObject({ type: 'text/plain; charset="UTF-8-SIG"' });
    // "Aucune idée" in Mac Roman: too short and obscure for chardet, as for the server's test.
    expect(await uploadPart('a.txt', text, Uint8Array.from([...encode('Aucune id'), 0x8e, 0x65]))).toMatchObject({ type: 'text/plain' });
    expect(await uploadPart('a.txt', text, new Uint8Array(0))).toMatchObject({ type: 'text/plain' });
    // UTF-16 without a mark: chardet's 85% is under the server's bar.
    expect(await uploadPart('a.txt', text, Uint8Array.from([...'plain words in utf-16 le'].flatMap((c) => [c.charCodeAt(0), 0])))).toMatchObject({ type: 'text/plain' });
  });

  it('keeps a charset the client gave, even a wrong one, beside other parameters', async () => {
    expect(await uploadPart('a.txt', 'Content-Type: text/plain; test-key=test_value; charset=big5\r\n', encode('नाम में क्या रक्खा हे'))).toMatchObject({
      type: 'text/plain; test-key="test_value"; charset="big5"',
    });
    expect(await uploadPart('a.txt', 'Content-Type: text/plain; format=flowed\r\n', encode('zulip!'))).toMatchObject({
      type: 'text/plain; format="flowed"; charset="ascii"',
    });
  });

  it('only for text/plain as Python reads types: not HTML, but a type that is no type/subtype is text/plain, served in place', async () => {
    expect(await uploadPart('a.html', 'Content-Type: text/html\r\n', encode('<p>hi</p>'))).toMatchObject({
      type: 'text/html',
      disposition: 'attachment; filename="a.html"',
    });
    expect(await uploadPart('a.bin', 'Content-Type: nonsense\r\n', encode('hi'))).toMatchObject({
      type: 'nonsense; charset="ascii"',
      disposition: 'inline; filename="a.bin"',
    });
  });

  it('is served with the charset also at its download and temporary URLs', async () => {
    const { url } = await uploadPart('notes.txt', 'Content-Type: text/plain\r\n', encode('zulip!'));
    const download = await fetch(`${SITE}${url.replace('/user_uploads/', '/user_uploads/download/')}`, { headers: basic(HAMLET) });
    expect([download.headers.get('content-type'), download.headers.get('content-disposition')]).toEqual(['text/plain; charset="ascii"', 'attachment; filename="notes.txt"']);
    const { url: temporary } = await realm.clientFor(HAMLET).uploads.temporaryUrl(`${SITE}${url}`);
    expect((await fetch(`${SITE}${temporary}`)).headers.get('content-type')).toBe('text/plain; charset="ascii"');
  });
});
