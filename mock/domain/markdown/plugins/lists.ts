import type { MarkdownIt, StateBlock, StateCore } from 'markdown-it';
import { type BlockElement, BULLETED, type ListKind, ListBlockParser, ORDERED, rootElement, splitsBlock } from '../list-parser';
import { isTable } from '../table-rows';
import { opensFence, parseFence } from '../fence-line';
import { afterLeadingSpaces } from '../leading-spaces';

// `MarkdownListPreprocessor.LI_RE`: a raw line like an item (one digit only, spaces only after it),
// read where a line starts (sticky), and anywhere in the message to skip one without items.
const LI_AT = / *([*+-]|\p{Nd}\.) +/uy;
const ANY_LI = /^ *(?:[*+-]|\p{Nd}\.) +/mu;

/** Whether the raw line starting at `start` is like an item: a bullet or a number; undefined if not. */
function itemKindAt(source: string, start: number): 'bullet' | 'number' | undefined {
  LI_AT.lastIndex = start;
  const marker = LI_AT.exec(source)?.[1];
  if (marker === undefined) return undefined;
  return marker.length === 1 ? 'bullet' : 'number';
}

/**
 * The server's `MarkdownListPreprocessor`, on the raw message (before tabs are expanded): a blank
 * line before a line like an item that follows a non-empty line not like one, or like one of the
 * other kind (bullet or number), outside fenced code (as that preprocessor tracks fences: any fence
 * line without a language closes the last one opened with the same fence, any other opens one).
 */
function insertListBreaks(source: string): string {
  if (!ANY_LI.test(source)) return source;
  const fences: { fence: string; code: boolean }[] = [];
  let openCode = 0;
  // Where a line gets a blank line before it.
  const breaks: number[] = [];
  let item = itemKindAt(source, 0);
  for (let start = 0, end = source.indexOf('\n'); end !== -1; start = end + 1, end = source.indexOf('\n', start)) {
    const first = source.charCodeAt(start);
    const fence = first === 0x60 /* ` */ || first === 0x7e /* ~ */ ? parseFence(source.slice(start, end)) : undefined;
    if (fence) {
      const last = fences[fences.length - 1];
      if (!fence.lang && last?.fence === fence.fence) {
        fences.pop();
        if (last.code) openCode -= 1;
      } else {
        const code = fence.lang !== 'quote' && fence.lang !== 'quoted';
        fences.push({ fence: fence.fence, code });
        if (code) openCode += 1;
      }
    }
    const next = itemKindAt(source, end + 1);
    if (openCode === 0 && end > start && next && item !== next) breaks.push(end + 1);
    item = next;
  }
  if (breaks.length === 0) return source;
  let broken = '';
  let copied = 0;
  for (const at of breaks) {
    broken += `${source.slice(copied, at)}\n`;
    copied = at;
  }
  return broken + source.slice(copied);
}

/** A line as the block state sees it (inside a quote, without its `>`); '' when blank. */
function lineText(state: StateBlock, line: number): string {
  return state.isEmpty(line) ? '' : state.getLines(line, line + 1, state.blkIndent, false);
}

/**
 * The line after the block starting at `from`: at a blank line or a fence (the server puts blank
 * lines around each; empty fenced blocks are gone already, see fenced-blocks.ts).
 */
function blockEnd(state: StateBlock, from: number, endLine: number): number {
  let line = from + 1;
  while (line < endLine && !state.isEmpty(line) && !opensFence(state, line)) line += 1;
  return line;
}

/** The first two lines of a block, as the server's table processor reads them first. */
function blockText(state: StateBlock, from: number, end: number): string {
  return end > from + 1 ? `${lineText(state, from)}\n${lineText(state, from + 1)}` : lineText(state, from);
}

/** Where a heading or a rule on a later line splits the block (the server's processors for those come first). */
function splitLine(state: StateBlock, from: number, end: number): number {
  for (let line = from + 1; line < end; line += 1) if (splitsBlock(lineText(state, line), line + 1 < end)) return line;
  return end;
}

/**
 * The lines the server's list takes: its first block up to a blank line, a fence, or a heading or
 * rule; then each block after blank lines that is indented by 2 spaces or more (`ListIndentProcessor`)
 * or starts with an item of the same kind (a loose item of the same list).
 */
function listEnd(state: StateBlock, kind: ListKind, startLine: number, endLine: number): number {
  let blockStop = blockEnd(state, startLine, endLine);
  let end = splitLine(state, startLine, blockStop);
  while (end === blockStop) {
    let next = end;
    while (next < endLine && state.isEmpty(next)) next += 1;
    if (next === end || next >= endLine || opensFence(state, next)) break;
    const text = lineText(state, next);
    blockStop = blockEnd(state, next, endLine);
    if (text.startsWith('  ')) {
      end = blockStop;
    } else {
      if (!kind.item.test(text) || (kind === BULLETED && ORDERED.item.test(text)) || splitsBlock(text, false)) break;
      if (isTable(blockText(state, next, blockStop))) break;
      end = splitLine(state, next, blockStop);
    }
  }
  return end;
}

function pushText(state: StateBlock, text: string, map: [number, number]): void {
  const inline = state.push('inline', '', 0);
  inline.content = text;
  inline.map = map;
  inline.children = [];
}

function pushElement(state: StateBlock, node: BlockElement, map: [number, number]): void {
  switch (node.tag) {
    case 'ul':
    case 'ol': {
      const type = node.tag === 'ul' ? 'bullet_list' : 'ordered_list';
      const open = state.push(`${type}_open`, node.tag, 1);
      open.map = map;
      if (node.start !== undefined) open.attrSet('start', node.start);
      for (const child of node.children) pushElement(state, child, map);
      state.push(`${type}_close`, node.tag, -1);
      break;
    }
    case 'li':
    case 'blockquote': {
      const type = node.tag === 'li' ? 'list_item' : 'blockquote';
      state.push(`${type}_open`, node.tag, 1).map = map;
      if (node.text) {
        // A tight item's words: markdown-it's hidden paragraph, as in its own tight lists.
        const open = state.push('paragraph_open', 'p', 1);
        open.hidden = true;
        open.map = map;
        pushText(state, node.text, map);
        state.push('paragraph_close', 'p', -1).hidden = true;
      }
      for (const child of node.children) pushElement(state, child, map);
      state.push(`${type}_close`, node.tag, -1);
      break;
    }
    case 'p':
      state.push('paragraph_open', 'p', 1).map = map;
      pushText(state, node.text, map);
      state.push('paragraph_close', 'p', -1);
      break;
    case 'pre': {
      const code = state.push('code_block', 'code', 0);
      code.content = node.text;
      code.map = map;
      break;
    }
    case 'hr':
      state.push('hr', 'hr', 0).map = map;
      break;
    case 'root':
      for (const child of node.children) pushElement(state, child, map);
      break;
    case 'table':
      // Tables are read by the table rule, on the block's lines as the server's parser left them.
      state.md.block.parse(node.text, state.md, state.env, state.tokens);
      break;
    default:
      state.push('heading_open', node.tag, 1).map = map;
      pushText(state, node.text, map);
      state.push('heading_close', node.tag, -1);
  }
  // Words after an element in a tight item (after a heading): the server's `tail`.
  if (node.tail) pushText(state, node.tail, map);
}

/**
 * A list as the server reads it: its lines found as its block parser would give them to its list
 * processors, then parsed by a port of those processors (`ListBlockParser`). Never a paragraph's
 * end: the server's preprocessor has put a blank line wherever a list may start.
 */
function serverListRule(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  if (silent || state.isEmpty(startLine) || afterLeadingSpaces(state, startLine)) return false;
  const first = lineText(state, startLine);
  const kind = ORDERED.item.test(first) ? ORDERED : BULLETED.item.test(first) ? BULLETED : undefined;
  if (!kind) return false;
  // The server's table processor comes before its list processors.
  if (isTable(blockText(state, startLine, blockEnd(state, startLine, endLine)))) return false;
  const end = listEnd(state, kind, startLine, endLine);
  const lines: string[] = [];
  for (let line = startLine; line < end; line += 1) lines.push(lineText(state, line));
  // A quote's last line left empty (`> * a` over `>`) ends the server's block with a newline.
  if (end === endLine - 1 && state.isEmpty(end) && state.parentType === 'blockquote') lines.push('');
  const root = rootElement();
  new ListBlockParser().parseChunk(root, lines.join('\n'));
  pushElement(state, root, [startLine, end]);
  state.line = end;
  return true;
}

function listBreaksRule(state: StateCore): void {
  state.src = insertListBreaks(state.src);
}

// Block openings the server writes right after a tight item's words, on the same line.
const AFTER_ITEM_TEXT = ['paragraph_open', 'heading_open', 'blockquote_open', 'bullet_list_open', 'ordered_list_open', 'hr', 'table_open'];

/**
 * markdown-it plugin for the server's lists (Python-Markdown's list processors as Zulip sets them:
 * 2-space indentation, sane lists, its hanging-list preprocessor), tight or loose item by item.
 */
export function listsPlugin(md: MarkdownIt): void {
  // Before markdown-it's normalize: the server's preprocessor reads lines split at \n alone, so a
  // fence line ending in \r is no fence to it.
  md.core.ruler.before('normalize', 'zulip_list_breaks', listBreaksRule);
  md.block.ruler.at('list', serverListRule, { alt: ['paragraph', 'reference', 'blockquote'] });
  for (const type of AFTER_ITEM_TEXT) {
    const rule = md.renderer.rules[type];
    md.renderer.rules[type] = (tokens, index, options, env, self) => {
      const html = rule ? rule(tokens, index, options, env, self) : self.renderToken(tokens, index, options);
      // Not `tokens[-1]`: a negative index is looked up as a property name, slowly.
      const previous = index > 0 ? tokens[index - 1] : undefined;
      return previous?.type === 'paragraph_close' && previous.hidden ? html.replace(/^\n/, '') : html;
    };
  }
}
