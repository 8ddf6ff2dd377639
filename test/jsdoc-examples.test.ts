import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleModule, PREAMBLE_ENTRIES } from './support/jsdoc-example-modules';
import { extractJsdocExamples, type JsdocExample } from './support/jsdoc-examples';

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
 *   `ChatClient` logged in as iago@zulip.com, an administrator of `mock`, a fresh mock server; its
 *   `state`, `store` and `clock`; `site`, `username`, `password`, `apiKey`, `signal`, `queue_id`,
 *   `last_event_id`; and IDs such as `id` (what the example acts on), `channelId`, `userId`.
 * Anything else it imports (`import ... from 'node:fs'`, type names; a relative path is relative to the
 * documented file, as that file would import it) or declares itself.
 * The code is put in a block, so it may declare its own `client`.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
// Inside the repository, so that the tsconfig's paths resolve `teamchat-sdk` to the sources.
const SCRATCH = fileURLToPath(new URL('./.jsdoc-examples/', import.meta.url));
const ENTRY_SOURCES: Readonly<Record<string, string>> = {
  'teamchat-sdk': '../src/index',
  'teamchat-sdk/mock': '../mock/index',
  'teamchat-sdk/node': '../src/node',
  'teamchat-sdk/mock/node': '../mock/runtimes/node',
};
const TSC = createRequire(import.meta.url).resolve('typescript/bin/tsc');

const examples = extractJsdocExamples(ROOT);
/** Each failing example's key (`symbol file`) and its errors, at the example's lines in the source. */
let failures = new Map<string, string[]>();

beforeAll(async () => {
  const publicNames = new Map<string, string>();
  for (const entry of PREAMBLE_ENTRIES) {
    const exported = (await import(/* @vite-ignore */ `${ENTRY_SOURCES[entry]}`)) as Record<string, unknown>;
    for (const name of Object.keys(exported)) if (!publicNames.has(name)) publicNames.set(name, entry);
  }
  rmSync(SCRATCH, { recursive: true, force: true });
  mkdirSync(SCRATCH, { recursive: true });
  const paths = { entry: (name: string) => name, source: (file: string) => `../../${file.replace(/\.ts$/, '')}`, scope: '../support/jsdoc-example-scope' };
  const firstLines = examples.map((example, index) => {
    const module = exampleModule(example, publicNames, paths);
    writeFileSync(`${SCRATCH}example-${index}.ts`, module.text);
    return module.firstLine;
  });
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

describe('JSDoc examples', () => {
  it('are extracted from every exported declaration of src/ and mock/', () => {
    expect(examples.length).toBeGreaterThan(380);
    expect(examples.filter((example) => example.code.trim() === '')).toEqual([]);
  });

  it('compile', () => {
    expect([...failures.values()].flat()).toEqual([]);
  });
});
