/**
 * Python's `str.expandtabs(tabsize)`: each tab becomes the spaces up to the next multiple of
 * `tabsize` columns of its line (a line starts after `\n` or `\r`; every code point is one column).
 *
 * @example
 * pythonExpandTabs('a\tb'); // 'a   b'
 */
export function pythonExpandTabs(text: string, tabsize = 8): string {
  let out = '';
  let column = 0;
  for (const char of text) {
    if (char === '\t') {
      const spaces = tabsize > 0 ? tabsize - (column % tabsize) : 0;
      out += ' '.repeat(spaces);
      column += spaces;
    } else {
      out += char;
      column = char === '\n' || char === '\r' ? 0 : column + 1;
    }
  }
  return out;
}
