import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One ```ts or ```js block of a guide, as a reader copies it (the indentation of a list item removed). */
export interface DocBlock {
  /** The guide, relative to the repository root: `README.md`, `docs/messages.md`. */
  readonly page: string;
  /** The 1-based line of the block's first code line in the guide. */
  readonly line: number;
  readonly code: string;
  /** Why the block is no program of its own, from a `<!-- fragment: reason -->` line right before its fence. */
  readonly fragment: string | undefined;
}

const FENCE = /^(\s*)```(ts|js)\s*$/;
const FRAGMENT = /^\s*<!--\s*fragment:\s*(.*?)\s*-->\s*$/;

/** Every ```ts and ```js block of README.md and docs/*.md, in page order. */
export function extractDocBlocks(root: string): DocBlock[] {
  const pages = ['README.md', ...readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md')).sort().map((name) => `docs/${name}`)];
  return pages.flatMap((page) => docBlocksOf(page, readFileSync(join(root, page), 'utf8')));
}

/** The ```ts and ```js blocks of one page's text. */
export function docBlocksOf(page: string, text: string): DocBlock[] {
  const lines = text.split('\n');
  const found: DocBlock[] = [];
  for (let index = 0; index < lines.length; index++) {
    const indent = FENCE.exec(lines[index] ?? '')?.[1];
    if (indent === undefined) continue;
    let end = index + 1;
    while (end < lines.length && (lines[end] ?? '').trim() !== '```') end++;
    if (end === lines.length) throw new Error(`${page}:${index + 1}: a code block is never closed`);
    const code = lines.slice(index + 1, end).map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line));
    const fragment = FRAGMENT.exec(lines[index - 1] ?? '')?.[1];
    found.push({ page, line: index + 2, code: code.join('\n'), fragment });
    index = end;
  }
  return found;
}

/**
 * The file a block is a verbatim excerpt of, when its first line names it (`// examples/echo-bot.ts`)
 * and the file holds the rest as written: that file's own checks cover the code (test/guides.test.ts).
 */
export function excerptSource(block: DocBlock, read: (path: string) => string | undefined): string | undefined {
  const [first = '', ...rest] = block.code.split('\n');
  const source = /^\/\/ (\S+)$/.exec(first)?.[1];
  return source !== undefined && read(source)?.includes(rest.join('\n').trimEnd()) ? source : undefined;
}
