#!/usr/bin/env node
/**
 * The `teamchat-mock` command. The server runs on msw, an optional peer dependency of the
 * package, so an install of the SDK alone lacks it: that says what to install instead of failing
 * on a module deep in the bundle. The command itself is `cli-main.ts`.
 */
function missingMsw(error: unknown): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === 'ERR_MODULE_NOT_FOUND' && typeof message === 'string' && message.includes("'msw'");
}

/** Stops with one line on stderr. */
function exitWith(status: number, message: string): never {
  process.stderr.write(`teamchat-mock: ${message}\n`);
  process.exit(status);
}

async function run(): Promise<void> {
  try {
    await import('msw');
  } catch (error) {
    if (missingMsw(error)) exitWith(2, 'the mock runs on msw 3, an optional peer dependency of teamchat-sdk: npm install -D msw');
    exitWith(1, `cannot load msw: ${error instanceof Error ? error.message : String(error)}`);
  }
  const { main } = await import('./cli-main');
  await main(process.argv.slice(2));
}

// Whatever else fails (a broken install, a bug) ends the process with one line and status 1,
// rather than as an unhandled rejection's stack.
run().catch((error: unknown) => exitWith(1, error instanceof Error ? error.message : String(error)));
