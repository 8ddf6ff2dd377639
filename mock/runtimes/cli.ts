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

void import('msw').then(
  () => import('./cli-main'),
  (error: unknown) => {
    if (!missingMsw(error)) throw error;
    process.stderr.write('teamchat-mock: the mock runs on msw 3, an optional peer dependency of teamchat-sdk: npm install -D msw\n');
    process.exit(2);
  },
);
