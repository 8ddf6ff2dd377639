import type { MarkdownIt, StateBlock, StateCore } from 'markdown-it';
import { renderCodeBlock } from '../code-block';
import { renderTex } from '../tex';
import { defaultInside, type FenceBody, type FenceLines, walkFenceBodies } from '../fence-bodies';
import { type Fence, parseFence, startsRawLine } from '../fence-line';
import { readingQuotedText } from './quotes';

/** What fenced blocks need from the render environment. */
export interface FencedBlocksEnv {
  /**
   * The realm's `default_code_block_language`: the language of a fence that names none ('' for
   * none). It may name a special block: with `quote`, a bare fence quotes.
   */
  defaultCodeLanguage?: string;
}

function lineText(state: StateBlock, line: number): string {
  return state.getLines(line, line + 1, state.blkIndent, false);
}

// The readers are classes rather than objects of closures: a message with a fence makes one per
// rule, and closures cost a property definition each where names are kept (tsx, esbuild's keepNames).

/** The message's raw lines, before the block parser: no line is blank to the fence walk. */
class SourceLines implements FenceLines {
  readonly end: number;
  constructor(private readonly lines: readonly string[]) {
    this.end = lines.length;
  }
  text(line: number): string {
    return this.lines[line]!;
  }
  isBlank(): boolean {
    return false;
  }
}

/** The block parser's lines up to `end`. */
class BlockLines implements FenceLines {
  constructor(
    private readonly state: StateBlock,
    readonly end: number,
  ) {}
  text(line: number): string {
    return lineText(this.state, line);
  }
  isBlank(line: number): boolean {
    return this.state.isEmpty(line);
  }
}

// `if self.lines:` in the server's handler: a block without a single line, blank or not (nested
// empty blocks add none), writes nothing, not even the blank lines that set a block apart, so the
// text around it runs on (`a\n```\n```\nb` is one paragraph). Before the block parser reads the
// message, such blocks are taken out of it, as the server's fence preprocessor leaves them out.
function removeEmptyBlocksRule(state: StateCore): void {
  const source = state.src;
  if (!source.includes('```') && !source.includes('~~~')) return;
  const defaultLanguage = (state.env as FencedBlocksEnv).defaultCodeLanguage ?? '';
  const lines = source.split('\n');
  const reader = new SourceLines(lines);
  const bodies = new Map<number, FenceBody>();
  for (let line = 0; line < lines.length; line += 1) {
    const first = lines[line]!.charCodeAt(0);
    const fence = first === 0x60 /* ` */ || first === 0x7e /* ~ */ ? parseFence(lines[line]!, defaultLanguage) : undefined;
    if (fence) line = walkFenceBodies(reader, fence, line + 1, defaultLanguage, bodies).close;
  }
  let removed: Uint8Array | undefined;
  for (const [open, body] of bodies) {
    if (!body.empty) continue;
    removed ??= new Uint8Array(lines.length);
    removed.fill(1, open, body.close + 1);
  }
  if (removed) state.src = lines.filter((_, line) => removed[line] === 0).join('\n');
}

// The bodies the last walk recorded for a parse, and what they were read with.
interface Walk {
  readonly blkIndent: number;
  readonly end: number;
  readonly bodies: Map<number, FenceBody>;
}

const walks = new WeakMap<StateBlock, Walk>();

// A fenced block's body (no empty block is left in it: see above). The first block read walks every
// block nested in it at once; the nested blocks' rules then read their bodies from that walk.
function scanBody(state: StateBlock, fence: Fence, from: number, endLine: number, defaultLanguage: string): FenceBody {
  const walk = walks.get(state);
  const known = walk?.blkIndent === state.blkIndent ? walk.bodies.get(from - 1) : undefined;
  const fits = known !== undefined && (walk!.end === endLine || (known.close < endLine && known.close < walk!.end));
  if (known && fits && known.fence.fence === fence.fence && known.fence.kind === fence.kind) return known;
  const bodies = new Map<number, FenceBody>();
  const reader = new BlockLines(state, endLine);
  const body = walkFenceBodies(reader, fence, from, defaultLanguage, bodies);
  walks.set(state, { blkIndent: state.blkIndent, end: endLine, bodies });
  return body;
}

function pushHtml(state: StateBlock, html: string, line: number): void {
  const token = state.push('zulip_html', '', 0);
  token.content = html;
  token.map = [line, line + 1];
}

function pushParagraph(state: StateBlock, text: string, line: number): void {
  state.push('paragraph_open', 'p', 1).map = [line, line + 1];
  const inline = state.push('inline', '', 0);
  inline.content = text;
  inline.map = [line, line + 1];
  inline.children = [];
  state.push('paragraph_close', 'p', -1);
}

function tokenizeInside(state: StateBlock, fence: Fence, start: number, end: number): void {
  const env = state.env as FencedBlocksEnv;
  const oldDefault = env.defaultCodeLanguage;
  const oldParent = state.parentType;
  const oldLineMax = state.lineMax;
  env.defaultCodeLanguage = defaultInside(fence, oldDefault ?? '');
  // A quote's text is a quote's (lists.ts reads a last blank line there as the server's quote
  // does); a spoiler's is read as the message's own.
  state.parentType = fence.kind === 'quote' ? 'blockquote' : 'root';
  state.lineMax = end;
  state.md.block.tokenize(state, start, end);
  state.lineMax = oldLineMax;
  state.parentType = oldParent;
  env.defaultCodeLanguage = oldDefault;
}

const CLOSING_AROUND_TEXT = new Set(['paragraph_close', 'list_item_close', 'bullet_list_close', 'ordered_list_close', 'blockquote_close']);

// The server quotes each line of a quote fence as `> `, then reads the text unquoted, split at blank
// lines: text ending in exactly one blank line leaves its last block a trailing newline. A paragraph
// (or a list item's, or a `>` quote's) keeps it as a line break, `a<br>\n</p>`; a heading drops it;
// a quote fence nested last reads it as one more blank line of its own (the opening line of that
// fence is `newlineTo`). A nested code block or spoiler there is left as it is (the server leaves its
// HTML in a `<p>` with a `<br>`, a bug not copied).
let newlineTo = -1;
// How many spoilers the block parser is inside (rendering is synchronous).
let spoilerDepth = 0;

function keepFinalNewline(state: StateBlock): void {
  let index = state.tokens.length - 1;
  while (index > 0 && CLOSING_AROUND_TEXT.has(state.tokens[index]!.type)) index -= 1;
  const text = state.tokens[index];
  // A list's rule (lists.ts) may have kept it already, reading the quote's last blank line itself.
  if (text?.type === 'inline' && state.tokens[index + 1]?.type === 'paragraph_close' && !text.content.endsWith('\n')) text.content += '\n';
}

function pushQuote(state: StateBlock, fence: Fence, body: FenceBody, startLine: number): void {
  const trailingBlankLines = body.trailingBlankLines + (newlineTo === startLine ? 1 : 0);
  if (!body.content) {
    // Its lines, each quoted as `> `, are all empty quote lines: the server's quote pattern skips
    // such a block, which stays a paragraph of `> ` lines.
    const text = Array.from({ length: body.blankLines }, () => '> ').join('\n');
    pushParagraph(state, newlineTo === startLine ? `${text}\n` : text, startLine);
    return;
  }
  state.push('blockquote_open', 'blockquote', 1).map = [startLine, body.close];
  const outer = newlineTo;
  newlineTo = trailingBlankLines === 1 ? body.lastNested : -1;
  try {
    tokenizeInside(state, fence, startLine + 1, body.close);
  } finally {
    newlineTo = outer;
  }
  if (trailingBlankLines === 1 && body.lastNested === -1) keepFinalNewline(state);
  state.push('blockquote_close', 'blockquote', -1);
}

// Writes a block, its body ending at `body.close`.
function pushBlock(state: StateBlock, fence: Fence, body: FenceBody, startLine: number): void {
  const bodyEnd = body.close;
  if (fence.kind === 'code' || fence.kind === 'math') {
    const lines: string[] = [];
    for (let line = startLine + 1; line < bodyEnd; line += 1) lines.push(lineText(state, line));
    const html =
      fence.kind === 'code' ? renderCodeBlock(lines, fence.lang) : `<p>${renderTex(lines.join('\n'), true)}</p>\n`;
    pushHtml(state, html, startLine);
  } else if (fence.kind === 'quote') {
    pushQuote(state, fence, body, startLine);
  } else {
    pushHtml(state, '<div class="spoiler-block"><div class="spoiler-header">\n', startLine);
    // The server writes the header as a block of its own (`# x` is a heading, `- x` a list).
    if (fence.header) state.md.block.parse(fence.header, state.md, state.env, state.tokens);
    pushHtml(state, '</div><div class="spoiler-content" aria-hidden="true">\n', startLine);
    const outer = newlineTo;
    newlineTo = -1;
    spoilerDepth += 1;
    try {
      // A spoiler opens no token that nests: its depth counts as markdown-it's nesting levels do,
      // and as there, what is nested deeper than `maxNesting` is left out.
      if (state.level + spoilerDepth < state.md.options.maxNesting) tokenizeInside(state, fence, startLine + 1, bodyEnd);
    } finally {
      spoilerDepth -= 1;
      newlineTo = outer;
    }
    pushHtml(state, '</div></div>\n', startLine);
  }
}

function fencedBlockRule(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  // A fence after `>` is none: markdown-it reads a quote's lines from after their markers, or
  // (quotes.ts) its text again with them taken off.
  if (!startsRawLine(state, startLine) || readingQuotedText()) return false;
  const defaultLanguage = (state.env as FencedBlocksEnv).defaultCodeLanguage ?? '';
  const fence = parseFence(lineText(state, startLine), defaultLanguage);
  if (!fence) return false;
  if (silent) return true;
  const body = scanBody(state, fence, startLine + 1, endLine, defaultLanguage);
  pushBlock(state, fence, body, startLine);
  state.line = Math.min(body.close + 1, endLine);
  return true;
}

/**
 * markdown-it plugin for the server's fenced blocks: code (``` or ~~~, any length, exact closing
 * fence), `quote`/`quoted`, `spoiler Header` and `math`, nested as the server nests them.
 */
export function fencedBlocksPlugin(md: MarkdownIt): void {
  md.core.ruler.before('block', 'zulip_empty_fenced_blocks', removeEmptyBlocksRule);
  md.block.ruler.at('fence', fencedBlockRule, { alt: ['paragraph', 'reference', 'blockquote', 'list'] });
  md.renderer.rules.zulip_html = (tokens, index) => tokens[index]?.content ?? '';
}
