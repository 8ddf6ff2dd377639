import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SDK_VERSION } from '../src/index';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

function runNode(args: string[]): string {
  return execFileSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8' });
}

describe('the built package', () => {
  it('imports as ESM and requires as CommonJS, every entry', () => {
    const entries = ['teamchat-sdk', 'teamchat-sdk/node', 'teamchat-sdk/mock', 'teamchat-sdk/mock/node'];
    const esm = runNode([
      '--input-type=module',
      '-e',
      `const names = ${JSON.stringify(entries)}; for (const n of names) { const m = await import(n); console.log(n, Object.keys(m).length); }
       const { ChatClient } = await import('teamchat-sdk'); console.log(typeof ChatClient);`,
    ]);
    expect(esm).toContain('function');
    const cjs = runNode([
      '-e',
      `for (const n of ${JSON.stringify(entries)}) { const m = require(n); console.log(n, Object.keys(m).length); }
       const { ChatClient, createMockServer } = { ...require('teamchat-sdk'), ...require('teamchat-sdk/mock') };
       console.log(typeof ChatClient, typeof createMockServer(). handlers);`,
    ]);
    expect(cjs).toContain('function object');
    for (const entry of entries) {
      expect(esm).toMatch(new RegExp(`${entry} [1-9]`));
      expect(cjs).toMatch(new RegExp(`${entry} [1-9]`));
    }
  });

  it('an app loading both builds has two copies of each error class: an error of one is told by its name and code, not instanceof the other', () => {
    const output = runNode([
      '--input-type=module',
      '-e',
      `const esm = await import('teamchat-sdk');
       const cjs = (await import('node:module')).createRequire(import.meta.url)('teamchat-sdk');
       const error = cjs.createApiError({ result: 'error', msg: 'm', code: 'STREAM_DOES_NOT_EXIST', stream: 'x' }, { status: 400 }, 'op');
       console.log(JSON.stringify([error instanceof esm.StreamDoesNotExistError, error instanceof cjs.StreamDoesNotExistError, error.name, error.code]));`,
    ]);
    expect(JSON.parse(output)).toEqual([false, true, 'StreamDoesNotExistError', 'STREAM_DOES_NOT_EXIST']);
  });

  it('keeps class names in the CommonJS build: an error prints as its class, with no sucrase helpers in the code', () => {
    const output = runNode([
      '-e',
      `const { createApiError, ChatClient } = require('teamchat-sdk');
       const error = createApiError({ result: 'error', msg: 'm', code: 'STREAM_DOES_NOT_EXIST', stream: 'x' }, { status: 400 }, 'op');
       console.log(JSON.stringify([error.constructor.name, ChatClient.name, require('node:util').inspect(error).split(':')[0]]));`,
    ]);
    expect(JSON.parse(output)).toEqual(['StreamDoesNotExistError', 'ChatClient', 'StreamDoesNotExistError']);
    // The Node entry's ChatClient (fromEnv, fromZuliprc) extends the main one, by the same name.
    const nodeEntry = runNode(['-e', "console.log(require('teamchat-sdk/node').ChatClient.name)", ]);
    expect(nodeEntry.trim()).toBe('ChatClient');
    const commonJs = readdirSync(join(ROOT, 'dist'), { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.cjs'));
    expect(commonJs.filter((name) => /\b_optionalChain\(|\b_class\d* = class\b/.test(readFileSync(join(ROOT, 'dist', name), 'utf8')))).toEqual([]);
  });

  it('has type declarations for every entry in both formats', () => {
    const pkg = JSON.parse(readFileSync(`${ROOT}/package.json`, 'utf8')) as { exports: Record<string, unknown> };
    for (const [entry, conditions] of Object.entries(pkg.exports)) {
      if (entry === './package.json') continue;
      const { import: esm, require: cjs } = conditions as Record<string, { types: string }>;
      expect(readFileSync(`${ROOT}/${esm?.types}`, 'utf8').length, `${entry} ESM types`).toBeGreaterThan(0);
      expect(readFileSync(`${ROOT}/${cjs?.types}`, 'utf8').length, `${entry} CJS types`).toBeGreaterThan(0);
    }
  });

  it('loads neither msw nor @mswjs/data for an SDK-only user', () => {
    const hook = `
      const { registerHooks } = await import('node:module');
      const loaded = [];
      registerHooks({ resolve(specifier, context, next) { loaded.push(specifier); return next(specifier, context); } });
      await import('teamchat-sdk');
      const require = (await import('node:module')).createRequire(import.meta.url);
      require('teamchat-sdk');
      console.log(JSON.stringify(loaded));`;
    const loaded = JSON.parse(runNode(['--input-type=module', '-e', hook]).trim()) as string[];
    expect(loaded).toContain('teamchat-sdk');
    expect(loaded.filter((specifier) => /^(msw|@mswjs)/.test(specifier))).toEqual([]);
    // Configuration from files is the Node entry's: the main entry reads no file and parses no INI.
    expect(loaded.filter((specifier) => /^(ini|node:fs|fs)$/.test(specifier))).toEqual([]);
  });

  it("names no path of the machine that built it in a source map (tsup's CommonJS maps named their file absolutely)", () => {
    const maps = readdirSync(join(ROOT, 'dist'), { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.map'));
    expect(maps.length).toBeGreaterThan(10);
    const absolute = maps.flatMap((name) => {
      const { sources = [] } = JSON.parse(readFileSync(join(ROOT, 'dist', name), 'utf8')) as { sources?: string[] };
      return sources.filter((source) => isAbsolute(source)).map((source) => `${name}: ${source}`);
    });
    expect(absolute).toEqual([]);
  });

  it("keeps the project's source text in its maps but not the bundled dependencies' (half the maps' size)", () => {
    const maps = readdirSync(join(ROOT, 'dist'), { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.map'));
    const texts = maps.flatMap((name) => {
      const { sources = [], sourcesContent = [] } = JSON.parse(readFileSync(join(ROOT, 'dist', name), 'utf8')) as {
        sources?: string[];
        sourcesContent?: (string | null)[];
      };
      return sources.map((source, index) => ({ source, dependency: source.includes('node_modules/'), text: sourcesContent[index] ?? null }));
    });
    const dependencies = texts.filter(({ dependency }) => dependency);
    // The mock's chunk bundles markdown-it, katex, @mswjs/data, ...: their positions stay.
    expect(dependencies.length).toBeGreaterThan(100);
    expect(dependencies.filter(({ text }) => text !== null)).toEqual([]);
    const own = texts.filter(({ source }) => /^(\.\.\/)+(src|mock)\//.test(source));
    expect(own.length).toBeGreaterThan(100);
    expect(own.filter(({ text }) => text === null)).toEqual([]);
  });

  it('keeps SDK_VERSION equal to package.json', () => {
    const pkg = JSON.parse(readFileSync(`${ROOT}/package.json`, 'utf8')) as { version: string };
    expect(SDK_VERSION).toBe(pkg.version);
  });
});
