import type { Env, MarkdownIt, StateCore } from 'markdown-it';
import { BOUND, isTextLike, rewriteTextTokens, type TextContext, type TextPiece } from './text-tokens';
import { escapeAttribute } from '../escape';
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
const EMOTICONS: Readonly<Record<string, string>> = {
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
const TERMINAL_CHARACTERS = ',.;?!()[] "\'\n\t';
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
/**
 * Whether a text may have an emoticon the sender's `translate_emoticons` setting would turn into
 * emoji: standing alone, or next to an emoji (`:name:` or a unicode one), which inside emphasis
 * may leave it standing alone in a text the server reads again.
 */
export const HAS_EMOTICON = new RegExp(
  `(?<![^${TERMINAL}:\\u0080-\\u{10FFFF}])(?:${Object.keys(EMOTICONS).map(escapeRegExp).join('|')})(?![^${TERMINAL}:\\u0080-\\u{10FFFF}])`,
  'u',
);
const EMOTICONS_ONLY = new RegExp(EMOTICON, 'gu');
// An emoticon's characters, wherever they stand (a piece of the text may stand alone).
const MAYBE_EMOTICON = new RegExp(Object.keys(EMOTICONS).map(escapeRegExp).join('|'));
const WITHOUT_EMOTICONS = new RegExp(`${NAME}|${SEQUENCE}`, 'gu');
// Cheap pre-check: text without a colon, emoticon characters or non-ASCII has no emoji.
const MAYBE_EMOJI = /[:;(<]|[\u0080-\u{10FFFF}]/u;

/** The server's code of an emoji sequence: hex code points without U+FE0F, joined by `-`. */
function emojiCodeOf(sequence: string): string {
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

interface EmojiMatch {
  readonly start: number;
  readonly end: number;
  readonly markup: EmojiMarkup;
}

// A character reference is a placeholder to the server's emoticon pattern (its `entity` pattern
// runs first): `&amp;<3` has no emoticon. Python-Markdown's ENTITY_RE.
const ENTITY = /&(?:#[0-9]+|#x[0-9a-fA-F]+|[a-zA-Z0-9]+);/g;

/**
 * The emoticons of `text` from `start` to `end`, the ends bounded or not: next to other syntax
 * (`TextSide` 'element') an emoticon's lookarounds see a placeholder (`BOUND`), no terminal symbol.
 */
function emoticonsIn(env: EmojiEnv, text: string, start: number, end: number, boundStart: boolean, boundEnd: boolean, found: EmojiMatch[]): void {
  let piece = text.slice(start, end);
  if (piece.includes('&')) piece = piece.replace(ENTITY, (reference) => BOUND.repeat(reference.length));
  const offset = boundStart ? 1 : 0;
  const scanned = `${boundStart ? BOUND : ''}${piece}${boundEnd ? BOUND : ''}`;
  EMOTICONS_ONLY.lastIndex = 0;
  // Each emoticon is a placeholder before the pattern is searched again: none starts right after one.
  let placeholderEnd = -1;
  for (let match = EMOTICONS_ONLY.exec(scanned); match; match = EMOTICONS_ONLY.exec(scanned)) {
    if (match.index === placeholderEnd) {
      EMOTICONS_ONLY.lastIndex = match.index + 1;
      continue;
    }
    const markup = resolveMatch(env, match.groups ?? {});
    const at = start + match.index - offset;
    if (!markup) continue;
    found.push({ start: at, end: at + match[0].length, markup });
    placeholderEnd = match.index + match[0].length;
  }
}

/** Queues the text after each emoticon found from `found[from]` on, up to `end` (and from `start` when an element ends there). */
function queueTails(found: readonly EmojiMatch[], from: number, start: number, end: number, afterElement: boolean, queue: number[]): void {
  let tail = afterElement ? start : -1;
  for (let index = from; index < found.length; index += 1) {
    const match = found[index]!;
    if (tail >= 0 && match.start > tail) queue.push(tail, match.start);
    tail = match.end;
  }
  if (tail >= 0 && end > tail) queue.push(tail, end);
}

const TERMINALS = new Set(TERMINAL_CHARACTERS);

/** Where each character reference in `text` ends (a placeholder to the emoticon pattern). */
function referenceEnds(text: string): ReadonlySet<number> {
  const ends = new Set<number>();
  if (text.includes('&')) for (const match of text.matchAll(ENTITY)) ends.add(match.index + match[0].length);
  return ends;
}

/**
 * The emoticon at `pos` (each is two characters) of a string of its own from `start` to `end`:
 * its lookarounds see the string's ends there, a character reference as a placeholder.
 */
function emoticonAt(env: EmojiEnv, text: string, pos: number, start: number, end: number, references: ReadonlySet<number>): EmojiMatch | undefined {
  if (pos + 2 > end) return undefined;
  const name = EMOTICONS[text.slice(pos, pos + 2)];
  if (name === undefined || references.has(pos + 1)) return undefined;
  if (pos > start && (!TERMINALS.has(text[pos - 1] ?? '') || references.has(pos))) return undefined;
  if (pos + 2 < end && !TERMINALS.has(text[pos + 2] ?? '')) return undefined;
  const markup = env.resolveEmoticonName(name);
  return markup && { start: pos, end: pos + 2, markup };
}

/**
 * The text after each emoticon found from `found[from]` on, in `start`..`end` (and from `start`
 * itself when an element ends there: `afterElement`), read again on its own, as the server reads
 * the tails of an element's children: each a string of its own, and so on after what it finds.
 *
 * Each such text had no emoticon in the reading that left it, whose lookarounds saw the same
 * characters inside it: read on its own, only an emoticon at its start (no placeholder before it)
 * or at its end (none after it) can be new. Only those two places are looked at, so a long run
 * read again and again (`**a \`x\`(:(:(:…**`, each `(:` found by the reading of the text after
 * the one before) costs as much as its length, not its length squared as on the server.
 */
function readTails(env: EmojiEnv, text: string, start: number, end: number, from: number, afterElement: boolean, found: EmojiMatch[]): void {
  const queue: number[] = [];
  queueTails(found, from, start, end, afterElement, queue);
  let references: ReadonlySet<number> | undefined;
  while (queue.length > 0) {
    const tailEnd = queue.pop()!;
    const tailStart = queue.pop()!;
    references ??= referenceEnds(text);
    const before = found.length;
    const first = emoticonAt(env, text, tailStart, tailStart, tailEnd, references);
    if (first) found.push(first);
    // (None starts right after one: the server's pattern searches again with the first a placeholder.)
    const last = tailEnd - 2 > (first ? first.end : tailStart) ? emoticonAt(env, text, tailEnd - 2, tailStart, tailEnd, references) : undefined;
    if (last) found.push(last);
    if (found.length > before) queueTails(found, before, tailStart, tailEnd, false, queue);
  }
}

/**
 * Splits a text at its emoji in the server's order: `:name:` and unicode emoji (an unknown
 * `:name:` stays text as a whole, `:not_an_emoji:smile:` has no emoji: the server's pattern takes
 * it, so its closing colon opens nothing), then emoticons in the text around them, next to which
 * an emoji is a placeholder, or, in a text the server reads again (`reread`, and inside emphasis
 * the text after an emoji), a string's end.
 */
function splitEmoji(
  state: StateCore,
  env: EmojiEnv,
  text: string,
  { before, after, reread, insideElement, inItemReadAgain, previous, next: nextToken }: Pick<TextContext, 'before' | 'after' | 'reread' | 'insideElement' | 'inItemReadAgain' | 'previous' | 'next'>,
): TextPiece[] | undefined {
  // A text read again that follows an element (not the first text of one): that element's tail.
  const afterElement = previous !== undefined && !isTextLike(previous) && previous.nesting !== 1;
  if (!MAYBE_EMOJI.test(text)) return undefined;
  const found: EmojiMatch[] = [];
  WITHOUT_EMOTICONS.lastIndex = 0;
  for (let match = WITHOUT_EMOTICONS.exec(text); match; match = WITHOUT_EMOTICONS.exec(text)) {
    const markup = resolveMatch(env, match.groups ?? {});
    if (markup) found.push({ start: match.index, end: match.index + match[0].length, markup });
  }
  if (env.translateEmoticons && MAYBE_EMOTICON.test(text)) {
    const emoji = found.length;
    let last = 0;
    for (let index = 0; index <= emoji; index += 1) {
      const next = index < emoji ? found[index] : undefined;
      const end = next ? next.start : text.length;
      if (end > last) {
        if (reread) {
          // A text read again: first as a piece of the whole text (next to an element, or an
          // emoji, its placeholder; an element's own text a string of its own), then on its own,
          // and the text after each emoticon found.
          const first = found.length;
          const boundEnd = next !== undefined || (nextToken !== undefined && !isTextLike(nextToken) && nextToken.nesting !== -1);
          emoticonsIn(env, text, last, end, last > 0 || afterElement, boundEnd, found);
          readTails(env, text, last, end, first, true, found);
        } else {
          const first = found.length;
          emoticonsIn(env, text, last, end, last === 0 ? before === 'element' : true, next ? true : after === 'element', found);
          // Inside emphasis, and in a list item's own text whose item holds blocks too, the text
          // after each element (the emoji before it, each emoticon found) is read again on its
          // own, and the text after each one that reading finds.
          if (insideElement || inItemReadAgain) readTails(env, text, last, end, first, last > 0, found);
        }
      }
      last = next ? next.end : text.length;
    }
    if (found.length > emoji) found.sort((a, b) => a.start - b.start);
  }
  if (found.length === 0) return undefined;
  const pieces: TextPiece[] = [];
  let copied = 0;
  for (const { start, end, markup } of found) {
    pieces.push(text.slice(copied, start));
    const token = new state.Token('emoji', '', 0);
    token.meta = { markup };
    pieces.push([token]);
    copied = end;
  }
  pieces.push(text.slice(copied));
  return pieces;
}

/**
 * The emoticons of a text the server reads once more on its own, each at its start too (the text
 * after a bare link that a text read again made: see `autolinkAfterEmojiPlugin`); undefined when
 * it has none or the sender does not translate them.
 */
export function emoticonPieces(state: StateCore, text: string): TextPiece[] | undefined {
  const env = state.env as Partial<EmojiEnv>;
  if (!env.translateEmoticons || !env.resolveEmojiName || !env.resolveEmojiCode) return undefined;
  return splitEmoji(state, env as EmojiEnv, text, { before: 'open', after: 'open', reread: true, insideElement: true, inItemReadAgain: false, previous: undefined, next: undefined });
}

/** Set by the emoji pass when it found an emoji inside an element (or a list item read again), whose following text the server reads again. */
export interface EmojiReadAgainEnv extends Env {
  emojiInElement?: boolean;
}

/** The server's HTML for an emoji. */
function emojiHtml(markup: EmojiMarkup): string {
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
    rewriteTextTokens(state, (text, context) => {
      if (context.insideLink) return undefined;
      const pieces = splitEmoji(state, emojiEnv, text, context);
      // The passes that read the text after an emoji again look only where there is one.
      if (pieces && (context.insideElement || context.inItemReadAgain)) (state.env as EmojiReadAgainEnv).emojiInElement = true;
      return pieces;
    });
  });
  md.renderer.rules.emoji = (tokens, index) => emojiHtml((tokens[index]?.meta as { markup: EmojiMarkup }).markup);
}
