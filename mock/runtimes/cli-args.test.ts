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

  it('an unknown option is named with the known one it most likely means, not with parseArgs\' text about positionals', () => {
    expect(parseCommandLine(['--stat', 'realm.json'])).toBe('unknown option --stat; did you mean --state?');
    expect(parseCommandLine(['--port', '0', '--feature_level', '200'])).toBe('unknown option --feature_level; did you mean --feature-level?');
    expect(parseCommandLine(['--verbose'])).toBe('unknown option --verbose');
    expect(parseCommandLine(['-p', '0'])).toBe('unknown option -p');
    // After --, everything is a positional, as parseArgs has it.
    expect(parseCommandLine(['--', '--stat'])).toBe('unknown command: --stat');
  });

  it('--cors keeps the origin of a URL given with a slash or path (browsers send the bare origin), and refuses what is no origin', () => {
    expect(parseCommandLine(['--cors', 'http://localhost:5173/'])).toMatchObject({ settings: { options: { cors: 'http://localhost:5173' } } });
    expect(parseCommandLine(['--cors', 'https://app.test:8443/chat/'])).toMatchObject({ settings: { options: { cors: 'https://app.test:8443' } } });
    expect(parseCommandLine(['--cors', '*'])).toMatchObject({ settings: { options: { cors: '*' } } });
    // The Origin of a page opened from a file or in a sandboxed frame.
    expect(parseCommandLine(['--cors', 'null'])).toMatchObject({ settings: { options: { cors: 'null' } } });
    // Repeated for each app: a dev server and a component workbench, say.
    expect(parseCommandLine(['--cors', 'http://localhost:5173/', '--cors', 'http://localhost:6006'])).toMatchObject({
      settings: { options: { cors: ['http://localhost:5173', 'http://localhost:6006'] } },
    });
    expect(parseCommandLine(['--cors', 'localhost:5173'])).toBe('--cors takes an origin such as http://localhost:5173, or *; got localhost:5173');
  });

  it('--camo-uri and --camo-key give the Camo settings, either alone; an empty URI turns Camo off', () => {
    expect(parseCommandLine(['--camo-uri', 'https://cdn.test/camo/', '--camo-key', 'k'])).toMatchObject({ settings: { options: { camo: { uri: 'https://cdn.test/camo/', key: 'k' } } } });
    expect(parseCommandLine(['--camo-key', 'k'])).toMatchObject({ settings: { options: { camo: { key: 'k' } } } });
    expect(parseCommandLine(['--camo-uri', ''])).toMatchObject({ settings: { options: { camo: { uri: '' } } } });
    expect(parseCommandLine([])).not.toHaveProperty('settings.options.camo');
  });

  it('-h is --help (it was an unknown option with no suggestion: one letter is too far from any name)', () => {
    expect(parseCommandLine(['-h'])).toEqual({ kind: 'help' });
    expect(parseCommandLine(['-x'])).toBe('unknown option -x');
  });

  it('refuses a feature level with the words createMockServer uses, naming the value as written', () => {
    expect(parseCommandLine(['--feature-level', 'ten'])).toBe(`--feature-level must be an integer from 60 to ${MOCK_FEATURE_LEVEL}, got ten`);
    expect(parseCommandLine(['--feature-level', '12'])).toBe(`--feature-level must be an integer from 60 to ${MOCK_FEATURE_LEVEL}, got 12`);
    expect(() => createMockServer({ featureLevel: 12 })).toThrow(`featureLevel must be an integer from 60 to ${MOCK_FEATURE_LEVEL}, got 12`);
  });
});
