import type { Plugin } from 'esbuild';

/**
 * What the mock's build bundles instead of leaving to consumers: `@mswjs/data` and `markdown-it`
 * (so that `npm install -D teamchat-sdk msw` resolves no second msw and no peer conflict).
 * Two parts of @mswjs/data are left out, because the mock never calls them: its handler
 * generation (`toHandlers`, which imports msw 2 and graphql) and its `debug` logging (whose Node
 * build would reach for `tty` in browsers).
 */
export const MOCK_BUNDLED_PACKAGES = [/^@mswjs\/data(\/|$)/, /^markdown-it(\/|$)/];

const HANDLER_GENERATORS = /[\\/]@mswjs[\\/]data[\\/]lib[\\/]model[\\/]generate(Rest|GraphQL)Handlers\.js$/;

const WITHOUT_HANDLERS = `
function unavailable() {
  throw new Error('[teamchat-mock] the @mswjs/data bundled in teamchat-sdk has no handler generation; the mock serves the API itself');
}
exports.generateRestHandlers = unavailable;
exports.generateGraphQLHandlers = unavailable;
exports.generateGraphQLSchema = unavailable;
`;

// @mswjs/data calls both the default export and the named `debug` export.
const SILENT_DEBUG = `
function createDebug() {
  const log = function () {};
  log.enabled = false;
  log.extend = createDebug;
  return log;
}
module.exports = createDebug;
module.exports.debug = createDebug;
module.exports.default = createDebug;
`;

/** The esbuild plugin that swaps those parts for small stand-ins. */
export const bundleMockDependencies: Plugin = {
  name: 'teamchat-bundle-mock-deps',
  setup(build) {
    build.onLoad({ filter: HANDLER_GENERATORS }, () => ({ contents: WITHOUT_HANDLERS, loader: 'js' }));
    build.onResolve({ filter: /^debug$/ }, (args) =>
      args.importer.includes('@mswjs') ? { path: 'debug', namespace: 'teamchat-silent-debug' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'teamchat-silent-debug' }, () => ({ contents: SILENT_DEBUG, loader: 'js' }));
  },
};
