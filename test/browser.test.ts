import { createHmac } from 'node:crypto';
import { createRequire } from 'node:module';
import { DEFAULT_CAMO_KEY } from '../mock/index';
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundlePage, HAVE_CHROMIUM, INSTALL_HINT, launchChromium, mswWorkerScript } from './browser/chromium';
import { type PageServer, startPageServer } from './browser/server';

// setupMockWorker in a real browser: Debian's Chromium, driven by playwright-core, loads a page
// bundled with esbuild and served by node:http; MSW's service worker answers the API.
const TIMEOUT = 240_000;
if (!HAVE_CHROMIUM && !process.env.CI) console.warn(`[browser.test] skipped: ${INSTALL_HINT}`);

describe.skipIf(!HAVE_CHROMIUM && !process.env.CI)(
  `setupMockWorker in Chromium${HAVE_CHROMIUM ? '' : ` (${INSTALL_HINT})`}`,
  () => {
    let server: PageServer | undefined;
    let browser: Browser | undefined;
    let page: Page;
    const pageErrors: string[] = [];

    beforeAll(async () => {
      if (!HAVE_CHROMIUM) throw new Error(`CI must provide Chromium (.ci/run installs it); ${INSTALL_HINT}`);
      const [bundle, worker] = await Promise.all([bundlePage('page.ts'), mswWorkerScript()]);
      server = await startPageServer({ bundle, worker });
      browser = await launchChromium();
      page = await browser.newPage();
      page.on('pageerror', (error) => pageErrors.push(error.message));
      // A cold Chromium on 2 busy cores can take longer than Playwright's 30 s default to load.
      await page.goto(server.url, { timeout: 120_000 });
      await page.waitForFunction(() => window.teamchat !== undefined, undefined, { timeout: 60_000 }).catch(() => {
        throw new Error(`the page did not load: ${pageErrors.join('; ') || 'no page error'}`);
      });
      await page.evaluate(() => window.teamchat!.ready);
    }, TIMEOUT);

    afterAll(async () => {
      await browser?.close();
      await server?.close();
    }, TIMEOUT);

    it("serves the installed msw's worker script, which controls the page", async () => {
      const { version } = createRequire(import.meta.url)('msw/package.json') as { version: string };
      expect(server!.worker).toContain(`const PACKAGE_VERSION = '${version}'`);
      expect(await page.evaluate(() => window.teamchat!.controlled())).toBe(true);
    });

    it('the SDK sends a channel message and fetches it back through the service worker', async () => {
      const { id, message } = await page.evaluate(() => window.teamchat!.sendAndGet('hello from the page'));
      expect(message).toMatchObject({
        id,
        content: '<p>hello from the page</p>',
        content_type: 'text/html',
        sender_email: 'iago@zulip.com',
        display_recipient: 'Verona',
        subject: 'browser',
        type: 'stream',
      });
      const stored = await page.evaluate((messageId) => window.teamchat!.storedMessage(messageId), id);
      expect(stored).toMatchObject({ id, content: 'hello from the page', topic: 'browser', type: 'stream' });
    }, TIMEOUT);

    it('a wrong API key is the typed 401 UNAUTHORIZED error', async () => {
      const caught = await page.evaluate(() => window.teamchat!.sendWithWrongKey());
      expect(caught).toMatchObject({
        name: 'UnauthorizedError',
        isApiError: true,
        isUnauthorized: true,
        code: 'UNAUTHORIZED',
        status: 401,
      });
    }, TIMEOUT);

    it('a long-poll waits in the worker until a message arrives; the stream deletes its queue', async () => {
      expect(await page.evaluate(() => window.teamchat!.streamOneMessage('to the waiting poll'))).toEqual({
        received: 'to the waiting poll',
        queuesLeft: 0,
      });
    }, TIMEOUT);

    it('uploads a file through the worker and serves it to a reader once a message shares it', async () => {
      expect(await page.evaluate(() => window.teamchat!.uploadAndShare('uploaded in the browser'))).toEqual({
        status: 200,
        body: 'uploaded in the browser',
        attachments: 1,
      });
    });

    it("a network fault is retried and a stalled answer times out in Chromium as in Node (the attempt's timer, without unref there)", async () => {
      const { retried, network, timedOut } = await page.evaluate(() => window.teamchat!.faultsAndTimeout());
      expect(retried).toBe('iago@zulip.com');
      // Chromium's words for a dropped connection, which ky knows; Node's mock.fetch names the fault.
      expect(network).toMatch(/^NetworkError: get-own-user: network error: Failed to fetch \(2 attempts over \d\.\d s\)$/);
      expect(timedOut).toBe('TimeoutError: get-own-user: no response within 300 ms');
    }, TIMEOUT);

    it("a resumable upload's stalled chunk times out and resumes in Chromium (the request's timer, without unref there); the caller's abort ends it at once", async () => {
      expect(await page.evaluate(() => window.teamchat!.resumableStalled())).toEqual({
        sent: ['GET', 'POST', 'PATCH 0', 'PATCH 1000', 'HEAD', 'PATCH 1000', 'PATCH 2000'],
        whole: true,
        cancelled: 'Error: user cancelled',
      });
    }, TIMEOUT);

    it("worker.start refuses msw 2's onUnhandledRequest, which msw 3 ignores, as server.listen does in Node", async () => {
      expect(await page.evaluate(() => window.teamchat!.startWithMsw2Option())).toBe(
        "MockMisuseError: worker.start({ onUnhandledRequest }) is msw 2's option, which msw 3 (the mock's) ignores: a request no handler " +
          "matches would go to the network. Use worker.start({ onUnhandledFrame: 'error' })",
      );
    });

    it('renders external images through Camo (HMAC-SHA1 in the browser, as Node computes it) and the worker answers /external_content/', async () => {
      const image = 'https://example.com/pic.png';
      const { src, signed, forged } = await page.evaluate((url) => window.teamchat!.externalContent(url), image);
      const digest = createHmac('sha1', DEFAULT_CAMO_KEY).update(image).digest('hex');
      expect(src).toBe(`/external_content/${digest}/${Buffer.from(image).toString('hex')}`);
      // A redirect not followed is opaque to the page: the worker answered with one.
      expect(signed).toEqual({ type: 'opaqueredirect', status: 0 });
      expect(forged).toEqual({ status: 403, body: 'Bad Signature\n' });
      expect(server!.requests.filter((path) => path.startsWith('/external_content/'))).toEqual([]);
    }, TIMEOUT);

    it('a plain fetch is answered by the worker, never by the page server', async () => {
      const { status, body } = await page.evaluate(() => window.teamchat!.fetchServerSettings());
      expect(status).toBe(200);
      expect(body).toMatchObject({ result: 'success', zulip_feature_level: expect.any(Number) });
      expect(server!.requests.filter((path) => path.startsWith('/api/'))).toEqual([]);
      expect(pageErrors).toEqual([]);
    }, TIMEOUT);
  },
);
