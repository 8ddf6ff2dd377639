/**
 * Where the real server's emoji names differ from the generated emojibase table: the server's
 * canonical name for a code (shown in `title`/`aria-label` and as `:name:`), which also wins
 * when a name is looked up (emojibase gives `smile` to 1f604; the server to 1f642).
 *
 * Taken from the real server's own rendering cases (`markdown_test_cases.json`: `:smile:`,
 * `:poop:`, `:holiday_tree:`, ...) and its emoticon table; codes not listed here use the first
 * emojibase name (CLDR, then iamcal, then GitHub), which agrees with the server for most emoji.
 */
export const SERVER_EMOJI_NAMES: Readonly<Record<string, string>> = {
  '0023-20e3': 'hash',
  '1f384': 'holiday_tree',
  '1f407': 'rabbit',
  '1f408': 'cat',
  '1f415': 'dog',
  '1f4a9': 'poop',
  '1f600': 'grinning',
  '1f603': 'smiley',
  '1f609': 'wink',
  '1f610': 'neutral',
  '1f615': 'confused',
  '1f61b': 'stuck_out_tongue',
  '1f62e': 'open_mouth',
  '1f641': 'frown',
  '1f642': 'smile',
  '1f947': 'gold',
  '1f95d': 'kiwi',
  '2764': 'heart',
  '2797': 'division',
  '2b06': 'up',
};
