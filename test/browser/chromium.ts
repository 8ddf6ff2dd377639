import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { type Browser, chromium } from 'playwright-core';

/** Debian's Chromium, or the one CHROMIUM_PATH names: what the browser tests drive. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Whether {@link CHROMIUM} is installed (the browser tests are skipped without it, but under CI). */
export const HAVE_CHROMIUM = existsSync(CHROMIUM);
/** What to do when {@link CHROMIUM} is missing. */
export const INSTALL_HINT = `no Chromium at ${CHROMIUM}: install it (apt-get install chromium) or set CHROMIUM_PATH`;

/** Starts {@link CHROMIUM} headless, as the browser tests drive it. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

/**
 * One page script of test/browser/ (`page.ts`) bundled for the browser. Minified, as apps ship
 * it: error names must survive identifier renaming.
 */
export async function bundlePage(script: string): Promise<string> {
  const result = await build({
    entryPoints: [fileURLToPath(new URL(`./${script}`, import.meta.url))],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

/** msw's service worker script, as `npx teamchat-mock init` copies it. */
export function mswWorkerScript(): Promise<string> {
  return readFile(createRequire(import.meta.url).resolve('msw/mockServiceWorker.js'), 'utf8');
}
