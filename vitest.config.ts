import { defineConfig } from 'vitest/config';

/**
 * Tests that start processes, a browser or a package install, or that measure wall-clock time
 * (timeouts, retries, shutdown within 2 s). They run on their own, one file at a time, after the
 * in-process suite, so a busy machine cannot turn a correct answer into a late one.
 */
const REAL_TIME = [
  'test/bench-processes.test.ts',
  'test/browser.test.ts',
  'test/browser-app.test.ts',
  'test/browser-setup.test.ts',
  'test/bundle-size.test.ts',
  'test/cli.test.ts',
  'test/cli-node-version.test.ts',
  'test/doc-blocks.test.ts',
  'test/events-http.test.ts',
  'test/examples.test.ts',
  'test/http-protocol.test.ts',
  'test/jsdoc-examples.test.ts',
  'test/package-install.test.ts',
  'test/package.test.ts',
  'test/readme.test.ts',
  'test/standalone-doc.test.ts',
  'test/transport-retries.test.ts',
];

export default defineConfig({
  test: {
    setupFiles: ['test/support/contract-setup.ts'],
    // Generous: CI runs on 2 shared cores, where a first request (module loading, contract schema
    // compilation) can take many seconds. Tests about time use the mock clock, not this.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'in-process',
          include: ['src/**/*.test.ts', 'mock/**/*.test.ts', 'test/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: REAL_TIME,
          // Each test builds its own realm, so files need no module isolation; sharing modules
          // and compiled contract validators across files makes the suite about three times faster.
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'real-time', include: REAL_TIME, fileParallelism: false },
      },
    ],
  },
});
