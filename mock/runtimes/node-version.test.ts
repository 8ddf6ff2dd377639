import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isOlderNode, olderNodeHint, olderNodeWarning, SUPPORTED_NODE } from './node-version';

describe('the Node version teamchat-mock checks at start', () => {
  it('is the oldest version package.json "engines" allows', () => {
    const { engines } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { engines: { node: string } };
    expect(engines.node).toBe(`>=${SUPPORTED_NODE}`);
  });

  it.each([
    ['20.20.2', true],
    ['18.19.0', true],
    ['22.11.9', true],
    ['22.12.0', false],
    ['22.13.0', false],
    ['24.21.0', false],
    ['v20.0.0', true],
    ['25.0.0-pre', false],
  ])('%s is older: %s', (version, older) => {
    expect(isOlderNode(version)).toBe(older);
  });

  it('warns on an older Node, naming both versions, and says nothing on a supported one', () => {
    expect(olderNodeWarning('20.20.2')).toBe(
      `warning: Node 20.20.2 is older than Node ${SUPPORTED_NODE}, the oldest teamchat-sdk and msw 3 support (package.json "engines"); ` +
        `the mock may start, then fail without naming the cause: run it with Node ${SUPPORTED_NODE} or newer`,
    );
    expect(olderNodeWarning(SUPPORTED_NODE)).toBeUndefined();
    expect(olderNodeHint('20.20.2')).toBe(` (on Node 20.20.2, older than the supported ${SUPPORTED_NODE}: try a newer Node first)`);
    expect(olderNodeHint('24.21.0')).toBe('');
  });
});
