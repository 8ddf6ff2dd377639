import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

// The package as a user meets it: packed, installed from the tarball into an empty project
// (dependencies from npm's cache when it has them), then imported, run and type-checked there.
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const INSTALL_TIMEOUT_MS = 300_000;
// Each check starts Node or the compiler in the consumer project: seconds, more on a loaded machine.
const CHECK_TIMEOUT = { timeout: 120_000 };
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  devDependencies: Record<string, string>;
};

function run(command: string, args: string[], cwd: string): string {
  try {
    return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(' ')} failed:\n${stdout ?? ''}${stderr ?? ''}`, {
      cause: error,
    });
  }
}

function npmInstall(project: string, packages: string[]): void {
  run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', ...packages], project);
}

function newProject(name: string): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'teamchat-consumer-')), name);
  mkdirSync(dir);
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, version: '1.0.0', private: true }));
  return dir;
}

/** Every package installed anywhere in a project's node_modules tree, by name, once per copy. */
function installedPackages(project: string): string[] {
  const names: string[] = [];
  const walk = (modules: string) => {
    if (!existsSync(modules)) return;
    for (const entry of readdirSync(modules)) {
      if (entry.startsWith('.')) continue;
      const scoped = entry.startsWith('@');
      for (const name of scoped ? readdirSync(join(modules, entry)).map((inner) => `${entry}/${inner}`) : [entry]) {
        names.push(name);
        walk(join(modules, name, 'node_modules'));
      }
    }
  };
  walk(join(project, 'node_modules'));
  return names;
}

let tarball = '';
beforeAll(() => {
  const packDir = mkdtempSync(join(tmpdir(), 'teamchat-pack-'));
  // The build already ran (npm test builds first); prepack would only repeat it.
  run('npm', ['pack', '--ignore-scripts', '--pack-destination', packDir, '--loglevel=error'], ROOT);
  tarball = join(packDir, readdirSync(packDir).find((file) => file.endsWith('.tgz')) ?? '');
}, INSTALL_TIMEOUT_MS);


/** A strict consumer's compiler options (`strict`, `exactOptionalPropertyTypes`, Node resolution). */
function strictConsumerOptions(options: { skipLibCheck: boolean }): Record<string, unknown> {
  return {
    strict: true,
    exactOptionalPropertyTypes: true,
    noEmit: true,
    skipLibCheck: options.skipLibCheck,
    module: 'nodenext',
    moduleResolution: 'nodenext',
    target: 'es2022',
    lib: ['es2023', 'dom'],
    types: ['node'],
    typeRoots: [join(ROOT, 'node_modules', '@types')],
  };
}
describe('npm pack', () => {
  it('ships the build, the README, the guides and the examples they quote, and nothing generated or private', () => {
    const files = run('tar', ['-tzf', tarball], ROOT)
      .split('\n')
      .filter(Boolean)
      .map((file) => file.replace(/^package\//, ''));
    for (const file of ['dist/index.js', 'dist/index.cjs', 'dist/mock/cli.js', 'dist/mock/node.d.ts', 'README.md']) {
      expect(files).toContain(file);
    }
    expect(files).toContain('docs/mock.md');
    // The guides quote and name them (getting-started's echo bot, testing.md's frontend test).
    for (const file of ['examples/echo-bot.ts', 'examples/frontend-test.ts', 'examples/jest/chat.test.cjs']) expect(files).toContain(file);
    expect(files.filter((file) => /^(src|mock|test|scripts|bench|\.ci)\//.test(file))).toEqual([]);
    expect(files.filter((file) => /^docs\/.*\//.test(file))).toEqual([]);
  });

  it('packs to under 5.5 MB (4.1 MB once the maps left out the bundled dependencies\' source text; 4.9 MB since rollup writes the chunks of both formats, with finer maps)', () => {
    expect(statSync(tarball).size).toBeLessThan(5.5 * 1024 * 1024);
  });
});

describe('npm install -D teamchat-sdk msw, in a fresh project', CHECK_TIMEOUT, () => {
  let project = '';
  beforeAll(() => {
    project = newProject('mocking-consumer');
    npmInstall(project, ['-D', tarball, `msw@${manifest.devDependencies.msw}`]);
  }, INSTALL_TIMEOUT_MS);

  it('resolves exactly one msw and none of the dependencies the mock bundles', () => {
    const installed = installedPackages(project);
    expect(installed.filter((name) => name === 'msw')).toEqual(['msw']);
    expect(installed).not.toContain('@mswjs/data');
    expect(installed).not.toContain('markdown-it');
  });

  it('imports every Node entry as ESM and requires it as CommonJS', () => {
    const entries = ['teamchat-sdk', 'teamchat-sdk/mock', 'teamchat-sdk/mock/node'];
    const esm = run(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `for (const name of ${JSON.stringify(entries)}) console.log(name, Object.keys(await import(name)).length);
         const { setupMockServer } = await import('teamchat-sdk/mock/node');
         const { ChatClient } = await import('teamchat-sdk');
         const mock = setupMockServer({ baseUrl: 'http://chat.test' });
         mock.server.listen({ onUnhandledFrame: 'error' });
         const client = new ChatClient({ site: 'http://chat.test', email: 'iago@zulip.com', apiKey: mock.apiKeyOf('iago@zulip.com') });
         const sent = await client.messages.send({ type: 'stream', to: 'Verona', topic: 'installed', content: 'hello' });
         console.log('sent', typeof sent.id);
         mock.server.close();
         const { createMockServer } = await import('teamchat-sdk/mock');
         const { StreamDoesNotExistError } = await import('teamchat-sdk');
         const direct = createMockServer().clientFor('hamlet@zulip.com');
         const failure = await direct.messages.send({ type: 'stream', to: 'Atlantis', topic: 't', content: 'x' }).catch((error) => error);
         console.log('direct client is the SDK class', direct instanceof ChatClient, failure instanceof StreamDoesNotExistError);`,
      ],
      project,
    );
    expect(esm).toContain('sent number');
    expect(esm).toContain('direct client is the SDK class true true');
    const cjs = run(
      process.execPath,
      [
        '-e',
        `for (const name of ${JSON.stringify(entries)}) console.log(name, Object.keys(require(name)).length);
         const { ChatClient, StreamDoesNotExistError } = require('teamchat-sdk');
         const direct = require('teamchat-sdk/mock').createMockServer().clientFor('hamlet@zulip.com');
         direct.messages.send({ type: 'stream', to: 'Atlantis', topic: 't', content: 'x' }).catch((error) =>
           console.log('direct client is the SDK class', direct instanceof ChatClient, error instanceof StreamDoesNotExistError));`,
      ],
      project,
    );
    expect(cjs).toContain('direct client is the SDK class true true');
    for (const entry of entries) {
      expect(esm).toMatch(new RegExp(`^${entry} [1-9]`, 'm'));
      expect(cjs).toMatch(new RegExp(`^${entry} [1-9]`, 'm'));
    }
  });

  it('runs the teamchat-mock bin', () => {
    expect(run(join(project, 'node_modules', '.bin', 'teamchat-mock'), ['--help'], project)).toContain('--port');
  });

  it('ships declarations that import only what a consumer has installed', () => {
    const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '');
    const dist = join(project, 'node_modules', 'teamchat-sdk', 'dist');
    const declarations = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((file) =>
      /\.d\.c?ts$/.test(file),
    );
    const specifiers = new Set(
      declarations.flatMap((file) =>
        // Doc comments show imports a consumer's own test file makes (`from 'vitest'`): not the declaration's.
        [...withoutComments(readFileSync(join(dist, file), 'utf8')).matchAll(/(?:from|import\() ?['"]([^'".][^'"]*)['"]/g)].map(
          (match) => match[1] ?? '',
        ),
      ),
    );
    const packageOf = (specifier: string) =>
      specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');
    const unresolved = [...specifiers].filter(
      (specifier) => !specifier.startsWith('node:') && !existsSync(join(project, 'node_modules', packageOf(specifier))),
    );
    expect(specifiers).toContain('msw');
    expect(unresolved).toEqual([]);
  });

  it('type-checks a consumer file under strict and exactOptionalPropertyTypes', () => {
    writeFileSync(
      join(project, 'consumer.ts'),
      `import { ApiErrorBase, ChatClient } from 'teamchat-sdk';
import { setupMockServer, startHttpMock } from 'teamchat-sdk/mock/node';
import { createMockServer } from 'teamchat-sdk/mock';

const mock = setupMockServer({ baseUrl: 'http://chat.test' });
const realm = createMockServer();
const user = realm.store.tables.user.all()[0];
const id: number | undefined = user?.id;
const client = new ChatClient({ site: 'http://chat.test', email: 'iago@zulip.com', apiKey: mock.apiKeyOf('iago@zulip.com') });
// The README's quick start: an option read from the environment may be undefined.
export const fromEnvironment = new ChatClient({ site: 'http://chat.test', email: process.env.EMAIL, apiKey: process.env.API_KEY });
export const upload = () => client.uploads.upload(new Uint8Array([1]), { filename: process.env.NAME, maxRetries: 2 });
// The mock's options and factories take the same forms.
export const configured = createMockServer({ baseUrl: process.env.BASE, featureLevel: process.env.LEVEL ? Number(process.env.LEVEL) : undefined });
configured.faults.inject({ kind: 'status', operation: process.env.OPERATION, times: undefined });
configured.create.message({ from: 'iago@zulip.com', channel: 'Verona', topic: process.env.TOPIC, content: 'c' });
configured.create.user({ email: 'new@zulip.com', full_name: process.env.NAME, role: undefined });
export async function send(): Promise<number> {
  try {
    return (await client.messages.send({ type: 'stream', to: 'Verona', topic: 't', content: 'c' })).id;
  } catch (error) {
    if (error instanceof ApiErrorBase) return error.status;
    throw error;
  }
}
export const http = () => startHttpMock({ port: process.env.PORT ? Number(process.env.PORT) : undefined, host: process.env.HOST, cors: process.env.CORS });
export { id };
`,
    );
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        // Checking msw's and zod's own declarations takes a minute; the test above checks ours resolve.
        compilerOptions: strictConsumerOptions({ skipLibCheck: true }),
        files: ['consumer.ts'],
      }),
    );
    const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    // Throws with the compiler's diagnostics if the consumer file or any declaration fails.
    run(process.execPath, [tsc, '-p', 'tsconfig.json'], project);
  });

  it("type-checks the SDK's own declarations under exactOptionalPropertyTypes, without skipLibCheck", () => {
    // A consumer whose tsconfig checks libraries (skipLibCheck off) compiles the declarations too:
    // `UploadOptions` once extended two interfaces whose `maxRetries` differed under this flag.
    const dir = join(project, 'libcheck');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'entries.ts'), `import type {} from 'teamchat-sdk';\nimport type {} from 'teamchat-sdk/node';\n`);
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: strictConsumerOptions({ skipLibCheck: false }),
        files: ['entries.ts'],
      }),
    );
    run(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'], dir);
  });
});

describe('npm install teamchat-sdk, for the SDK alone', () => {
  it('installs nothing only the mock uses', () => {
    const project = newProject('sdk-consumer');
    npmInstall(project, [tarball]);
    const installed = installedPackages(project);
    expect(installed).toContain('ky');
    expect(installed).toContain('zod');
    for (const mockOnly of ['msw', '@mswjs/data', 'markdown-it']) expect(installed).not.toContain(mockOnly);
    // Its teamchat-mock bin says what it lacks (getting-started's reader, before installing msw).
    const bin = spawnSync(join(project, 'node_modules', '.bin', 'teamchat-mock'), ['--port', '0'], { cwd: project, encoding: 'utf8' });
    expect([bin.status, bin.stderr]).toEqual([
      2,
      'teamchat-mock: the mock runs on msw 3, an optional peer dependency of teamchat-sdk: npm install -D msw\n',
    ]);
  }, INSTALL_TIMEOUT_MS);
});
