/**
 * The server's `remove_single_newlines`: newlines trimmed from both ends, and a lone newline
 * (with the spaces after it) joined into a space, unless a list item follows it.
 *
 * @example
 * removeSingleNewlines('\nTo\nlearn\n\n- more\n'); // 'To learn\n\n- more'
 */
export function removeSingleNewlines(content: string): string {
  return content.replace(/^\n+|\n+$/g, '').replace(/(?<!\n)\n(?!\n|[-*] |[0-9]+\. ) */g, ' ');
}
