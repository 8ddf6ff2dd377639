const TRUNCATION_NOTICE = '\n[message truncated]';

/**
 * The server's `truncate_content` with its message notice: content longer than `maxLength`
 * characters (code points, as Python counts) cut to leave room for `\n[message truncated]`,
 * which ends it; shorter content unchanged. A room smaller than the notice cuts from the end, as
 * Python's negative slice end does.
 *
 * @example
 * truncateContent('a'.repeat(30), 25); // 'aaaaa\n[message truncated]'
 */
export function truncateContent(content: string, maxLength: number): string {
  // UTF-16 length is never below the character count, so short content skips the split.
  if (content.length <= maxLength) return content;
  const characters = [...content];
  if (characters.length <= maxLength) return content;
  return characters.slice(0, maxLength - TRUNCATION_NOTICE.length).join('') + TRUNCATION_NOTICE;
}
