import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'mock/**/*.test.ts', 'test/**/*.test.ts', 'scripts/**/*.test.ts'],
    setupFiles: ['test/support/contract-setup.ts'],
    testTimeout: 20_000,
  },
});
