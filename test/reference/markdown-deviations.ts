/**
 * The real server's rendering cases (`test/reference/markdown-cases.json`) that the mock still
 * renders differently: case name -> why. `test/markdown-cases.test.ts` fails when a case listed here
 * starts to match (remove it) or when a case not listed here differs.
 */
export const MARKDOWN_DEVIATIONS: Readonly<Record<string, string>> = {
  "emojis_with_zwj_are_banned": "emoji data: the server has no names for ZWJ sequences such as :man-girl-girl:; emojibase does",
  "fried_egg_emoji_nonexistent": "emoji data: emojibase has the name :fried_egg:, the server does not",
  "unrecognized_emoji_sequence_one": "emoji data: emojibase-data 17 knows Emoji 15.1 sequences the server does not render",
  "unrecognized_emoji_sequence_two": "emoji data: emojibase-data 17 knows Emoji 15.1 sequences the server does not render",
  "fenced_quotes_inside_mathblock": "KaTeX 0.16.47 rounds italic-correction margins to 4 decimals (0.0572em); the fixture's KaTeX wrote 5 (0.05724em)",
  "non_empty_blockquote": "Python-Markdown takes the lazy line after empty `>` lines into the quote; markdown-it closes the quote first",
  "translate_emoticons_enabled": "emoticons: the case expects the sender's translate_emoticons on; the harness renders without a sender",
  "translate_emoticons": "emoticons: the case expects the sender's translate_emoticons on; the harness renders without a sender",
  "translate_emoticons_newline": "emoticons: the case expects the sender's translate_emoticons on; the harness renders without a sender",
  "translate_emoticons_at_sentence_end": "emoticons: the case expects the sender's translate_emoticons on; the harness renders without a sender",
  "tex_complex": "KaTeX 0.16.47 rounds italic-correction margins to 4 decimals (0.0572em); the fixture's KaTeX wrote 5 (0.05724em)",
  "tex_safe_script_tag": "KaTeX 0.16.47 rounds italic-correction margins to 4 decimals (0.0572em); the fixture's KaTeX wrote 5 (0.05724em)",
};
