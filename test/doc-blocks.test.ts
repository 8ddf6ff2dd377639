import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { setupServer } from 'msw/node';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOC_BLOCK_SCOPE_NAMES, freshDocBlockScope } from './support/doc-block-scope';
import { typeCheckOnlyBlockReason } from './support/doc-blocks-type-check-only';
import { type DocBlock, docBlocksOf, excerptSource, extractDocBlocks } from './support/doc-blocks';
import { checkedErrorClasses, ENTRY_SOURCES, exampleModule, publicEntryNames } from './support/jsdoc-example-modules';
import type { JsdocExample } from './support/jsdoc-examples';
import { runQuietly } from './support/run-quietly';

/**
 * Every ```ts and ```js block of README.md and docs/*.md says what is true of the package: each
 * is written as a module and all are type-checked in one TypeScript program, as a strict consumer
 * compiles them (`strict`, `exactOptionalPropertyTypes`; `teamchat-sdk`, `teamchat-sdk/mock`, ...
 * resolved to the sources the declarations are built from); then each runs in-process against a
 * fresh mock.
 *
 * A block may use without declaring them what a JSDoc example may (test/jsdoc-examples.test.ts):
 * the values the public entries export, and the names of test/support/jsdoc-example-scope.ts
 * (`client`, `mock`, `signal`, `id`, `channelId`, `botId`, `file`, ...), in a realm at the guides'
 * site, `https://chat.example.com`, that also holds the README's bot@example.com and a `general`
 * channel; and `email` with its `apiKey` (the bot's), `message` (the message `id`) and `ids`
 * (test/support/doc-block-scope.ts). A block that checks `failure instanceof SomeError` must get
 * that error.
 *
 * Not compiled: a block marked `<!-- fragment: reason -->` on the line before its fence (a
 * signature, an options table in code), and a block whose first line names the file it is a
 * verbatim excerpt of (`// examples/echo-bot.ts`; test/guides.test.ts, and that file's own tests).
 * Compiled but not run: those test/support/doc-blocks-type-check-only.ts lists, with the reason.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
// Inside the repository, so that the tsconfig's paths resolve `teamchat-sdk` to the sources.
const SCRATCH = fileURLToPath(new URL('./.doc-blocks/', import.meta.url));
/** How long one block may run: one that waits longer waits for something the mock never sends. */
const BLOCK_MS = 10_000;

const read = (path: string) => (existsSync(`${ROOT}${path}`) ? readFileSync(`${ROOT}${path}`, 'utf8') : undefined);
const blocks = extractDocBlocks(ROOT);
const where = (block: DocBlock) => `${block.page}:${block.line}`;
const compiled = blocks.filter((block) => block.fragment === undefined && excerptSource(block, read) === undefined);
const runnable = compiled.filter((block) => typeCheckOnlyBlockReason(block) === undefined);
/** As a JSDoc example: what the module writer and the error checks read. */
const asExample = (block: DocBlock): JsdocExample => ({ symbol: where(block), file: block.page, line: block.line, code: block.code, fileExports: [] });

/** Each compiled block's errors, at its lines in the guide. */
const errors = new Map<DocBlock, string[]>();

beforeAll(async () => {
  const publicNames = await publicEntryNames();
  rmSync(SCRATCH, { recursive: true, force: true });
  mkdirSync(`${SCRATCH}run`, { recursive: true });
  const scope = { scope: '../support/doc-block-scope', scopeType: 'DocBlockScope', scopeNames: DOC_BLOCK_SCOPE_NAMES };
  const checkPaths = { ...scope, entry: (name: string) => name, source: (file: string) => file };
  const runPaths = { ...scope, scope: '../../support/doc-block-scope', entry: (name: string) => `../../${ENTRY_SOURCES[name] ?? name}`, source: (file: string) => file, reportErrorChecks: true };
  const files = compiled.map((block, index) => {
    const module = exampleModule(asExample(block), publicNames, checkPaths);
    const file = `${SCRATCH}block-${index}.ts`;
    writeFileSync(file, module.text);
    writeFileSync(`${SCRATCH}run/block-${index}.ts`, exampleModule(asExample(block), publicNames, runPaths).text);
    return { block, file, firstLine: module.firstLine };
  });
  const program = ts.createProgram(files.map(({ file }) => file), consumerOptions());
  for (const { block, file, firstLine } of files) {
    const source = program.getSourceFile(file);
    const diagnostics = source ? [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)] : [];
    errors.set(
      block,
      diagnostics.map((diagnostic) => {
        const line = source && diagnostic.start !== undefined ? source.getLineAndCharacterOfPosition(diagnostic.start).line + 1 : firstLine;
        return `${block.page}:${block.line + line - firstLine}: TS${diagnostic.code}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
      }),
    );
  }
}, 120_000);
afterAll(() => rmSync(SCRATCH, { recursive: true, force: true }));

/** The project's compiler options (its paths to the sources), as strict as a consumer's may be. */
function consumerOptions(): ts.CompilerOptions {
  const path = `${ROOT}tsconfig.json`;
  const { config } = ts.readConfigFile(path, ts.sys.readFile) as { config: { compilerOptions: object } };
  const { options } = ts.parseJsonConfigFileContent({ compilerOptions: config.compilerOptions, files: [] }, ts.sys, ROOT, undefined, path);
  return { ...options, strict: true, exactOptionalPropertyTypes: true, noEmit: true };
}

describe('the code blocks of the guides', () => {
  it('are extracted from README.md and docs/*.md, and most compile as they are', () => {
    expect(blocks.length).toBeGreaterThan(30);
    expect(compiled.length).toBeGreaterThan(blocks.length / 2);
  });

  it("read a fragment's mark, and a block in a list item without the item's indentation", () => {
    const page = ['Text.', '', '<!-- fragment: a signature -->', '```ts', 'send(params: SendParams): ApiCall<Sent>', '```', '- item', '  ```js', '  await mock.settle();', '  ```', '```sh', 'npm test', '```'];
    expect(docBlocksOf('docs/x.md', page.join('\n'))).toEqual([
      { page: 'docs/x.md', line: 5, code: 'send(params: SendParams): ApiCall<Sent>', fragment: 'a signature' },
      { page: 'docs/x.md', line: 9, code: 'await mock.settle();', fragment: undefined },
    ]);
  });

  for (const block of blocks) {
    const source = excerptSource(block, read);
    if (block.fragment !== undefined) {
      it(`${where(block)}: a fragment, not compiled (${block.fragment})`, () => expect(block.fragment).not.toBe(''));
    } else if (source !== undefined) {
      it(`${where(block)}: a verbatim excerpt of ${source}, not compiled here`, () => expect(read(source)).toBeDefined());
    } else {
      const reason = typeCheckOnlyBlockReason(block);
      it(`${where(block)} compiles${reason === undefined ? '' : ` (not run: ${reason})`}`, () => expect(errors.get(block)).toEqual([]));
    }
  }
});

describe('the code blocks of the guides run against a fresh mock, and show the errors they check for', () => {
  // The realm answers the guides' site through MSW, for the clients a block makes itself.
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterAll(() => server.close());

  for (const block of runnable) {
    it(where(block), async () => {
      const took = new Set<string>();
      const scope = await freshDocBlockScope(took, block.code);
      server.resetHandlers(...scope.mock.handlers);
      Object.assign(globalThis, { jsdocExample: scope });
      await runQuietly(`${SCRATCH}run/block-${compiled.indexOf(block)}.ts`, BLOCK_MS);
      expect(checkedErrorClasses(asExample(block)).filter((name) => !took.has(name)), 'error classes checked but never raised').toEqual([]);
    });
  }
});
