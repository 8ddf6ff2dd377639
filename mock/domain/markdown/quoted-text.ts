import { PYTHON_WHITESPACE_CLASS, pythonStrip } from '../python-strip';
import { parseFence } from './fence-line';

// Where the server's block processors split a block, before its quote processor reads it: a `#`
// heading (the `#`s at the line's start, then whitespace: the next line's newline too) and a rule.
const HEADING_START = new RegExp(`^#{1,6}[${PYTHON_WHITESPACE_CLASS}]`);
const RULE = /^ {0,3}(?=((?:-+ {0,2}){3,}|(?:_+ {0,2}){3,}|(?:\*+ {0,2}){3,}))\1 *$/;

/** Whether a heading or a rule starts at the line `text` of a block (`last`: the block's last line). */
export function splitsAt(text: string, last: boolean): boolean {
  return RULE.test(text) || HEADING_START.test(last ? text : `${text}\n`);
}

/**
 * Whether the server's top-level block ends right before the raw line `text` (`last`: the
 * message's last line): a blank line, a fence (its preprocessor sets fenced blocks apart by blank
 * lines), a heading or a rule.
 */
function splitsTopLevelBlock(text: string, last: boolean): boolean {
  return text.trim() === '' || parseFence(text) !== undefined || splitsAt(text, last);
}

// The server's quote processor's `clean` of a line: one `>` and a space after it off, `>` alone empty.
const QUOTED = /^ {0,3}> ?(.*)$/s;

function cleanQuoted(line: string): string {
  if (pythonStrip(line) === '>') return '';
  return QUOTED.exec(line)?.[1] ?? line;
}

/**
 * Whether the raw lines from `line` on, after a text `depth` quotes deep (its `>`s alone before
 * it), hand that text on as the server's quote processors do: followed by one empty line, the
 * text ending in a newline. Each quote cleans its block's lines and splits them where a line is
 * empty and more follow (Python-Markdown's blocks), a heading or a rule starts; whether a line
 * reaches the text's quote is decided by the `depth + 2` lines after it at most.
 */
export function handsOnOneNewline(rawLine: (line: number) => string | undefined, line: number, depth: number): boolean {
  let lines: string[] = [];
  for (let next = line; lines.length < depth + 2; next += 1) {
    const text = rawLine(next);
    if (text === undefined || splitsTopLevelBlock(text, rawLine(next + 1) === undefined)) break;
    lines.push(text);
  }
  for (let level = 1; level <= depth && lines.length > 0; level += 1) {
    lines = lines.map(cleanQuoted);
    const cut = lines.findIndex((text, index) => (text === '' ? index < lines.length - 1 : splitsAt(text, index === lines.length - 1)));
    if (cut >= 0) lines = lines.slice(0, cut);
  }
  return lines.length === 1 && lines[0] === '';
}
