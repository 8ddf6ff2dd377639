/**
 * The oldest Node the package supports: `engines.node` in package.json (`>=22.12.0`), which msw 3
 * requires too. `node-version.test.ts` holds the two equal.
 */
export const SUPPORTED_NODE = '22.12.0';

function parts(version: string): number[] {
  return version.replace(/^v/, '').split('.').map((part) => Number.parseInt(part, 10) || 0);
}

/** Whether a Node version (`process.versions.node`, e.g. `20.20.2`) is older than `supported`. */
export function isOlderNode(version: string, supported: string = SUPPORTED_NODE): boolean {
  const have = parts(version);
  const need = parts(supported);
  for (let index = 0; index < 3; index++) {
    const difference = (have[index] ?? 0) - (need[index] ?? 0);
    if (difference !== 0) return difference < 0;
  }
  return false;
}

/**
 * The warning `teamchat-mock` prints at start on an older Node: it may well start (Node 20.20
 * serves the API), then fail where a newer API is missing, with a message that does not say so.
 */
export function olderNodeWarning(version: string): string | undefined {
  if (!isOlderNode(version)) return undefined;
  return `warning: Node ${version} is older than Node ${SUPPORTED_NODE}, the oldest teamchat-sdk and msw 3 support ` +
    `(package.json "engines"); the mock may start, then fail without naming the cause: run it with Node ${SUPPORTED_NODE} or newer`;
}

/** What a failure adds on an older Node, so that the cause is named next to the symptom. */
export function olderNodeHint(version: string): string {
  return isOlderNode(version) ? ` (on Node ${version}, older than the supported ${SUPPORTED_NODE}: try a newer Node first)` : '';
}
