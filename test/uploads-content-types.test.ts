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
    expect(await uploadPart('a.png', 'Content-Type: text/plain\r\n')).toMatchObject({ type: 'text/plain' });
    expect(await uploadPart('a.png', 'content-type:\r\n')).toMatchObject({ type: 'image/png' });
    expect(await uploadPart('a.png', 'Content-Type: IMAGE/PNG; x=y\r\n')).toMatchObject({ type: 'image/png' });
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
