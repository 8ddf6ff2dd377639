// The server's word boundaries for alert words: what may come just before and just after.
const ALLOWED_BEFORE = new Set([' ', '\n', '(', '"', '.', ',', "'", ';', '[', '*', '`', '>']);
const ALLOWED_AFTER = new Set([' ', '\n', ')', '?', ':', '.', ',', "'", ';', ']', '!', '*', '`']);

/** Whether one of the words occurs in the (lower-cased) content at the server's word boundaries. */
export function containsAlertWord(lowerContent: string, words: readonly string[]): boolean {
  for (const word of words) {
    const needle = word.toLowerCase();
    if (needle === '') continue;
    for (let at = lowerContent.indexOf(needle); at >= 0; at = lowerContent.indexOf(needle, at + 1)) {
      const end = at + needle.length;
      // The server checks the character before the word only from the third position on: a word
      // at position 1 counts whatever precedes it (its check accepts an index <= 0).
      const before = at <= 1 || ALLOWED_BEFORE.has(lowerContent[at - 1] ?? '');
      const after = end === lowerContent.length || ALLOWED_AFTER.has(lowerContent[end] ?? '');
      if (before && after) return true;
    }
  }
  return false;
}
