import { describe, expect, it } from 'vitest';
import { ChatClient, UnexpectedResponseError } from '../src/index';

const API_KEY = 'SeCrEtKeY0123456789abcdefghijklm';

/** Another web app's page, answered for every path, as a wrong `site` does: its title after 200 characters of markup. */
const SPA_PAGE = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="stylesheet" href="/assets/index-4f9a1c2b.css"><link rel="icon" href="/favicon.ico">
  <title>Acme Customer Portal</title></head><body><div id="root"></div></body></html>`;

function wrongSite(body = SPA_PAGE, status = 200) {
  const requests: Request[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    requests.push(new Request(input, init));
    return new Response(body, { status, headers: { 'content-type': 'text/html; charset=utf-8' } });
  };
  const client = new ChatClient({ site: 'portal.acme.example/', email: 'bot@acme.example', apiKey: API_KEY, fetch, maxRetries: 0, featureLevel: 400 });
  return { client, requests };
}

async function failureOf(call: Promise<unknown>): Promise<UnexpectedResponseError> {
  const error = await call.then(() => undefined, (caught: unknown) => caught);
  if (!(error instanceof UnexpectedResponseError)) throw new Error(`expected UnexpectedResponseError, got ${String(error)}`);
  return error;
}

describe('UnexpectedResponseError names the request (a wrong site)', () => {
  it('says the operation, the method and the URL, and the page text past its markup', async () => {
    const { client } = wrongSite();
    const error = await failureOf(client.users.me());
    expect(error.message).toBe(
      'get-own-user: expected a JSON envelope but got HTTP 200 (text/html; charset=utf-8)' +
        ' from GET https://portal.acme.example/api/v1/users/me: "Acme Customer Portal"',
    );
    // The raw start of the body stays available.
    expect(error.bodySnippet).toBe(SPA_PAGE.slice(0, 200));
    expect(error.status).toBe(200);
  });

  it('names path parameters but never the query string, the form body or the credentials', async () => {
    const { client, requests } = wrongSite('<html><body><h1>404 Not Found</h1></body></html>', 404);
    const read = await failureOf(client.messages.list({ anchor: 'newest', num_before: 1, narrow: [{ operator: 'search', operand: 'launch-codes' }] }));
    expect(requests[0]?.url).toContain('launch-codes');
    expect(read.message).toContain('from GET https://portal.acme.example/api/v1/messages: "404 Not Found"');
    const storage = await failureOf(client.botStorage.get({ keys: ['vault-token'] }));
    expect(storage.message).toContain('from GET https://portal.acme.example/api/v1/bot_storage:');
    const sent = await failureOf(client.messages.send({ type: 'direct', to: ['x@acme.example'], content: 'password hunter2' }));
    expect(sent.message).toContain('from POST https://portal.acme.example/api/v1/messages:');
    const edited = await failureOf(client.messages.update({ message_id: 42, content: 'x' }));
    expect(edited.message).toContain('from PATCH https://portal.acme.example/api/v1/messages/42:');
    for (const error of [read, storage, sent, edited]) {
      expect(error.message).not.toMatch(/launch-codes|vault-token|hunter2|SeCrEtKeY|\?/);
      expect(JSON.stringify(error)).not.toMatch(/SeCrEtKeY/);
    }
  });

  it('a site with a user name or password is refused, without repeating it; no request could carry it', async () => {
    const make = (site: string) => () => new ChatClient({ site, email: 'bot@acme.example', apiKey: API_KEY });
    for (const site of ['https://bot:hunter2@chat.acme.example', 'bot:hunter2@chat.acme.example', 'http://token@localhost:9991/']) {
      expect(make(site)).toThrow(new TypeError('site: credentials go in email and apiKey'));
    }
    // What a request to such a URL does, which is why the site is refused up front: the Request
    // cannot be built, and its error repeats the password.
    expect(() => new Request('https://bot:hunter2@chat.acme.example/api/v1/users/me')).toThrow(/hunter2/);
  });
});
