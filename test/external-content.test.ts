import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createMockServer, DEFAULT_CAMO_KEY } from '../mock/index';
import { useHttpMock, useHttpMockPerTest } from './support/http-mock';
import { SITE, useTestRealm } from './support/mock';

// `/external_content/{digest}/{hex URL}` as a production server answers it: nginx hands the rest
// of the path to go-camo (puppet/zulip/files/nginx/zulip-include-app.d/camo.conf), whose router
// and proxy (cactus/go-camo pkg/router, pkg/camo, pkg/encoding) check the method, the path, the
// HMAC and the URL. The mock fetches nothing: a URL go-camo would fetch is a 302 to it instead.

const IMAGE = 'https://example.com/pic.png';

function hex(text: string): string {
  return Buffer.from(text, 'utf8').toString('hex');
}

function digest(url: string, key = DEFAULT_CAMO_KEY): string {
  return createHmac('sha1', key).update(url, 'utf8').digest('hex');
}

function base64Url(bytes: Buffer): string {
  return bytes.toString('base64url');
}

/** The path a production server's messages use for `url`. */
function camoPath(url: string, key = DEFAULT_CAMO_KEY): string {
  return `/external_content/${digest(url, key)}/${hex(url)}`;
}

interface Answer {
  readonly status: number;
  readonly location: string | null;
  readonly contentType: string | null;
  readonly body: string;
}

/** What go-camo's `http.Error` answers: the message and a newline, as plain text. */
const refused = (status: number, message: string): Answer => ({ status, location: null, contentType: 'text/plain; charset=utf-8', body: `${message}\n` });
const redirect = (url: string): Answer => ({ status: 302, location: url, contentType: null, body: '' });

const signedBadly = `/external_content/${'0'.repeat(40)}/${hex(IMAGE)}`;

/** Method, path, and the answer. */
const CASES: readonly (readonly [string, string, Answer])[] = [
  ['GET', camoPath(IMAGE), redirect(IMAGE)],
  ['HEAD', camoPath(IMAGE), redirect(IMAGE)],
  // A URL with characters beyond ASCII, signed over its UTF-8 bytes.
  ['GET', camoPath('https://example.com/é.png?a=1&b=2'), redirect('https://example.com/%C3%A9.png?a=1&b=2')],
  // An upper-case digest is the same bytes to go-camo's hex decoder.
  ['GET', `/external_content/${digest(IMAGE).toUpperCase()}/${hex(IMAGE)}`, redirect(IMAGE)],
  // go-camo's other encoding: URL-safe base64 without padding, told apart by the digest's length.
  ['GET', `/external_content/${base64Url(createHmac('sha1', DEFAULT_CAMO_KEY).update(IMAGE).digest())}/${base64Url(Buffer.from(IMAGE))}`, redirect(IMAGE)],
  ['GET', signedBadly, refused(403, 'Bad Signature')],
  ['GET', `/external_content/${digest(IMAGE)}/${hex(IMAGE)}0`, refused(403, 'Bad Signature')],
  ['GET', `/external_content/${digest(IMAGE)}/zz${hex(IMAGE)}`, refused(403, 'Bad Signature')],
  ['GET', `/external_content/${digest(IMAGE).slice(2)}/${hex(IMAGE)}`, refused(403, 'Bad Signature')],
  // Signed with another key: the mock's is DEFAULT_CAMO_KEY.
  ['GET', camoPath(IMAGE, 'dummy'), refused(403, 'Bad Signature')],
  ['POST', camoPath(IMAGE), refused(405, 'Method Not Allowed')],
  ['DELETE', signedBadly, refused(405, 'Method Not Allowed')],
  ['OPTIONS', camoPath(IMAGE), refused(405, 'Method Not Allowed')],
  // go-camo's router takes exactly two path segments.
  ['GET', `/external_content/${digest(IMAGE)}`, refused(404, '404 Not Found')],
  ['GET', `${camoPath(IMAGE)}/more`, refused(404, '404 Not Found')],
  ['GET', '/external_content/', refused(404, '404 Not Found')],
  ['GET', '/external_content/healthcheck', { status: 200, location: null, contentType: null, body: '' }],
  // Signed URLs go-camo refuses to fetch.
  ['GET', camoPath('ftp://example.com/pic.png'), refused(404, 'Bad url scheme')],
  ['GET', camoPath('/static/pic.png'), refused(404, 'Bad url scheme')],
  ['GET', camoPath('http://localhost:9991/pic.png'), refused(404, 'Bad url host')],
  ['GET', camoPath('http://images.localdomain/pic.png'), refused(404, 'Bad url host')],
  ['GET', camoPath('https:pic.png'), refused(404, 'Bad url host')],
  // A host its IDNA lookup (`htrie.CleanHostname`: STD3 rules, hyphens checked) refuses.
  ['GET', camoPath('https://my_host.example.com/pic.png'), refused(404, 'Bad url host')],
  ['GET', camoPath('http://[::1]:8080/pic.png'), refused(404, 'Bad url host')],
  ['GET', camoPath('https://-cdn.example.com/pic.png'), refused(404, 'Bad url host')],
  ['GET', camoPath('https://cdn-.example.com/pic.png'), refused(404, 'Bad url host')],
  ['GET', camoPath('https://ab--cd.example.com/pic.png'), refused(404, 'Bad url host')],
  ['GET', camoPath('https://a!b.example.com/pic.png'), refused(404, 'Bad url host')],
  // ... and hosts it takes: upper case, an ACE label, a name beyond ASCII, an IPv4 address.
  ['GET', camoPath('https://CDN.Example.com/pic.png'), redirect('https://CDN.Example.com/pic.png')],
  ['GET', camoPath('https://xn--bcher-kva.example/pic.png'), redirect('https://xn--bcher-kva.example/pic.png')],
  ['GET', camoPath('https://bücher.example/pic.png'), redirect('https://b%C3%BCcher.example/pic.png')],
  ['GET', camoPath('http://203.0.113.7/pic.png'), redirect('http://203.0.113.7/pic.png')],
  ['GET', camoPath('https://user:secret@example.com/pic.png'), refused(404, 'Userinfo URL rejected')],
  ['GET', camoPath('https://example.com/%zz.png'), refused(400, 'Bad url')],
  ['GET', camoPath('https://example.com:port/pic.png'), refused(400, 'Bad url')],
  ['GET', camoPath('https://exa mple.com/pic.png'), refused(400, 'Bad url')],
];

async function answerOf(response: Response): Promise<Answer> {
  return {
    status: response.status,
    location: response.headers.get('location'),
    contentType: response.headers.get('content-type'),
    body: await response.text(),
  };
}

describe('/external_content/ through MSW (setupServer)', () => {
  const realm = useTestRealm();

  it.each(CASES)('%s %s', async (method, path, expected) => {
    // The realm (and its handlers) exist from its first use.
    expect(realm.mock.state.camo).toBeDefined();
    expect(await answerOf(await fetch(`${SITE}${path}`, { method, redirect: 'manual' }))).toEqual(
      method === 'HEAD' ? { ...expected, body: '' } : expected,
    );
  });

  it("the image of a sent message's preview loads from where the proxy sends it: the image's own URL", async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const { id } = await hamlet.messages.send({ type: 'channel', to: 'Verona', topic: 'camo', content: IMAGE });
    const { message } = await hamlet.messages.get({ message_id: id });
    const src = /<img src="([^"]+)">/.exec(message.content)?.[1] ?? '';
    expect(src).toBe(camoPath(IMAGE));
    const response = await fetch(`${SITE}${src}`, { redirect: 'manual' });
    expect([response.status, response.headers.get('location')]).toEqual([302, IMAGE]);
  });

  it("every answer carries go-camo's headers (Zulip's add HSTS and X-Frame-Options)", async () => {
    expect(realm.mock.state.camo).toBeDefined();
    for (const path of [camoPath(IMAGE), signedBadly]) {
      const { headers } = await fetch(`${SITE}${path}`, { redirect: 'manual' });
      expect(Object.fromEntries(['content-security-policy', 'x-content-type-options', 'x-xss-protection', 'x-frame-options', 'strict-transport-security'].map((name) => [name, headers.get(name)]))).toEqual({
        'content-security-policy': "default-src 'none'; img-src data:; style-src 'unsafe-inline'",
        'x-content-type-options': 'nosniff',
        'x-xss-protection': '1; mode=block',
        'x-frame-options': 'DENY',
        'strict-transport-security': 'max-age=15768000',
      });
    }
  });
});

describe('/external_content/ through mock.fetch (no interception)', () => {
  it.each(CASES)('%s %s', async (method, path, expected) => {
    const mock = createMockServer({ baseUrl: SITE });
    expect(await answerOf(await mock.fetch(`${SITE}${path}`, { method, redirect: 'manual' }))).toEqual(
      method === 'HEAD' ? { ...expected, body: '' } : expected,
    );
  });

  it('a key given to the mock signs and checks; a URI of its own is served at its path', async () => {
    const mock = createMockServer({ baseUrl: SITE, camo: { uri: '/camo/', key: 'other' } });
    const path = `/camo/${digest(IMAGE, 'other')}/${hex(IMAGE)}`;
    expect((await mock.fetch(`${SITE}${path}`, { redirect: 'manual' })).headers.get('location')).toBe(IMAGE);
    expect((await mock.fetch(`${SITE}/camo/${digest(IMAGE)}/${hex(IMAGE)}`)).status).toBe(403);
    // A CDN's URI (the server's test settings) is not the realm's to serve: mock.fetch answers nothing.
    const withCdn = createMockServer({ baseUrl: SITE, camo: { uri: 'https://external-content.zulipcdn.net/external_content/', key: 'dummy' } });
    await expect(withCdn.fetch(`${SITE}${camoPath(IMAGE, 'dummy')}`)).rejects.toThrow();
  });
});

describe('/external_content/ over real HTTP (the standalone server)', () => {
  const http = useHttpMock();

  it.each(CASES)('%s %s', async (method, path, expected) => {
    const response = await fetch(`${http.running.url}${path}`, { method, redirect: 'manual' });
    expect(await answerOf(response)).toEqual(method === 'HEAD' ? { ...expected, body: '' } : expected);
  });
});

describe('a server without Camo', () => {
  const start = useHttpMockPerTest();

  it('serves no /external_content/: the 404 of any unknown path', async () => {
    const running = await start({ camo: false });
    expect((await fetch(`${running.url}${camoPath(IMAGE)}`, { redirect: 'manual' })).status).toBe(404);
  });
});
