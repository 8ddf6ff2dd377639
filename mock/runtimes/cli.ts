#!/usr/bin/env node
/**
 * The `teamchat-mock` command. The server runs on msw, an optional peer dependency of the
 * package, so an install of the SDK alone lacks it: that says what to install instead of failing
 * on a module deep in the bundle. On a Node older than the package supports (`#!/usr/bin/env node`
 * finds whatever Node is first on the PATH) it warns first, and names the version in a failure.
 * The command itself is `cli-main.ts`.
 */
import { olderNodeHint, olderNodeWarning } from './node-version';

function missingMsw(error: unknown): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === 'ERR_MODULE_NOT_FOUND' && typeof message === 'string' && message.includes("'msw'");
}

/** Stops with one line on stderr. */
function exitWith(status: number, message: string): never {
  process.stderr.write(`teamchat-mock: ${message}\n`);
  process.exit(status);
}

const NODE = process.versions.node;

function messageOf(error: unknown): string {
  return `${error instanceof Error ? error.message : String(error)}${olderNodeHint(NODE)}`;
}

async function run(): Promise<void> {
  const warning = olderNodeWarning(NODE);
  if (warning) process.stderr.write(`teamchat-mock: ${warning}\n`);
  try {
    await import('msw');
  } catch (error) {
    if (missingMsw(error)) exitWith(2, 'the mock runs on msw 3, an optional peer dependency of teamchat-sdk: npm install -D msw');
    exitWith(1, `cannot load msw: ${messageOf(error)}`);
  }
  const { main } = await import('./cli-main');
  await main(process.argv.slice(2));
}

// Whatever else fails (a broken install, a bug) ends the process with one line and status 1,
// rather than as an unhandled rejection's stack.
run().catch((error: unknown) => exitWith(1, messageOf(error)));
