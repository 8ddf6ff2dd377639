import js from '@eslint/js';
import jsdoc from 'eslint-plugin-jsdoc';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'docs/api/**', 'node_modules/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // The SDK's bundle carries only what users' calls need: zod's classic namespace pulls its
    // whole API (about 26 kB gzipped, 92 kB with `import { z }`), zod/mini only what is used.
    files: ['src/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'zod', message: "In src/, import zod as `import * as z from 'zod/mini'` (bundle size)." },
            { name: 'zod/v4', message: "In src/, import zod as `import * as z from 'zod/mini'` (bundle size)." },
          ],
        },
      ],
    },
  },
  {
    // Every exported declaration carries a doc comment saying what it is for: typedoc
    // checks only what the package entries reach, this also holds the mock's and the benchmarks'
    // internals, which a newcomer reads first. Re-exports (`export { x } from`) need none. No
    // fixer: an empty `/** */` would only hide the gap.
    files: ['src/**/*.ts', 'mock/**/*.ts', 'bench/**/*.ts'],
    plugins: { jsdoc },
    rules: {
      'jsdoc/require-jsdoc': [
        'error',
        {
          require: { FunctionDeclaration: false },
          contexts: ['ExportNamedDeclaration[declaration]', 'ExportDefaultDeclaration'],
          enableFixer: false,
        },
      ],
    },
  },
  {
    // The Jest example is CommonJS, as most Jest setups are.
    files: ['examples/jest/**/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { require: 'readonly', module: 'writable', __dirname: 'readonly', beforeEach: 'readonly', test: 'readonly', expect: 'readonly' },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
