import { posix } from 'node:path';
import type { JsdocExample } from './jsdoc-examples';

/**
 * The public entries whose exported values every example may use without importing them, in the
 * order that decides a name two entries export (`ChatClient` is the browser entry's).
 */
const PREAMBLE_ENTRIES = ['teamchat-sdk', 'teamchat-sdk/mock', 'teamchat-sdk/node', 'teamchat-sdk/mock/node'] as const;

/** The source of each public entry, relative to test/: what a module run by vitest imports for it. */
export const ENTRY_SOURCES: Readonly<Record<string, string>> = {
  'teamchat-sdk': '../src/index',
  'teamchat-sdk/mock': '../mock/index',
  'teamchat-sdk/node': '../src/node',
  'teamchat-sdk/mock/node': '../mock/runtimes/node',
  'teamchat-sdk/mock/browser': '../mock/runtimes/browser',
};

/** Each value the {@link PREAMBLE_ENTRIES} export, with the entry that exports it first. */
export async function publicEntryNames(): Promise<Map<string, string>> {
  const publicNames = new Map<string, string>();
  for (const entry of PREAMBLE_ENTRIES) {
    const exported = (await import(/* @vite-ignore */ `../${ENTRY_SOURCES[entry]}`)) as Record<string, unknown>;
    for (const name of Object.keys(exported)) if (!publicNames.has(name)) publicNames.set(name, entry);
  }
  return publicNames;
}

/** An example written as a module: its text and the line of the module where the example's first line is. */
export interface ExampleModule {
  readonly text: string;
  readonly firstLine: number;
}

/** Where the modules written from examples find the package: its entries, a source file, the scope's type. */
export interface ExamplePaths {
  entry(name: string): string;
  source(file: string): string;
  /** The module that declares the scope's type. */
  readonly scope: string;
  /** The scope's type and the names it gives (default: `JsdocExampleScope` and {@link SCOPE_NAMES}). */
  readonly scopeType?: string;
  readonly scopeNames?: readonly string[];
  /** For running: each `x instanceof SomeError` also tells `jsdocExample.took('SomeError')` when true. */
  readonly reportErrorChecks?: boolean;
}

const ERROR_CHECK = /\binstanceof\s+(\w+Error)\b/g;

/** The error classes an example tests with `instanceof`: the ones it shows a call raising. */
export function checkedErrorClasses(example: JsdocExample): string[] {
  return [...new Set([...example.code.matchAll(ERROR_CHECK)].map((match) => match[1] as string))];
}

/** The names of {@link JsdocExampleScope}, which every example may use without declaring them. */
export const SCOPE_NAMES: readonly string[] = [
  'client', 'owner', 'member', 'bot', 'mock', 'state', 'store', 'clock', 'site', 'username', 'password', 'apiKey', 'signal', 'queue_id', 'last_event_id', 'bouncerPublicKey',
  'id', 'messageId', 'channelId', 'targetChannelId', 'userId', 'myUserId', 'hamletId', 'othelloId', 'iagoId',
  'botId', 'groupId', 'otherGroupId', 'membersGroupId', 'inviteId', 'linkId', 'defaultGroupId', 'moderationChannelId', 'largeChannelId',
  'draftId', 'linkifierId', 'snippetId', 'scheduledMessageId', 'reminderId', 'playgroundId', 'folderId', 'fieldId',
  'pngBytes', 'gifBytes', 'file', 'deactivateOrganization',
];

const IMPORT = /^import\s+(?:type\s+)?(.*?)\s+from\s+['"][^'"]+['"];?\s*$/;

/**
 * The example as a module: the public names it does not import itself, its own imports (a
 * relative one from the documented file's folder, as that file would write it), the
 * names the examples assume (`client`, `mock`) from `globalThis.jsdocExample`, then its code in a
 * block (so it may declare its own `client`), or as it is when it exports something.
 */
export function exampleModule(example: JsdocExample, publicNames: ReadonlyMap<string, string>, paths: ExamplePaths): ExampleModule {
  const lines = example.code.split('\n');
  const imports = lines.filter((line) => IMPORT.test(line));
  const own = new Set(imports.flatMap(importedNames));
  // The documented file's own names come first: src/node.ts's `ChatClient` is not the browser entry's.
  const scopeType = paths.scopeType ?? 'JsdocExampleScope';
  const scopeNames = paths.scopeNames ?? SCOPE_NAMES;
  const fromFile = example.fileExports.filter((name) => !own.has(name) && !scopeNames.includes(name));
  const byEntry = new Map<string, string[]>();
  for (const [name, entry] of publicNames) {
    if (!own.has(name) && !fromFile.includes(name)) byEntry.set(entry, [...(byEntry.get(entry) ?? []), name]);
  }
  const header = [
    ...[...byEntry].map(([entry, names]) => `import { ${names.join(', ')} } from '${paths.entry(entry)}';`),
    ...(fromFile.length > 0 ? [`import { ${fromFile.join(', ')} } from '${paths.source(example.file)}';`] : []),
    ...imports.map((line) => line.replace(/(['"])((?:teamchat-sdk|\.)[^'"]*)\1/, (_, quote: string, from: string) => `${quote}${specifier(example, from, paths)}${quote}`)),
    `import type { ${scopeType} } from '${paths.scope}';`,
    `const jsdocExample = (globalThis as unknown as { jsdocExample: ${scopeType} }).jsdocExample;`,
    `const { ${scopeNames.filter((name) => !own.has(name)).join(', ')} } = jsdocExample;`,
  ];
  const body = lines.map((line) => {
    if (IMPORT.test(line)) return '';
    return paths.reportErrorChecks ? line.replace(ERROR_CHECK, (check, name: string) => `${check} && jsdocExample.took('${name}')`) : line;
  });
  const exports = body.some((line) => line.startsWith('export '));
  const text = [...header, exports ? '' : '{', ...body, exports ? '' : '}', 'export {};', ''].join('\n');
  return { text, firstLine: header.length + 2 };
}

/** An entry's path, or a path relative to the documented file (as that file would import it). */
function specifier(example: JsdocExample, from: string, paths: ExamplePaths): string {
  return from.startsWith('.') ? paths.source(posix.join(posix.dirname(example.file), from)) : paths.entry(from);
}

function importedNames(line: string): string[] {
  const clause = IMPORT.exec(line)?.[1] ?? '';
  const named = /\{([^}]*)\}/.exec(clause)?.[1];
  const names = (named ?? '').split(',').map((part) => part.trim().replace(/^type\s+/, '').split(/\s+as\s+/).at(-1) ?? '');
  const outside = clause.replace(/\{[^}]*\}/, '').split(',').map((part) => part.trim().replace(/^\*\s+as\s+/, ''));
  return [...names, ...outside].filter((name) => name !== '');
}
