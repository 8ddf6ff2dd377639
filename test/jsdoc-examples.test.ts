import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkedErrorClasses, ENTRY_SOURCES, exampleModule, publicEntryNames } from './support/jsdoc-example-modules';
import { freshExampleScope } from './support/jsdoc-example-realm';
import { typeCheckOnlyReason } from './support/jsdoc-examples-type-check-only';
import { extractJsdocExamples, type JsdocExample } from './support/jsdoc-examples';
import { runQuietly } from './support/run-quietly';

/**
 * Every `@example` of an exported declaration in src/ and mock/ (typedoc renders them; users copy
 * them) compiles: each is written as a module and all are type-checked in one `tsc --noEmit`.
 *
 * What an example may use without declaring it:
 * - every value the entries `teamchat-sdk`, `teamchat-sdk/mock`, `teamchat-sdk/node` and
 *   `teamchat-sdk/mock/node` export (a name two entries export is the first one's: `ChatClient` is
 *   the browser entry's; an example of `teamchat-sdk/node`'s imports it from there);
 * - every export of the file it documents (so a mock-internal function's example names it);
 * - the names of {@link JsdocExampleScope} (test/support/jsdoc-example-scope.ts): `client`, a
 *   `ChatClient` logged in as iago@zulip.com, an administrator of `mock`; `owner`, `member` and
 *   `bot`, clients of the only owner, a member and a generic bot (for what an administrator cannot
 *   show); `mock`, a fresh mock server; its
 *   `state`, `store` and `clock`; `site`, `username`, `password`, `apiKey`, `signal`, `queue_id`,
 *   `last_event_id`; IDs such as `id` (a message), `channelId`, `userId`; and objects to act on,
 *   such as `draftId`, `defaultGroupId` or `fieldId` (made only for the examples that name them);
 *   `bouncerPublicKey` (an example that names it gets a mock behind a simulated push bouncer);
 *   `deactivateOrganization()`, an owner's `POST /realm/deactivate` (not in the SDK).
 * Anything else it imports (`import ... from 'node:fs'`, type names; a relative path is relative to the
 * documented file, as that file would import it) or declares itself.
 * The code is put in a block, so it may declare its own `client`.
 *
 * Then each runs, in-process, against a fresh mock (test/support/jsdoc-example-realm.ts: `id` is a
 * message iago sent to Verona, waiting as an event in `queue_id`; `signal` ends event loops after
 * 300 ms; `site` is answered by MSW from the same realm). An example that tests
 * `failure instanceof SomeError` must get that error there; one whose comment names what it
 * throws (`// TypeError: ...`, `// throws MockMisuseError: ...`, or a `throw` statement) must throw it.
 * Those that cannot run in-process (a browser, files, the environment, a failing server) are
 * type-checked only, with the reason (test/support/jsdoc-examples-type-check-only.ts).
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
// Inside the repository, so that the tsconfig's paths resolve `teamchat-sdk` to the sources.
const SCRATCH = fileURLToPath(new URL('./.jsdoc-examples/', import.meta.url));
const TSC = createRequire(import.meta.url).resolve('typescript/bin/tsc');

const examples = extractJsdocExamples(ROOT);
/** Each failing example's key (`symbol file`) and its errors, at the example's lines in the source. */
let failures = new Map<string, string[]>();

beforeAll(async () => {
  const publicNames = await publicEntryNames();
  rmSync(SCRATCH, { recursive: true, force: true });
  mkdirSync(SCRATCH, { recursive: true });
  const paths = { entry: (name: string) => name, source: (file: string) => `../../${file.replace(/\.ts$/, '')}`, scope: '../support/jsdoc-example-scope' };
  const firstLines = examples.map((example, index) => {
    const module = exampleModule(example, publicNames, paths);
    writeFileSync(`${SCRATCH}example-${index}.ts`, module.text);
    return module.firstLine;
  });
  // The same modules to run, importing the sources themselves (vitest resolves `teamchat-sdk` to dist/).
  mkdirSync(`${SCRATCH}run`);
  const runPaths = {
    entry: (name: string) => `../../${ENTRY_SOURCES[name] ?? name}`,
    source: (file: string) => `../../../${file.replace(/\.ts$/, '')}`,
    scope: '../../support/jsdoc-example-scope',
    reportErrorChecks: true,
  };
  examples.forEach((example, index) => writeFileSync(`${SCRATCH}run/example-${index}.ts`, exampleModule(example, publicNames, runPaths).text));
  writeFileSync(`${SCRATCH}tsconfig.json`, JSON.stringify({ extends: '../../tsconfig.json', include: ['*.ts'] }));
  const output = await promisify(execFile)(process.execPath, [TSC, '--noEmit', '--pretty', 'false', '-p', SCRATCH], { cwd: ROOT }).then(
    ({ stdout }) => stdout,
    (error: { stdout?: string }) => error.stdout ?? String(error),
  );
  failures = failuresIn(output, (index) => [examples[index], firstLines[index]]);
}, 120_000);
afterAll(() => rmSync(SCRATCH, { recursive: true, force: true }));

function failuresIn(output: string, exampleAt: (index: number) => [JsdocExample | undefined, number | undefined]): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const match of output.matchAll(/example-(\d+)\.ts\((\d+),\d+\): error (TS\d+: .*)/g)) {
    const [example, firstLine] = exampleAt(Number(match[1]));
    if (!example || firstLine === undefined) continue;
    const key = keyOf(example);
    const line = example.line + Math.max(0, Number(match[2]) - firstLine);
    found.set(key, [...(found.get(key) ?? []), `${example.symbol} ${example.file}:${line}: ${match[3]}`]);
  }
  return found;
}

function keyOf(example: JsdocExample): string {
  return `${example.symbol} ${example.file}`;
}

/** How long one example may run: one that waits longer waits for something the mock never sends. */
const EXAMPLE_MS = 10_000;

const runnable = examples.flatMap((example, index) => (typeCheckOnlyReason(example) === undefined ? [{ example, index }] : []));

describe('JSDoc examples', () => {
  it('are extracted from every exported declaration of src/ and mock/', () => {
    expect(examples.length).toBeGreaterThan(380);
    expect(examples.filter((example) => example.code.trim() === '')).toEqual([]);
  });

  it('compile', () => {
    expect([...failures.values()].flat()).toEqual([]);
  });
});

describe('JSDoc examples run against a fresh mock, and show the errors they check for', () => {
  // For examples that build their own client for `site`: MSW answers it from the example's realm.
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterAll(() => server.close());

  async function runExample(example: JsdocExample, index: number): Promise<void> {
    const took = new Set<string>();
    const scope = await freshExampleScope(took, example.code);
    server.resetHandlers(...scope.mock.handlers);
    Object.assign(globalThis, { jsdocExample: scope });
    const ran = runQuietly(`${SCRATCH}run/example-${index}.ts`, EXAMPLE_MS);
    // An example whose comment names what it throws (`// TypeError: ...`, `// throws X`) throws it.
    const shown = thrownErrorClass(example);
    if (shown === undefined) await ran;
    else expect(await ran.then(() => 'nothing', (error: unknown) => errorClassOf(error, shown))).toBe(shown);
    // An example that checks `failure instanceof SomeError` shows a call that raises it.
    expect(checkedErrorClasses(example).filter((name) => !took.has(name)), 'error classes checked but never raised').toEqual([]);
  }

  it('but for those listed as type-check-only, each with its reason', () => {
    expect(runnable.length).toBeGreaterThan(examples.length / 2);
  });

  for (const { example, index } of runnable) {
    const name = `${example.symbol} ${example.file}:${example.line}`;
    it(name, () => runExample(example, index));
  }
});

/** The class an example's comment says it throws: `// TypeError: ...`, `// throws MockMisuseError: ...`, or any error for a `throw` statement. */
function thrownErrorClass(example: JsdocExample): string | undefined {
  const named = /\/\/\s*(?:throws\s+)?([A-Z]\w*(?:Error|Failure))\b/.exec(example.code)?.[1];
  return named ?? (/^throw\s/m.test(example.code) ? 'Error' : undefined);
}

function errorClassOf(error: unknown, shown: string): string {
  if (shown === 'Error' && error instanceof Error) return 'Error';
  for (let prototype = Object.getPrototypeOf(error) as object | null; prototype; prototype = Object.getPrototypeOf(prototype) as object | null) {
    if (prototype.constructor.name === shown) return shown;
  }
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
