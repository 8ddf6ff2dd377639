import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type Page } from 'playwright-core';
import { createServer as createViteServer } from 'vite';
import { copyWorkerScript } from '../mock/runtimes/init-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundlePage, HAVE_CHROMIUM, INSTALL_HINT, launchChromium, mswWorkerScript } from './browser/chromium';
import { type PageServer, startPageServer } from './browser/server';

// setupMockWorker set up wrongly, in Debian's Chromium as test/browser.test.ts runs it: a second
// mock in the page (a hot update's), and a server without msw's worker script.
const TIMEOUT = 240_000;
const ROOT = fileURLToPath(new URL('..', import.meta.url));

describe.skipIf(!HAVE_CHROMIUM && !process.env.CI)(`setupMockWorker misused, in Chromium${HAVE_CHROMIUM ? '' : ` (${INSTALL_HINT})`}`, () => {
  const servers: PageServer[] = [];
  let browser: Browser | undefined;
  let bundle: string;

  beforeAll(async () => {
    if (!HAVE_CHROMIUM) throw new Error(`CI must provide Chromium (.ci/run installs it); ${INSTALL_HINT}`);
    bundle = await bundlePage('setup-page.ts');
    browser = await launchChromium();
  }, TIMEOUT);

  afterAll(async () => {
    await browser?.close();
    await Promise.all(servers.map((server) => server.close()));
  }, TIMEOUT);

  /** A fresh browser context (no service worker registered yet) on a page served as `files` say. */
  async function open(files: { worker?: string; missing?: '404' | 'page' }): Promise<{ page: Page; server: PageServer }> {
    const server = await startPageServer({ bundle, ...files });
    servers.push(server);
    const page = await (await browser!.newContext()).newPage();
    // A cold Chromium on 2 busy cores can take longer than Playwright's 30 s default to load.
    await page.goto(server.url, { timeout: 120_000 });
    await page.waitForFunction(() => window.teamchatSetup !== undefined, undefined, { timeout: 60_000 });
    return { page, server };
  }

  it("a second mock's worker.start() says what to do and leaves the first serving; the first's start again is its first start", async () => {
    // The regression: msw's "Invariant Violation: Failed to replace a global value at "WebSocket": already
    // replaced.", thrown after the second worker had taken the service worker's requests from the first.
    const worker = await mswWorkerScript();
    const { page } = await open({ worker });
    expect(await page.evaluate(() => window.teamchatSetup!.startTwice())).toEqual({
      second: {
        name: 'MockMisuseError',
        message:
          'worker.start(): another setupMockWorker() in this page has started its worker, and msw intercepts a page once (a hot ' +
          'update that runs the module calling setupMockWorker again does this). Keep one mock per page: with Vite HMR, keep it ' +
          'in import.meta.hot.data and reuse it (calling its worker.start() again is fine)',
        cause: undefined,
      },
      afterSecond: { status: 200, answeredBy: 'first' },
      firstAgain: 'started',
      afterFirstAgain: { status: 200, answeredBy: 'first' },
    });
  }, TIMEOUT);

  const hint =
    'Copy the script into the folder your dev server serves with npx teamchat-mock init <public dir> (npx teamchat-mock init ' +
    'public/ for Vite), then reload; or point worker.start({ serviceWorker: { url } }) at where it is';
  const afterFailure = {
    name: 'MockMisuseError',
    message:
      "worker.start(): another mock's worker.start() failed in this page (see that error) and left msw's interception in place; " +
      'fix what it says, then reload the page',
    cause: undefined,
  };

  it('without the worker script (a 404), worker.start() names it and npx teamchat-mock init, with msw\'s error as cause', async () => {
    const { page, server } = await open({ missing: '404' });
    const { failure, next } = await page.evaluate(() => window.teamchatSetup!.startWithoutScript());
    expect(failure).toEqual({
      name: 'MockMisuseError',
      message: `worker.start() could not register msw's service worker script ${server.url}mockServiceWorker.js: the server has no such file (404). ${hint}`,
      cause: expect.stringMatching(/^\[MSW\] Failed to register a Service Worker for scope/),
    });
    expect(next).toEqual(afterFailure);
    expect(server.requests).toContain('/mockServiceWorker.js');
  }, TIMEOUT);

  it("where a dev server answers the missing script with its page (Vite), worker.start() says so and names npx teamchat-mock init", async () => {
    const { page, server } = await open({ missing: 'page' });
    const { failure, next } = await page.evaluate(() => window.teamchatSetup!.startWithoutScript());
    expect(failure).toEqual({
      name: 'MockMisuseError',
      message:
        `worker.start() could not register msw's service worker script ${server.url}mockServiceWorker.js: the server answered with ` +
        `text/html, not JavaScript (a dev server such as Vite answers a missing file with the page). ${hint}`,
      cause: expect.stringMatching(/^\[MSW\] Failed to register the Service Worker:[\s\S]*unsupported MIME type \('text\/html'\)/),
    });
    expect(next).toEqual(afterFailure);
  }, TIMEOUT);

  it("with Vite HMR, examples/browser-app's mock, kept in import.meta.hot.data, serves on across updates; a new mock per update is refused", async () => {
    // The lines as the example has them, in modules that accept their own updates, as a module a hot update reaches runs again.
    const example = readFileSync(join(ROOT, 'examples/browser-app/main.ts'), 'utf8');
    const kept = /^const mock: BrowserMock = import\.meta\.hot.*\n.*\n/m.exec(example)?.[0];
    expect(kept).toBe(
      'const mock: BrowserMock = import.meta.hot?.data.mock ?? setupMockWorker({ baseUrl: location.origin });\n' +
        'if (import.meta.hot) import.meta.hot.data.mock = mock;\n',
    );
    const module = (version: number, keep: boolean) =>
      [
        "import { setupMockWorker } from 'teamchat-sdk/mock/browser';",
        keep ? kept!.replace(': BrowserMock', '') : 'const mock = setupMockWorker({ baseUrl: location.origin });',
        'import.meta.hot?.accept();',
        `const version = ${version};`,
        "mock.worker.start({ quiet: true, onUnhandledFrame: 'bypass' }).then(",
        '  async () => {',
        // A fetch made as soon as a hot update has run the module sometimes never settled here (4 of 7 runs, in msw's
        // worker, which saw the request and answered it); one made a second later always did (4 of 4).
        '    await new Promise((resolve) => setTimeout(resolve, 1000));',
        "    const { status } = await fetch('/api/v1/server_settings');",
        '    window.hmr = { version, status, requestsInRealm: mock.journal.entries.length };',
        '  },',
        '  (error) => (window.hmr = { version, failed: `${error.name}: ${error.message.slice(0, 60)}` }),',
        ');',
      ].join('\n');
    const app = mkdtempSync(join(tmpdir(), 'hmr-app-'));
    mkdirSync(join(app, 'public'));
    copyWorkerScript(join(app, 'public'), ROOT);
    // An editor's save, seen as one change.
    const save = (name: string, text: string) => {
      writeFileSync(join(app, `${name}.tmp`), text);
      renameSync(join(app, `${name}.tmp`), join(app, name));
    };
    for (const name of ['kept', 'new']) {
      writeFileSync(join(app, `${name}.html`), `<!doctype html><meta charset="utf-8"><script type="module" src="/${name}.js"></script>`);
      save(`${name}.js`, module(1, name === 'kept'));
    }
    const vite = await createViteServer({
      root: app,
      configFile: false,
      logLevel: 'silent',
      server: { host: '127.0.0.1', port: 0, fs: { allow: [app, ROOT] } },
      resolve: { alias: [{ find: /^teamchat-sdk\/mock\/browser$/, replacement: join(ROOT, 'mock/runtimes/browser.ts') }] },
    });
    try {
      await vite.listen();
      /** Opens `name`.html, then saves each version of its module in turn: what each run reported. */
      const run = async (name: string, versions: number) => {
        const page = await (await browser!.newContext()).newPage();
        await page.goto(`${vite.resolvedUrls!.local[0]!}${name}.html`, { timeout: 120_000 });
        const reports: unknown[] = [];
        for (let version = 1; version <= versions; version++) {
          if (version > 1) save(`${name}.js`, module(version, name === 'kept'));
          await page.waitForFunction((wanted) => (window as { hmr?: { version: number } }).hmr?.version === wanted, version, { timeout: 60_000 });
          reports.push(await page.evaluate(() => (window as { hmr?: unknown }).hmr));
        }
        return reports;
      };
      expect(await run('kept', 3)).toEqual([1, 2, 3].map((version) => ({ version, status: 200, requestsInRealm: version })));
      expect(await run('new', 2)).toEqual([
        { version: 1, status: 200, requestsInRealm: 1 },
        { version: 2, failed: 'MockMisuseError: worker.start(): another setupMockWorker() in this page has s' },
      ]);
    } finally {
      await vite.close();
      // Vite's dependency cache, beside the app: megabytes per run.
      rmSync(app, { recursive: true, force: true });
    }
  }, TIMEOUT);
});
