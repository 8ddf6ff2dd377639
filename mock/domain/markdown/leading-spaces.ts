import type { StateBlock } from 'markdown-it';

const CODE_INDENT = 4;
const SPACES = /^ +$/;

/**
 * Whether the message starts with a line of fewer than 4 spaces right above `startLine`. The
 * server's whitespace step empties only lines after a newline, so that line starts the first
 * block, and the processors that read a block from its start (code, lists, tables) find spaces
 * there and leave the block to the paragraph processor: `  ` over `    x` is `<p>x</p>`, ` ` over
 * `1.\ta` is `<p>1.  a</p>`. (A hanging-list blank line put before an item starts a block of its own.)
 *
 * @example
 * import type { StateBlock } from 'markdown-it';
 * // In a block rule, whose `state` is markdown-it's StateBlock:
 * const rule = (block: StateBlock, startLine: number) => afterLeadingSpaces(block, startLine); // true for ' \n1.\ta' at line 1, false for ' \n\n1.\ta'
 */
export function afterLeadingSpaces(state: StateBlock, startLine: number): boolean {
  if (startLine !== 1 || state.parentType !== 'root') return false;
  const first = state.src.slice(state.bMarks[0] ?? 0, state.eMarks[0] ?? 0);
  return first.length < CODE_INDENT && SPACES.test(first);
}
