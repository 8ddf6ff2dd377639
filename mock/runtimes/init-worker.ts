import { copyFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

/** The name browsers load MSW's service worker by. */
const WORKER_SCRIPT = 'mockServiceWorker.js';

/**
 * Copies the installed msw's service worker script into a public directory, as `msw init` does,
 * so `setupMockWorker` can register it. msw is found from `cwd` (the app's own install).
 * Answers the path written.
 */
export function copyWorkerScript(directory: string, cwd = process.cwd()): string {
  let source: string;
  try {
    source = createRequire(join(cwd, 'package.json')).resolve(`msw/${WORKER_SCRIPT}`);
  } catch {
    throw new Error('msw is not installed here; install it first: npm install -D msw');
  }
  const target = resolve(cwd, directory);
  mkdirSync(target, { recursive: true });
  const destination = join(target, WORKER_SCRIPT);
  copyFileSync(source, destination);
  return destination;
}
