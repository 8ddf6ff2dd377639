import { defineConfig } from 'tsup';
import { bundleMockDependencies, MOCK_BUNDLED_PACKAGES } from './scripts/bundle-mock-deps';
import { tidySourceMaps } from './scripts/tidy-source-maps';

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    node: 'src/node.ts',
    'mock/index': 'mock/index.ts',
    'mock/node': 'mock/runtimes/node.ts',
    'mock/browser': 'mock/runtimes/browser.ts',
    'mock/cli': 'mock/runtimes/cli.ts',
  },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  splitting: true,
  // Rollup writes the split chunks of both formats (esbuild's ESM, which rollup also turns into
  // CommonJS) instead of tsup's sucrase pass for CommonJS, which also lowered class fields and
  // optional chaining, so every CommonJS class was named `_class30` (an error printed as
  // `_class30 [StreamDoesNotExistError]`) and stack traces ran through its helpers.
  treeshake: true,
  target: 'node22',
  outDir: 'dist',
  external: [/^msw(\/|$)/],
  noExternal: MOCK_BUNDLED_PACKAGES,
  esbuildPlugins: [bundleMockDependencies],
  // Both formats are written by now: no map may name a path of the machine that built it, nor
  // carry the bundled dependencies' source text.
  onSuccess: async () => {
    tidySourceMaps('dist');
  },
});
