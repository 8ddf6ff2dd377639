import type { MarkdownIt, StateInline } from 'markdown-it';
import { escapeText } from '../escape';

const BACKTICK = 0x60; /* ` */

function runEnd(src: string, pos: number, max: number): number {
  let end = pos;
  while (end < max && src.charCodeAt(end) === BACKTICK) end += 1;
  return end;
}

// Where the first run of exactly `length` backticks at or after `from` starts, -1 when none does.
// As markdown-it's own backticks rule: each run seen is noted by length (the last position seen: a
// later search may pass earlier runs again), so once the text has been read to its end a length
// with no later run fails at once (no rescans).
function closingRun(state: StateInline, from: number, length: number): number {
  if (state.backticksScanned && (state.backticks[length] ?? -1) < from) return -1;
  let pos = from;
  while (pos < state.posMax) {
    const start = state.src.indexOf('`', pos);
    if (start === -1 || start >= state.posMax) break;
    const end = runEnd(state.src, start, state.posMax);
    state.backticks[end - start] = Math.max(state.backticks[end - start] ?? -1, start);
    if (end - start === length) return start;
    pos = end;
  }
  state.backticksScanned = true;
  return -1;
}

// Whether the backtick before `pos` follows an odd run of backslashes: it is text, and the run's
// next backtick may open code (BACKTICK_RE's `(?<!\\)` stops only the one after the backslash).
function escapedBacktickBefore(src: string, pos: number): boolean {
  let start = pos - 1;
  while (start > 0 && src.charCodeAt(start - 1) === 0x5c /* \ */) start -= 1;
  return (pos - 1 - start) % 2 === 1;
}

// The server's BACKTICK_RE, `(`+)(.+?)(?<!`)\2(?!`)` over the whole paragraph (newlines included):
// a run of backticks opens code closed by the next run of the same length; failing that, a shorter
// opening (the rest of the run is then code), down to one backtick. The content is kept exactly,
// padding and newlines included.
function codeSpanRule(state: StateInline, silent: boolean): boolean {
  if (state.src.charCodeAt(state.pos) !== BACKTICK) return false;
  if (state.pos > 0 && state.src.charCodeAt(state.pos - 1) === BACKTICK && !escapedBacktickBefore(state.src, state.pos)) return false;
  const runStop = runEnd(state.src, state.pos, state.posMax);
  for (let length = runStop - state.pos; length > 0; length -= 1) {
    const close = closingRun(state, runStop, length);
    if (close === -1) continue;
    if (!silent) state.push('code_inline', 'code', 0).content = state.src.slice(state.pos + length, close);
    state.pos = close + length;
    return true;
  }
  // An unmatched run is text, as a whole.
  if (!silent) state.pending += state.src.slice(state.pos, runStop);
  state.pos = runStop;
  return true;
}

/**
 * Backslashes before a backtick, as the server's `BACKTICK_RE` reads them (it has no other
 * backslash escapes): an even run is halved and the backticks may open code; after an odd run
 * one backtick is text and the rest of the run may open code (`` \``a` `` is `` \`<code>a</code> ``).
 */
function backslashesBeforeBackticksRule(state: StateInline, silent: boolean): boolean {
  if (state.src.charCodeAt(state.pos) !== 0x5c /* \ */) return false;
  if (state.pos > 0 && state.src.charCodeAt(state.pos - 1) === 0x5c) return false;
  let end = state.pos;
  while (end < state.posMax && state.src.charCodeAt(end) === 0x5c) end += 1;
  if (state.src.charCodeAt(end) !== 0x60 /* ` */) return false;
  const run = end - state.pos;
  if (run % 2 === 1) end += 1;
  if (!silent) state.pending += run % 2 === 0 ? '\\'.repeat(run / 2) : state.src.slice(state.pos, end);
  state.pos = end;
  return true;
}

/** markdown-it plugin for the server's inline code: padding kept, content escaped as text. */
export function inlineCodePlugin(md: MarkdownIt): void {
  md.inline.ruler.at('backticks', codeSpanRule);
  md.inline.ruler.before('backticks', 'zulip_backtick_backslashes', backslashesBeforeBackticksRule);
  md.renderer.rules.code_inline = (tokens, index) => `<code>${escapeText(tokens[index]?.content ?? '')}</code>`;
}
