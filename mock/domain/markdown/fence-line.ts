import type { StateBlock } from 'markdown-it';

// The server's fence line: ``` or ~~~ (3 or more), an optional language like `py`, `.py` or
// `{py}`, and for spoilers a header. A fence closes only on a line equal to the opening fence.
// The server's language class `[a-zA-Z0-9_+-./#]` holds the range `+-.`, so a comma too.
const FENCE = /^(?<fence>~{3,}|`{3,})[ ]*(?:\{?\.?(?<lang>[a-zA-Z0-9_+,\-./#]+)[ ]*(?<header>[^ ~`][^~`]*)?\}?)?$/;

/** What a fenced block holds. */
type FenceKind = 'quote' | 'spoiler' | 'math' | 'code';

/** An opening fence: its exact text, what it holds, its language and header. */
export interface Fence {
  readonly fence: string;
  readonly kind: FenceKind;
  readonly lang: string;
  readonly header: string;
}

/**
 * Reads a fence line as the server does; undefined when the line opens no fenced block. A fence
 * without a language takes `defaultLanguage`.
 */
export function parseFence(line: string, defaultLanguage = ''): Fence | undefined {
  const groups = FENCE.exec(line)?.groups;
  if (!groups?.fence) return undefined;
  const lang = groups.lang || defaultLanguage;
  const lower = lang.toLowerCase();
  const kind: FenceKind =
    lower === 'quote' || lower === 'quoted' ? 'quote' : lower === 'spoiler' ? 'spoiler' : lower === 'math' ? 'math' : 'code';
  return { fence: groups.fence, kind, lang, header: groups.header ?? '' };
}

/**
 * Whether a line of the block parser starts a raw line of the message: the server finds fences on
 * raw lines before any block is read, so a fence starts its line (none indented, in a list item or
 * not, and none after a `>`, which markdown-it reads past).
 */
export function startsRawLine(state: StateBlock, line: number): boolean {
  const start = state.bMarks[line]! + state.tShift[line]!;
  return start === 0 || state.src.charCodeAt(start - 1) === 0x0a; /* \n */
}

/** Whether the block parser's line opens a fenced block, as the server's preprocessor reads lines. */
export function opensFence(state: StateBlock, line: number): boolean {
  const start = state.bMarks[line]! + state.tShift[line]!;
  const first = state.src.charCodeAt(start);
  if (first !== 0x60 /* ` */ && first !== 0x7e /* ~ */) return false;
  return startsRawLine(state, line) && FENCE.test(state.src.slice(start, state.eMarks[line]));
}
