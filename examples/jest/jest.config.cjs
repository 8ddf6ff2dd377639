/**
 * Jest configuration for the example. In a project that installed teamchat-sdk, Jest finds the
 * package in node_modules and needs none of this; inside this repository the example uses the
 * built package (`npm run build`), so the import paths are mapped to dist/.
 */
const path = require('node:path');

const dist = path.join(__dirname, '..', '..', 'dist');

module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/*.test.cjs'],
  moduleNameMapper: {
    '^teamchat-sdk$': path.join(dist, 'index.cjs'),
    '^teamchat-sdk/mock$': path.join(dist, 'mock', 'index.cjs'),
    '^teamchat-sdk/mock/node$': path.join(dist, 'mock', 'node.cjs'),
  },
};
