import { pythonSplit } from '../../../python-strip';
import { matchingBlocks, opcodesOf } from './sequence-matcher';
import { EMPTY_TAGS, type Token } from './tokens';

/**
 * lxml.html.diff's `htmldiff_tokens`: the new rendering's chunks with `<ins>` around inserted
 * words and `<del>` around deleted ones (placed where the old words were), keeping the new
 * markup and dropping old tags that cannot be balanced.
 */

// Markers of a pending deletion, resolved into `<del>` once the whole document is assembled.
const DEL_START = Symbol('DEL_START');
const DEL_END = Symbol('DEL_END');
type Piece = string | typeof DEL_START | typeof DEL_END;

// lxml's InsensitiveSequenceMatcher ignores equal runs this short (at most 2 tokens, or a quarter of the new version).
const MAX_IGNORED_RUN = 2;

function opcodes(before: readonly Token[], after: readonly Token[]) {
  const threshold = Math.min(MAX_IGNORED_RUN, after.length / 4);
  const blocks = matchingBlocks(
    before.map((token) => token.key),
    after.map((token) => token.key),
  ).filter((block) => block.size > threshold || block.size === 0);
  return opcodesOf(blocks);
}

function expand(tokens: readonly Token[], equal = false): string[] {
  const chunks: string[] = [];
  for (const token of tokens) {
    chunks.push(...token.preTags);
    if (!equal || !token.hideWhenEqual) chunks.push(token.html + token.trailingWhitespace);
    chunks.push(...token.postTags);
  }
  return chunks;
}

/** A tag chunk's name (Python's `chunk.split()[0].strip('<>/')`). */
function tagName(chunk: string, strip = /^[<>/]+|[<>/]+$/g): string {
  return (pythonSplit(chunk)[0] ?? '').replace(strip, '');
}
const START_TAG_STRIP = /^[<>]+|[<>]+$/g;

/** The chunks' unbalanced start tags, balanced part, and unbalanced end tags (lxml's `split_unbalanced`). */
function splitUnbalanced(chunks: readonly string[]): [string[], string[], string[]] {
  const start: string[] = [];
  const end: string[] = [];
  let stack: { name: string; position: number; tag: string }[] = [];
  const balanced: (string | undefined)[] = [];
  for (const chunk of chunks) {
    if (!chunk.startsWith('<')) {
      balanced.push(chunk);
      continue;
    }
    const name = tagName(chunk);
    if (EMPTY_TAGS.has(name)) {
      balanced.push(chunk);
      continue;
    }
    if (chunk[1] === '/') {
      const top = stack[stack.length - 1];
      if (top && top.name === name) {
        balanced.push(chunk);
        stack.pop();
        balanced[top.position] = top.tag;
      } else {
        if (top) {
          start.push(...stack.map(({ tag }) => tag));
          stack = [];
        }
        end.push(chunk);
      }
    } else {
      stack.push({ name, position: balanced.length, tag: chunk });
      balanced.push(undefined);
    }
  }
  start.push(...stack.map(({ tag }) => tag));
  return [start, balanced.filter((chunk) => chunk !== undefined), end];
}

function appendWrapped(doc: Piece[], tag: 'ins' | 'del', balanced: string[]): void {
  const last = doc[doc.length - 1];
  if (typeof last === 'string' && !last.endsWith(' ')) doc[doc.length - 1] = `${last} `;
  doc.push(`<${tag}>`);
  const lastBalanced = balanced[balanced.length - 1];
  if (lastBalanced?.endsWith(' ')) balanced[balanced.length - 1] = lastBalanced.slice(0, -1);
  doc.push(...balanced, `</${tag}> `);
}

function mergeInsert(chunks: readonly string[], doc: Piece[]): void {
  const [unbalancedStart, balanced, unbalancedEnd] = splitUnbalanced(chunks);
  doc.push(...unbalancedStart);
  appendWrapped(doc, 'ins', balanced);
  doc.push(...unbalancedEnd);
}

/** Moves the deletion past start tags of the new version that match its unbalanced start tags. */
function locateUnbalancedStart(unbalancedStart: string[], before: Piece[], after: Piece[]): void {
  while (unbalancedStart.length > 0) {
    const finding = tagName(unbalancedStart[0] as string, START_TAG_STRIP);
    const next = after[0];
    if (typeof next !== 'string' || !next.startsWith('<') || next[1] === '/') break;
    const name = tagName(next, START_TAG_STRIP);
    if (name === 'ins') break;
    if (name === 'del') throw new Error(`lxml.html.diff: unexpected delete tag ${next}`);
    if (name !== finding) break;
    unbalancedStart.shift();
    before.push(after.shift() as string);
  }
}

/** Moves the deletion before end tags of the new version that match its unbalanced end tags. */
function locateUnbalancedEnd(unbalancedEnd: string[], before: Piece[], after: Piece[]): void {
  while (unbalancedEnd.length > 0) {
    const finding = tagName(unbalancedEnd[unbalancedEnd.length - 1] as string);
    const next = before[before.length - 1];
    if (typeof next !== 'string' || !next.startsWith('</')) break;
    const name = tagName(next);
    if (name === 'ins' || name === 'del' || name !== finding) break;
    unbalancedEnd.pop();
    after.unshift(before.pop() as string);
  }
}

/** Turns each DEL_START..DEL_END into `<del>` around its balanced part (lxml's `cleanup_delete`). */
function cleanupDelete(pieces: Piece[]): string[] {
  let chunks = pieces;
  for (;;) {
    const startAt = chunks.indexOf(DEL_START);
    if (startAt < 0) break;
    const endAt = chunks.indexOf(DEL_END);
    const before = chunks.slice(0, startAt);
    const after = chunks.slice(endAt + 1);
    const [unbalancedStart, balanced, unbalancedEnd] = splitUnbalanced(chunks.slice(startAt + 1, endAt) as string[]);
    locateUnbalancedStart(unbalancedStart, before, after);
    locateUnbalancedEnd(unbalancedEnd, before, after);
    appendWrapped(before, 'del', balanced);
    chunks = [...before, ...after];
  }
  return chunks as string[];
}

/**
 * The diff of two token lists as HTML chunks.
 *
 * @example
 * import { tokenize } from './tokens';
 * diffTokens(tokenize('<p>a b</p>'), tokenize('<p>a c</p>')).join('');
 */
export function diffTokens(before: readonly Token[], after: readonly Token[]): string[] {
  const doc: Piece[] = [];
  for (const { tag, aStart, aEnd, bStart, bEnd } of opcodes(before, after)) {
    if (tag === 'equal') {
      doc.push(...expand(after.slice(bStart, bEnd), true));
      continue;
    }
    if (tag === 'insert' || tag === 'replace') mergeInsert(expand(after.slice(bStart, bEnd)), doc);
    if (tag === 'delete' || tag === 'replace') doc.push(DEL_START, ...expand(before.slice(aStart, aEnd)), DEL_END);
  }
  return cleanupDelete(doc);
}
