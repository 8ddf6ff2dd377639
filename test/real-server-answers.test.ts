import { describe, expect, it } from 'vitest';
import { MOCK_FEATURE_LEVEL } from '../mock/index';
import { ChatClient, type ChatClientOptions, ServerError, UnexpectedResponseError } from '../src/index';
import { rejectionOf } from './support/failure';

/** Every request a fake server saw, and a fetch that answers them in turn (the last answer repeats). */
function scripted(...answers: (() => Response)[]) {
  const requests: Request[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    requests.push(request);
    const answer = answers[Math.min(requests.length - 1, answers.length - 1)];
    return answer ? answer() : new Response(null, { status: 500 });
  };
  return { requests, fetch };
}

function clientOf(fetch: typeof globalThis.fetch, options: Partial<ChatClientOptions> = {}) {
  return new ChatClient({ site: 'https://chat.example.com', email: 'bot@example.com', apiKey: 'k'.repeat(32), fetch, featureLevel: MOCK_FEATURE_LEVEL, ...options });
}

const html = (status: number, text: string) => () => new Response(text, { status, headers: { 'content-type': 'text/html' } });
/** nginx's own page (no error_page for 413 in Zulip's config), for a body over client_max_body_size 25m. */
const NGINX_413 = html(413, '<html>\r\n<head><title>413 Request Entity Too Large</title></head>\r\n<body>\r\n<center><h1>413 Request Entity Too Large</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n');
/** Zulip's `error_page 502 503 504 /static/webpack-bundles/5xx.html` while the app restarts. */
const ZULIP_5XX = (status: number) => html(status, '<!DOCTYPE html>\n<html><head><title>Zulip is restarting</title></head><body>Something went wrong.</body></html>');
const ok = (extra: object) => () => Response.json({ result: 'success', msg: '', ...extra });

describe('site forms, read as the reference Python client reads them', () => {
  it.each([
    ['chat.example.com', 'https://chat.example.com', 'https://chat.example.com/api/v1/users/me/alert_words'],
    ['localhost:9991', 'http://localhost:9991', 'http://localhost:9991/api/v1/users/me/alert_words'],
    ['http://10.0.0.5:8080/', 'http://10.0.0.5:8080', 'http://10.0.0.5:8080/api/v1/users/me/alert_words'],
    ['https://chat.example.com//', 'https://chat.example.com', 'https://chat.example.com/api/v1/users/me/alert_words'],
    ['https://chat.example.com/api/', 'https://chat.example.com/api', 'https://chat.example.com/api/v1/users/me/alert_words'],
    ['https://chat.example.com/api/v1/', 'https://chat.example.com/api/v1', 'https://chat.example.com/api/v1/users/me/alert_words'],
    ['https://example.com/zulip', 'https://example.com/zulip', 'https://example.com/zulip/api/v1/users/me/alert_words'],
  ])('%j is the site %j and sends to %j', async (site, normalized, url) => {
    const server = scripted(ok({ alert_words: [] }));
    const client = clientOf(server.fetch, { site });
    expect(client.site).toBe(normalized);
    await client.alertWords.list();
    expect(server.requests.map((request) => request.url)).toEqual([url]);
  });
});

describe('answers that are not the JSON envelope (nginx, Django pages, empty bodies)', () => {
  it("a read retries through the 5xx page nginx serves while the app restarts", async () => {
    const server = scripted(ZULIP_5XX(502), ZULIP_5XX(504), ok({ alert_words: ['x'] }));
    await expect(clientOf(server.fetch).alertWords.list()).resolves.toEqual({ alert_words: ['x'] });
    expect(server.requests).toHaveLength(3);
  });

  it('a send answered by the 502 page fails once with ServerError (not retried: it may have been sent)', async () => {
    const server = scripted(ZULIP_5XX(502));
    const send = clientOf(server.fetch).messages.send({ type: 'channel', to: 'general', topic: 't', content: 'hi' });
    const error = await rejectionOf(send, ServerError);
    expect({ status: error.status, contentType: error.contentType, attempts: error.attempts }).toEqual({ status: 502, contentType: 'text/html', attempts: 1 });
    expect(error.bodySnippet).toContain('Zulip is restarting');
    expect(error.message).toContain('not retried');
    expect(server.requests).toHaveLength(1);
  });

  it("an upload over nginx's body limit is its 413 page, as UnexpectedResponseError, never retried", async () => {
    const server = scripted(NGINX_413);
    const upload = clientOf(server.fetch).uploads.upload(new Uint8Array(8), { filename: 'big.bin' });
    const error = await rejectionOf(upload, UnexpectedResponseError);
    expect(error.status).toBe(413);
    expect(error.message).toContain('413 Request Entity Too Large');
    expect(server.requests).toHaveLength(1);
  });

  it("Django's HTML 404 for an unknown path is not retried, even on request", async () => {
    const server = scripted(html(404, '<!DOCTYPE html><html><body>Page not found</body></html>'));
    const error = await rejectionOf(clientOf(server.fetch).request('GET', '/no_such_endpoint', {}, { retry: true }), UnexpectedResponseError);
    expect(error.status).toBe(404);
    expect(server.requests).toHaveLength(1);
  });

  it('an empty body is ServerError with a 5xx status and UnexpectedResponseError with a success one, not a JSON parse error', async () => {
    const empty502 = scripted(() => new Response('', { status: 502 }));
    const failed = await rejectionOf(clientOf(empty502.fetch, { maxRetries: 1 }).alertWords.list(), ServerError);
    expect({ status: failed.status, bodySnippet: failed.bodySnippet, attempts: failed.attempts }).toEqual({ status: 502, bodySnippet: '', attempts: 2 });
    expect(empty502.requests).toHaveLength(2);
    const empty200 = scripted(() => new Response('', { status: 200, headers: { 'content-type': 'application/json' } }));
    expect((await rejectionOf(clientOf(empty200.fetch).alertWords.list(), UnexpectedResponseError)).status).toBe(200);
  });
});

describe('what the server reads from the headers', () => {
  it("credentials are UTF-8 before base64 (the server's b64decode().decode()), and the client name is the User-Agent's first word", async () => {
    const server = scripted(ok({ alert_words: [] }));
    await clientOf(server.fetch, { email: 'bøt-ü@example.com', userAgent: 'my-bot/2.0' }).alertWords.list();
    const headers = server.requests[0]?.headers;
    const encoded = headers?.get('authorization')?.replace(/^Basic /, '') ?? '';
    expect(new TextDecoder().decode(Uint8Array.from(atob(encoded), (char) => char.charCodeAt(0)))).toBe(`bøt-ü@example.com:${'k'.repeat(32)}`);
    // zerver/lib/user_agent.py's pattern: the name runs to the first '/' or space.
    const userAgent = headers?.get('user-agent') ?? '';
    expect(/^(?<name>[^/ ]*[^0-9/(]*)(\/(?<version>[^/ ]*))?([ /].*)?$/.exec(userAgent)?.groups?.name).toBe('teamchat-sdk');
    expect(userAgent).toMatch(/ my-bot\/2\.0$/);
  });
});
