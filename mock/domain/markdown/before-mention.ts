import { PYTHON_WHITESPACE_CLASS } from '../python-strip';

/**
 * What may come just before a mention or a channel link, as a regular-expression class body: the
 * server's `BEFORE_MENTION_ALLOWED_REGEX` (zerver/lib/mention.py), Python's `\s` (U+001C..U+001F
 * and U+0085 too, not U+FEFF) and ' " ( { [ / <.
 */
export const BEFORE_MENTION_ALLOWED_CLASS = `${PYTHON_WHITESPACE_CLASS}'"({\\[/<`;

const ALLOWED_BEFORE = new RegExp(`[${BEFORE_MENTION_ALLOWED_CLASS}]`);

/** Whether a mention or channel link may start at `pos`: at the start of the text, or after an allowed character. */
export function mayStartMention(src: string, pos: number): boolean {
  return pos === 0 || ALLOWED_BEFORE.test(src[pos - 1] ?? '');
}
