import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'mock/**/*.test.ts', 'test/**/*.test.ts', 'scripts/**/*.test.ts'],
    setupFiles: ['test/support/contract-setup.ts'],
    // Generous: CI runs on 2 shared cores, where a first request (module loading, contract schema
    // compilation) can take many seconds. Tests about time use the mock clock, not this.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
