// Python-Markdown's `TableProcessor` reading of rows, shared by the table rule and the list parser
// (which asks whether a block is a table before it reads a list, as the server's processors run).

// Code spans, escaped backslashes, escaped pipes and pipes in one pass, and a closing border pipe
// not escaped by a backslash.
const CODE_PIPES = /(\\\\)|(\\`+)|(`+)|(\\\|)|(\|)/g;
const END_BORDER = /(?<!\\)(?:\\\\)*\|$/;
const SEPARATOR_CHARACTERS = /^[|:\- ]*$/;

/** Whether a row has a border pipe at its start or (not escaped) at its end. */
export function hasBorderPipe(text: string): boolean {
  return text.startsWith('|') || END_BORDER.test(text);
}

/** Whether split cells make a separator row: pipes, colons, dashes and spaces only. */
export function isSeparatorRow(cells: readonly string[]): boolean {
  return SEPARATOR_CHARACTERS.test(cells.join(''));
}

/**
 * Python-Markdown's `_split`: a row split at its pipes, except those inside a code span (backtick
 * runs paired by length, an escaped opening run counting one backtick less) and escaped ones.
 */
function splitCells(row: string): string[] {
  if (!row.includes('|')) return [row];
  const tics: number[] = [];
  const ticPoints: (readonly [number, number, number])[] = [];
  const pipes: number[] = [];
  for (const match of row.matchAll(CODE_PIPES)) {
    const start = match.index;
    if (match[2] !== undefined) {
      tics.push(match[2].length - 1);
      ticPoints.push([start, start + match[2].length - 1, 1]);
    } else if (match[3] !== undefined) {
      tics.push(match[3].length);
      ticPoints.push([start, start + match[3].length - 1, 0]);
    } else if (match[5] !== undefined) {
      pipes.push(start);
    }
  }
  const regions: (readonly [number, number])[] = [];
  for (let pos = 0; pos < tics.length; ) {
    const size = (tics[pos] ?? 0) - (ticPoints[pos]?.[2] ?? 0);
    const close = size === 0 ? -1 : tics.indexOf(size, pos + 1);
    if (close < 0) {
      pos += 1;
      continue;
    }
    regions.push([ticPoints[pos]?.[0] ?? 0, ticPoints[close]?.[1] ?? 0]);
    pos = close + 1;
  }
  const cells: string[] = [];
  let from = 0;
  let region = 0;
  for (const pipe of pipes) {
    while (region < regions.length && (regions[region]?.[1] ?? 0) < pipe) region += 1;
    const [start = Infinity] = regions[region] ?? [];
    if (start <= pipe) continue;
    cells.push(row.slice(from, pipe));
    from = pipe + 1;
  }
  cells.push(row.slice(from));
  return cells;
}

/** Python-Markdown's `_split_row`: with a border (read from the header), each row's outer pipes go first. */
export function splitRow(row: string, border: boolean): string[] {
  if (border) {
    const inner = row.startsWith('|') ? row.slice(1) : row;
    return splitCells(inner.replace(END_BORDER, ''));
  }
  return splitCells(row);
}

/** `TableProcessor.test`: the block's first two lines are a header row and a separator row. */
export function isTable(block: string): boolean {
  if (!block.includes('|')) return false;
  const rows = block.split('\n').map((row) => row.replace(/^ +| +$/g, ''));
  const header = rows[0] ?? '';
  if (rows.length < 2) return false;
  const border = hasBorderPipe(header);
  const count = splitRow(header, border).length;
  let table = count > 1;
  if (!table && count === 1 && border) {
    for (const row of rows.slice(1)) {
      table = hasBorderPipe(row);
      if (!table) break;
    }
  }
  if (!table) return false;
  const separator = splitRow(rows[1] ?? '', border);
  return separator.length === count && isSeparatorRow(separator);
}

