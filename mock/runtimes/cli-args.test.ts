import { describe, expect, it } from 'vitest';
import { createMockServer, MOCK_FEATURE_LEVEL } from '../index';
import { parseCommandLine } from './cli-args';

describe('teamchat-mock command line', () => {
  it('reads init, --help and the server options, and refuses what the server would', () => {
    expect(parseCommandLine(['init'])).toEqual({ kind: 'init', directory: 'public' });
    expect(parseCommandLine(['init', 'static'])).toEqual({ kind: 'init', directory: 'static' });
    expect(parseCommandLine(['--help'])).toEqual({ kind: 'help' });
    expect(parseCommandLine(['serve'])).toBe('unknown command: serve');
    const serve = parseCommandLine(['--port', '0', '--feature-level', '173', '--no-dev-endpoints', '--state', 's.json']);
    expect(serve).toMatchObject({
      kind: 'serve',
      settings: { port: 0, host: '127.0.0.1', stateFile: 's.json', options: { featureLevel: 173, devEndpoints: false } },
    });
    expect(parseCommandLine(['--port', '70000'])).toBe('--port must be 0-65535, got 70000');
  });

  it('refuses a feature level with the words createMockServer uses, naming the value as written', () => {
    expect(parseCommandLine(['--feature-level', 'ten'])).toBe(`--feature-level must be an integer from 60 to ${MOCK_FEATURE_LEVEL}, got ten`);
    expect(parseCommandLine(['--feature-level', '12'])).toBe(`--feature-level must be an integer from 60 to ${MOCK_FEATURE_LEVEL}, got 12`);
    expect(() => createMockServer({ featureLevel: 12 })).toThrow(`featureLevel must be an integer from 60 to ${MOCK_FEATURE_LEVEL}, got 12`);
  });
});
