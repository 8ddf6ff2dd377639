import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { describe, expect, it } from 'vitest';
import { createMockServer } from '../mock/index';

const SITE = 'http://chat.test';
const OTHER = 'http://elsewhere.test';

const mine = (what: string) => HttpResponse.text(`mine: ${what}`);

/** `[status, the envelope's code ('success' without one) | 'a page' | the text]`. */
async function answer(url: string, init: RequestInit = {}): Promise<[number, string]> {
  const response = await fetch(url, init);
  const type = response.headers.get('content-type') ?? '';
  if (type.startsWith('application/json')) return [response.status, ((await response.json()) as { code?: string }).code ?? 'success'];
  return [response.status, type.startsWith('text/html') ? 'a page' : await response.text()];
}

/** Runs `check` with the mock's handlers between a user's own, as `setupServer(before, ...mock.handlers, ...after)` places them. */
async function between(baseUrl: string, check: (authorization: string) => Promise<void>): Promise<void> {
  const mock = createMockServer({ baseUrl, rateLimits: false });
  const server = setupServer(
    http.get(`*/api/v1/server_settings`, () => mine('before')),
    ...mock.handlers,
    http.all(`${SITE}/api/v1/*`, () => mine('after, API')),
    http.all(`${SITE}/*`, () => mine('after, site')),
    http.all(`${OTHER}/*`, () => mine('after, elsewhere')),
  );
  server.listen({ onUnhandledFrame: 'error' });
  try {
    await check(`Basic ${btoa(`hamlet@zulip.com:${mock.apiKeyOf('hamlet@zulip.com')}`)}`);
  } finally {
    server.close();
  }
}

/**
 * A handler before the mock's wins where it matches; the mock answers everything it serves in its
 * order (front-end refusals, tus, the router and the views at the site's root, the API's fallback,
 * files); what it does not serve (another origin, a path of the site outside the API, the files
 * and the root views) reaches the handlers after it. (An overlong URL is not tried: MSW's own
 * path matcher throws on it in any string-path handler before the mock's, a 500 the mock never sees.)
 */
describe("the mock's MSW handlers among a user's, before and after them", () => {
  it('baseUrl an origin: the mock serves only it', async () => {
    await between(SITE, async (authorization) => {
      expect(await answer(`${SITE}/api/v1/server_settings`)).toEqual([200, 'mine: before']);
      expect(await answer(`${SITE}/api/v1/users/me`, { headers: { authorization } })).toEqual([200, 'success']);
      // The API's fallback: no handler after the mock's sees an API path of its origin.
      expect(await answer(`${SITE}/api/v1/no_such_endpoint`, { headers: { authorization } })).toEqual([404, 'a page']);
      expect(await answer(`${SITE}/api/v1/users/%E0%A4%A`)).toEqual([400, 'BAD_REQUEST']);
      const tus = await answer(`${SITE}/api/v1/tus`, { method: 'POST', headers: { authorization, 'Tus-Resumable': '1.0.0', 'Upload-Length': '3' } });
      expect(tus[0]).toBe(201);
      expect((await answer(`${SITE}/compatibility`, { headers: { 'User-Agent': 'ZulipMobile/27.0' } }))[0]).toBe(200);
      expect(await answer(`${SITE}/static/app.js`)).toEqual([200, 'mine: after, site']);
      expect(await answer(`${OTHER}/api/v1/users/me`, { headers: { authorization } })).toEqual([200, 'mine: after, elsewhere']);
    });
  });

  it("baseUrl '*': the mock serves the API of every origin, and nothing else of theirs", async () => {
    await between('*', async (authorization) => {
      expect(await answer(`${OTHER}/api/v1/server_settings`)).toEqual([200, 'mine: before']);
      expect(await answer(`${OTHER}/api/v1/users/me`, { headers: { authorization } })).toEqual([200, 'success']);
      expect(await answer(`${OTHER}/api/v1/users/%E0%A4%A`)).toEqual([400, 'BAD_REQUEST']);
      expect(await answer(`${OTHER}/static/app.js`)).toEqual([200, 'mine: after, elsewhere']);
      expect(await answer(`${SITE}/static/app.js`)).toEqual([200, 'mine: after, site']);
    });
  });
});

describe("the handler's name in MSW's browser log and listHandlers()", () => {
  it('names the paths it answers, not "[custom predicate]"', () => {
    const [site] = createMockServer({ baseUrl: SITE }).handlers;
    expect(site?.info.header).toBe(`all ${SITE}/api/v1/*, ${SITE}/compatibility, ${SITE}/api/v1/tus* (teamchat-mock)`);
  });
});
