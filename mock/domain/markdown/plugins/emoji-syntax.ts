import type { Env, MarkdownIt, StateCore } from 'markdown-it';
import { rewriteTextTokens, type TextPiece, type TextSide } from './text-tokens';
import { escapeRegExp } from '../../escape-regexp';

/** How an emoji renders: a unicode emoji's span, or an image (custom emoji, `:zulip:`). */
export type EmojiMarkup =
  | { readonly kind: 'unicode'; readonly code: string; readonly name: string }
  | { readonly kind: 'image'; readonly name: string; readonly src: string };

/** The render environment the emoji plugin reads. */
export interface EmojiEnv extends Env {
  /** The emoji a `:name:` stands for; undefined leaves the text as typed. */
  readonly resolveEmojiName: (name: string) => EmojiMarkup | undefined;
  /** The emoji of a unicode sequence (`1f937-200d-2640`); undefined leaves it as typed. */
  readonly resolveEmojiCode: (code: string) => EmojiMarkup | undefined;
  /** The emoji an emoticon's name stands for (unicode only); undefined leaves it as typed. */
  readonly resolveEmoticonName: (name: string) => EmojiMarkup | undefined;
  /** The sender's `translate_emoticons` setting. */
  readonly translateEmoticons: boolean;
}

/** The server's emoticons and the emoji names they stand for. */
export const EMOTICONS: Readonly<Record<string, string>> = {
  ':)': 'slight_smile',
  '(:': 'slight_smile',
  ':(': 'frown',
  '<3': 'heart',
  ':|': 'neutral',
  ':/': 'confused',
  ';)': 'wink',
  ':D': 'smile',
  ':o': 'open_mouth',
  ':O': 'open_mouth',
  ':p': 'stuck_out_tongue',
  ':P': 'stuck_out_tongue',
};

// An emoticon stands alone: text edges or one of the server's terminal symbols on both sides.
const TERMINAL = String.raw`,.;?!()\[\] "'\n\t`;
const EMOTICON = `(?<![^${TERMINAL}])(?<emoticon>${Object.keys(EMOTICONS).map(escapeRegExp).join('|')})(?![^${TERMINAL}])`;
const NAME = String.raw`(?<name>:[\p{L}\p{N}_+-]+:)`;
// One emoji as Unicode defines a sequence: flags, or emoji with a modifier, presentation
// selector, keycap or tag run, joined by ZWJ. Unknown sequences stay text as a whole.
const UNIT = String.raw`(?:\p{Regional_Indicator}\p{Regional_Indicator}|\p{Emoji}(?:\p{Emoji_Modifier}|\uFE0F\u20E3?|[\u{E0020}-\u{E007E}]+\u{E007F})?)`;
// Digits, `#` and `*` have the Emoji property, but a sequence starting with one is never an
// emoji unless a selector or ZWJ follows: skipping them bare (same result) saves looking up
// every digit of a text.
const FIRST_UNIT = String.raw`(?:(?=[#*0-9][\uFE0F\u200D])${UNIT}|(?![#*0-9])${UNIT})`;
const SEQUENCE = String.raw`(?<sequence>${FIRST_UNIT}(?:\u200D${UNIT})*)`;
/** Whether a text has an emoticon the sender's `translate_emoticons` setting would turn into emoji. */
export const HAS_EMOTICON = new RegExp(EMOTICON, 'u');
const WITH_EMOTICONS = new RegExp(`${EMOTICON}|${NAME}|${SEQUENCE}`, 'gu');
const WITHOUT_EMOTICONS = new RegExp(`${NAME}|${SEQUENCE}`, 'gu');
// Cheap pre-check: text without a colon, emoticon characters or non-ASCII has no emoji.
const MAYBE_EMOJI = /[:;(<]|[\u0080-\u{10FFFF}]/u;

/** The server's code of an emoji sequence: hex code points without U+FE0F, joined by `-`. */
export function emojiCodeOf(sequence: string): string {
  return [...sequence]
    .map((character) => character.codePointAt(0) ?? 0)
    .filter((point) => point !== 0xfe0f)
    .map((point) => point.toString(16).padStart(4, '0'))
    .join('-');
}

// A single character without emoji presentation (©, ™, ↔, a digit before U+20E3) is text: the
// server's `TEXT_PRESENTATION_RE`. With U+FE0F (`©️`) it is the emoji.
const TEXT_PRESENTATION = /^\P{Emoji_Presentation}\u20E3?$/u;

function resolveMatch(env: EmojiEnv, groups: Record<string, string | undefined>): EmojiMarkup | undefined {
  if (groups.emoticon !== undefined) return env.resolveEmoticonName(EMOTICONS[groups.emoticon] ?? '');
  if (groups.name !== undefined) return env.resolveEmojiName(groups.name.slice(1, -1));
  const sequence = groups.sequence ?? '';
  return TEXT_PRESENTATION.test(sequence) ? undefined : env.resolveEmojiCode(emojiCodeOf(sequence));
}

// What an emoticon's lookarounds see next to other syntax (`TextSide` 'element'): a placeholder,
// no terminal symbol.
// NUL: never in the text (markdown-it's normalize turns a typed one into U+FFFD), and one byte
// wide, which keeps the text's patterns on their faster one-byte code.
const BOUND = '\0';

function splitEmoji(state: StateCore, env: EmojiEnv, text: string, before: TextSide, after: TextSide): TextPiece[] | undefined {
  if (!MAYBE_EMOJI.test(text)) return undefined;
  const pattern = env.translateEmoticons ? WITH_EMOTICONS : WITHOUT_EMOTICONS;
  const offset = env.translateEmoticons && before === 'element' ? 1 : 0;
  const boundAfter = env.translateEmoticons && after === 'element';
  const scanned = offset > 0 || boundAfter ? `${offset > 0 ? BOUND : ''}${text}${boundAfter ? BOUND : ''}` : text;
  pattern.lastIndex = 0;
  const pieces: TextPiece[] = [];
  let copied = 0;
  // An unknown `:name:` stays text as a whole (`:not_an_emoji:smile:` has no emoji): the server's
  // pattern takes it, so its closing colon opens nothing.
  for (let match = pattern.exec(scanned); match; match = pattern.exec(scanned)) {
    const markup = resolveMatch(env, match.groups ?? {});
    if (!markup) continue;
    const index = match.index - offset;
    pieces.push(text.slice(copied, index));
    const token = new state.Token('emoji', '', 0);
    token.meta = { markup };
    pieces.push([token]);
    copied = index + match[0].length;
  }
  if (copied === 0) return undefined;
  pieces.push(text.slice(copied));
  return pieces;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The server's HTML for an emoji. */
export function emojiHtml(markup: EmojiMarkup): string {
  const title = escapeAttribute(markup.name.replace(/_/g, ' '));
  const name = escapeAttribute(markup.name);
  if (markup.kind === 'image') {
    return `<img alt=":${name}:" class="emoji" src="${escapeAttribute(markup.src)}" title="${title}">`;
  }
  return `<span aria-label="${title}" class="emoji emoji-${markup.code}" role="img" title="${title}">:${name}:</span>`;
}

/**
 * markdown-it plugin for the server's emoji: `:name:`, unicode emoji typed in text, and (when
 * the sender translates them) emoticons. Runs on text after parsing, so code stays as typed.
 */
export function emojiPlugin(md: MarkdownIt): void {
  md.core.ruler.push('server_emoji', (state) => {
    const env = state.env as Partial<EmojiEnv>;
    if (!env.resolveEmojiName || !env.resolveEmojiCode) return;
    const emojiEnv = env as EmojiEnv;
    // A link's text is left to no pattern after links (an `AtomicString` on the server).
    rewriteTextTokens(state, (text, insideLink, before, after) => (insideLink ? undefined : splitEmoji(state, emojiEnv, text, before, after)));
  });
  md.renderer.rules.emoji = (tokens, index) => emojiHtml((tokens[index]?.meta as { markup: EmojiMarkup }).markup);
}
