import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const read = (path: string) => readFileSync(`${ROOT}${path}`, 'utf8');

/** The code blocks of a guide whose first line names the file they are copied from. */
function sourcedBlocks(guide: string): { source: string; code: string }[] {
  const blocks = [...read(guide).matchAll(/```(?:ts|js)\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');
  return blocks.map((block) => {
    const [first = '', ...rest] = block.split('\n');
    const source = /^\/\/ (\S+)$/.exec(first)?.[1];
    if (!source) throw new Error(`${guide}: a code block does not name its source file on its first line:\n${block}`);
    return { source, code: rest.join('\n') };
  });
}

describe.each(['docs/getting-started.md', 'docs/testing.md'])('%s', (guide) => {
  it('every code block is a verbatim excerpt of a file CI runs', () => {
    const blocks = sourcedBlocks(guide);
    expect(blocks.length).toBeGreaterThan(0);
    for (const { source, code } of blocks) expect(read(source), `${guide}: block from ${source}`).toContain(code.trimEnd());
  });
});
