import { mkdirSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyWorkerScript } from '../mock/runtimes/init-worker';
import { deterministicApiKey } from '../mock/seed/api-keys';
import { CHROMIUM, HAVE_CHROMIUM, launchChromium } from './browser/chromium';
import { serveDirectory } from './browser/static-server';

// examples/browser-app built with Vite, served next to msw's worker script, in Debian's Chromium.
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ARTIFACTS = join(ROOT, 'test-results');
const TIMEOUT = 240_000;

describe.skipIf(!HAVE_CHROMIUM && !process.env.CI)('examples/browser-app: a Vite-built page on the worker-backed mock', () => {
  let server: { url: string; close(): Promise<void> } | undefined;
  let browser: Browser | undefined;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    if (!HAVE_CHROMIUM) throw new Error(`CI must provide Chromium at ${CHROMIUM} (.ci/run installs it)`);
    const outDir = mkdtempSync(join(tmpdir(), 'browser-app-'));
    await build({
      root: join(ROOT, 'examples/browser-app'),
      logLevel: 'silent',
      configFile: false,
      resolve: {
        alias: [
          { find: /^teamchat-sdk\/mock\/browser$/, replacement: join(ROOT, 'mock/runtimes/browser.ts') },
          { find: /^teamchat-sdk$/, replacement: join(ROOT, 'src/index.ts') },
        ],
      },
      build: { outDir, emptyOutDir: true },
    });
    copyWorkerScript(outDir, ROOT);
    server = await serveDirectory(outDir);
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 800, height: 600 } });
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(server.url, { timeout: 120_000 });
    await page.waitForFunction(() => document.querySelector('#status')?.textContent !== 'starting…', undefined, { timeout: 60_000 });
  }, TIMEOUT);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  }, TIMEOUT);

  it('lists the history, sends, uploads, receives through the long-poll, and leaves a screenshot', async () => {
    expect(await page.textContent('#status')).toBe('connected');
    expect(await page.locator('#history li').allTextContents()).toEqual(['IagoWelcome to the demo topic.']);
    await page.fill('#content', 'Hello from **Chromium**');
    await page.click('button[type=submit]');
    await page.waitForSelector('#history li:nth-child(2)');
    await page.fill('#content', 'The notes:');
    await page.setInputFiles('#file', { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('remember the castle') });
    await page.click('button[type=submit]');
    await page.waitForSelector('#history li:nth-child(3) a');
    const items = await page.locator('#history li').evaluateAll((nodes) => nodes.map((node) => node.innerHTML));
    expect(items[1]).toBe('<span class="sender">King Hamlet</span><span class="content"><p>Hello from <strong>Chromium</strong></p></span>');
    const link = page.locator('#history li:nth-child(3) a');
    expect(await link.textContent()).toBe('notes.txt');
    const href = (await link.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/user_uploads\/1\/[0-9a-f]{1,2}\/[A-Za-z0-9_-]{24}\/notes\.txt$/);
    // Shared in Verona, the file opens for another member (seeded keys are derived from emails), through the worker.
    const othello = `Basic ${btoa(`othello@zulip.com:${deterministicApiKey('othello@zulip.com')}`)}`;
    const opened = await page.evaluate(async ([url, authorization]) => {
      const response = await fetch(url ?? '', { headers: { Authorization: authorization ?? '' } });
      return [response.status, await response.text()];
    }, [href, othello]);
    expect(opened).toEqual([200, 'remember the castle']);
    mkdirSync(ARTIFACTS, { recursive: true });
    const screenshot = join(ARTIFACTS, 'browser-app.png');
    await page.screenshot({ path: screenshot, fullPage: true });
    expect(statSync(screenshot).size).toBeGreaterThan(1000);
    expect(pageErrors).toEqual([]);
  }, TIMEOUT);
});
