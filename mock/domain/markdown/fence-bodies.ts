import { type Fence, parseFence } from './fence-line';

/** A fenced block's body as the server's handler collects it. */
export interface FenceBody {
  /** The opening fence, as read where the block starts. */
  readonly fence: Fence;
  /** The closing fence's line, or the end of the lines read when the block is left open. */
  readonly close: number;
  /** Lines of its own that are blank (the two blank lines Python-Markdown appends to a message included when open). */
  readonly blankLines: number;
  /** Whether it holds a line that is not blank, or a nested block. */
  readonly content: boolean;
  /** The blank lines it ends in (a nested block's lines end in one blank line of their own). */
  readonly trailingBlankLines: number;
  /** The opening line of the nested block it ends with (before its trailing blank lines), or -1. */
  readonly lastNested: number;
  /** Whether it closes holding no line at all, blank or not (nested empty blocks add none). */
  readonly empty: boolean;
}

/** How the walk reads lines: the text of a line and whether it is blank. */
export interface FenceLines {
  readonly end: number;
  text(line: number): string;
  isBlank(line: number): boolean;
}

/**
 * The default code language (the realm's `default_code_block_language`) that fences nested in
 * `fence` take: the server's spoilers read their fences without it, so a fence in a spoiler
 * without a language is a plain code block.
 */
export function defaultInside(fence: Fence, defaultLanguage: string): string {
  return fence.kind === 'spoiler' ? '' : defaultLanguage;
}

interface Frame {
  fence: Fence;
  open: number;
  inside: string;
  blankLines: number;
  content: boolean;
  trailingBlankLines: number;
  lastNested: number;
  empty: boolean;
}

function frame(fence: Fence, open: number, defaultLanguage: string): Frame {
  const inside = defaultInside(fence, defaultLanguage);
  return { fence, open, inside, blankLines: 0, content: false, trailingBlankLines: 0, lastNested: -1, empty: true };
}

/**
 * The server's handler collects a block's lines up to its closing fence (the end of the lines when
 * it never closes: then the two blank lines Python-Markdown appends to every message are its last
 * lines). Quotes and spoilers hold other fenced blocks, which close first; code and math hold plain
 * lines. One pass with a stack, however deep the blocks nest: the body of the block `fence` opened
 * on the line before `from`, and of each block nested in it, is recorded in `bodies` by its opening
 * line. Returns the outer block's body.
 */
export function walkFenceBodies(lines: FenceLines, fence: Fence, from: number, defaultLanguage: string, bodies: Map<number, FenceBody>): FenceBody {
  const stack: Frame[] = [frame(fence, from - 1, defaultLanguage)];
  for (let line = from; line < lines.end; line += 1) {
    const top = stack[stack.length - 1]!;
    const text = lines.text(line);
    if (text.trimEnd() === top.fence.fence) {
      const { open, inside: _inside, ...rest } = top;
      const body: FenceBody = { ...rest, close: line };
      bodies.set(open, body);
      stack.pop();
      const parent = stack[stack.length - 1];
      if (parent === undefined) return body;
      if (!body.empty) parent.empty = false;
      continue;
    }
    const nested = top.fence.kind === 'quote' || top.fence.kind === 'spoiler' ? parseFence(text, top.inside) : undefined;
    if (nested) {
      top.content = true;
      top.trailingBlankLines = 1;
      top.lastNested = line;
      stack.push(frame(nested, line, top.inside));
    } else if (lines.isBlank(line)) {
      top.blankLines += 1;
      top.trailingBlankLines += 1;
      top.empty = false;
    } else {
      top.content = true;
      top.trailingBlankLines = 0;
      top.lastNested = -1;
      top.empty = false;
    }
  }
  // Left open, the innermost block took the message's last lines, and with them each block around it.
  let body: FenceBody | undefined;
  for (let index = stack.length - 1; index >= 0; index -= 1) {
    const { open, inside: _inside, ...rest } = stack[index]!;
    body =
      body === undefined
        ? { ...rest, close: lines.end, blankLines: rest.blankLines + 2, trailingBlankLines: rest.trailingBlankLines + 2, empty: false }
        : { ...rest, close: lines.end, empty: false };
    bodies.set(open, body);
  }
  return body!;
}
