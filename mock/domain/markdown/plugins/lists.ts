import type { MarkdownIt, StateBlock, StateCore } from 'markdown-it';
import { ListPreprocessorFences, listPreprocessorCodeLines } from '../fence-line';
import { parseFence } from './fenced-blocks';

const LIST_ITEM = /^( *)([*+-]|\d+\.)( +)(.*)$/;
// `1)` starts no list on the server (Python-Markdown's ordered lists take `1.` only).
const PAREN_ITEM = /^ *\d+\)/;
// Outside a list, an item is indented by at most one space: the server's list processors read
// items with a tab length of 2 (`^[ ]{0,1}[*+-][ ]+`).
const MAX_TOP_LEVEL_ITEM_INDENT = 1;
// The server's `MarkdownListPreprocessor.LI_RE`: the raw lines it ends a paragraph before.
const LI_RE = /^ *([*+-]|\d\.) +/;

// An indented code fence opening inside a list item.
const INDENTED_FENCE = /^\s+(?:`{3,}|~{3,})/;

/**
 * Rewrites list indentation from the server's rule (each 2 spaces nest one level, for bullets and
 * numbers alike) to the columns markdown-it expects (a nested item under its parent's content).
 * A bullet of another kind (`*`, `-`, `+`) continues the list at its level, as the server's
 * sibling pattern `[*+-]` takes any, so it is written with the list's own bullet.
 * Lines inside fenced code and math are left alone.
 */
export function reindentLists(source: string): string {
  const lines = source.split('\n');
  const original = [...lines];
  // The lines the server's preprocessor puts a blank line before (see `startsList`).
  const blankBefore = new Set<number>();
  const contentColumns: number[] = [];
  // The marker of the item each open level started with.
  const markers: string[] = [];
  // Where the current block's later lines go, and how much indentation the server takes off them:
  // 2 spaces for each list enclosing the block's first line, the rest stays as typed.
  let blockColumn = 0;
  let blockStrip = 0;
  let closingFence: string | undefined;
  let afterBlank = false;
  const serverFences = new ListPreprocessorFences();
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] ?? '';
    const afterServerCode = serverFences.inCode;
    serverFences.read(line);
    if (closingFence !== undefined) {
      if (line.trimEnd() === closingFence) closingFence = undefined;
      continue;
    }
    const fence = parseFence(line);
    if (fence) {
      if (fence.kind === 'code' || fence.kind === 'math') closingFence = fence.fence;
      contentColumns.length = 0;
      markers.length = 0;
      continue;
    }
    if (line.trim() === '') {
      afterBlank = true;
      continue;
    }
    if (index > 0 && !afterServerCode && startsList(original[index - 1] ?? '', line)) blankBefore.add(index);
    const indent = line.length - line.trimStart().length;
    const item = LIST_ITEM.exec(line);
    if (item && (contentColumns.length > 0 || indent <= MAX_TOP_LEVEL_ITEM_INDENT)) {
      const level = Math.min(Math.floor(indent / 2), contentColumns.length);
      const open = markers.length > level ? markers[level] : undefined;
      contentColumns.length = level;
      markers.length = Math.min(markers.length, level);
      const column = level === 0 ? 0 : (contentColumns[level - 1] ?? 0);
      const typed = item[2] ?? '';
      const marker = open !== undefined && isBullet(open) && isBullet(typed) ? open : typed;
      contentColumns.push(column + marker.length + 1);
      markers.push(marker);
      blockColumn = column + marker.length + 1;
      blockStrip = 2 * level;
      lines[index] = `${' '.repeat(column)}${marker} ${item[4] ?? ''}`;
    } else if (contentColumns.length > 0) {
      if (indent === 0) {
        if (afterBlank) {
          contentColumns.length = 0;
          markers.length = 0;
        }
      } else if (afterBlank) {
        const level = Math.min(Math.floor(indent / 2), contentColumns.length);
        blockColumn = contentColumns[level - 1] ?? 0;
        // A fence's later lines lose what its first line lost, or its closing line would sit
        // deeper than its opening one and never close it (swallowing the rest of the message).
        blockStrip = INDENTED_FENCE.test(line) ? indent : 2 * level;
        lines[index] = `${' '.repeat(blockColumn)}${line.trimStart()}`;
      } else {
        // A line going on with a block keeps what indentation the server leaves it
        // (`* a` over `  b` is `a<br>\n  b`).
        lines[index] = `${' '.repeat(blockColumn)}${line.slice(Math.min(indent, blockStrip))}`;
      }
    }
    afterBlank = false;
  }
  return lines.flatMap((line, index) => (blankBefore.has(index) ? ['', line] : [line])).join('\n');
}

/**
 * Whether the server's `MarkdownListPreprocessor` puts a blank line between two raw lines: before
 * a line like an item (`LI_RE`) after a non-empty line that is not one, or one of the other kind
 * (bullet or number). So an item right after text, or a numbered list right under a bullet, starts
 * a block of its own (and leaves the item above loose).
 */
function startsList(previous: string, line: string): boolean {
  const current = LI_RE.exec(line);
  if (!current || previous === '') return false;
  const before = LI_RE.exec(previous);
  return !before || (before[1]?.length === 1) !== (current[1]?.length === 1);
}

/** The raw source line (blockquote markers and all) that `line` of the block state is on. */
function rawLine(state: StateBlock, line: number): string {
  const start = state.bMarks[line] ?? 0;
  return state.src.slice(state.src.lastIndexOf('\n', start - 1) + 1, state.eMarks[line] ?? start);
}

/**
 * Whether the server ends a paragraph outside any list before `line`: its preprocessor puts a
 * blank line before a raw line like an item when the line before is not one of the same kind
 * (bullet or number). So `text` over `10. a` (two digits) or `> * a` goes on, `text` over `  * a` ends.
 */
function endsParagraph(state: StateBlock, line: number): boolean {
  const current = LI_RE.exec(rawLine(state, line));
  if (!current || inServerCode(state, line - 1)) return false;
  const previous = LI_RE.exec(rawLine(state, line - 1));
  return !previous || (previous[1]?.length === 1) !== (current[1]?.length === 1);
}

// For each source being parsed (the message, or a quote's text read again: one block state each),
// the lines the server's list preprocessor takes as code (fence-line.ts), where it puts no blank line.
const serverCodeLines = new WeakMap<StateBlock, Uint8Array>();

function inServerCode(state: StateBlock, line: number): boolean {
  let inCode = serverCodeLines.get(state);
  if (!inCode) {
    inCode = listPreprocessorCodeLines(state.src);
    serverCodeLines.set(state, inCode);
  }
  return inCode[line] === 1;
}

function isBullet(marker: string): boolean {
  return marker === '*' || marker === '-' || marker === '+';
}

function reindentRule(state: StateCore): void {
  state.src = reindentLists(state.src);
}

/**
 * markdown-it plugin for the server's lists: nesting by 2-space indents, and a nested list
 * written right after its parent item's text (`<li>One<ul>`), as the server writes it.
 */
export function listsPlugin(md: MarkdownIt): void {
  md.core.ruler.after('normalize', 'zulip_list_indent', reindentRule);
  const list = md.block.ruler.__rules__.find((rule) => rule.name === 'list');
  if (list) {
    const listRule = list.fn;
    const serverListRule: typeof listRule = (state, startLine, endLine, silent) => {
      const lineStart = (state.bMarks[startLine] ?? 0) + (state.tShift[startLine] ?? 0);
      if (PAREN_ITEM.test(state.src.slice(lineStart, state.eMarks[startLine] ?? lineStart))) return false;
      if (state.listIndent >= 0) return listRule(state, startLine, endLine, silent);
      // Asked whether a paragraph ends here: the server's preprocessor decides, list or not.
      if (silent && (state.parentType as string) === 'zulip_paragraph') return endsParagraph(state, startLine);
      if ((state.sCount[startLine] ?? 0) - state.blkIndent > MAX_TOP_LEVEL_ITEM_INDENT) return false;
      return listRule(state, startLine, endLine, silent);
    };
    md.block.ruler.at('list', serverListRule, { alt: list.alt });
  }
  for (const type of ['bullet_list_open', 'ordered_list_open']) {
    md.renderer.rules[type] = (tokens, index, options, _env, self) => {
      const html = self.renderToken(tokens, index, options);
      return tokens[index - 1]?.hidden ? html.replace(/^\n/, '') : html;
    };
  }
}
