import type { MarkdownIt, StateCore, Token } from 'markdown-it';
import tlds from '../tlds.json';
import { escapeRegExp } from '../../escape-regexp';
import { PYTHON_WHITESPACE_CLASS } from '../../python-strip';
import { BOUND, isTextLike, rewriteTextTokens, type TextPiece } from './text-tokens';
import { emoticonPieces } from './emoji-syntax';
import { serverLinkTarget } from '../link-targets';

// The pattern's `\s` is Python's: U+001C..U+001F and U+0085 are whitespace, U+FEFF is not.
const S = PYTHON_WHITESPACE_CLASS;

// Up to seven levels of balanced parentheses inside a URL's path, as the server allows.
function nestedParens(): string {
  let chunk = `[^${S}()"]*`;
  for (let level = 0; level < 7; level += 1) chunk = String.raw`[^${S}()"]*?(?:\(${chunk}\)[^${S}()"]*?)*`;
  return chunk;
}

const WORD = String.raw`[\p{L}\p{N}_]`;
const ESCAPED_TLDS = (tlds as string[]).map(escapeRegExp).join('|');

// The server's bare-link pattern: after whitespace or one of ' " ( , : < (or at the start), a URL
// with http(s)://, a domain with a known TLD, an email address (no path) or a `bitcoin:` address, followed by
// optional punctuation and then whitespace or the end. After the domain comes a path, or a query
// right after it (`podcasts.google.com?feed=abc`) unless the `?` is trailing punctuation.
function linkPattern(tld: string, flags: string): RegExp {
  const word = WORD.slice(1, -1);
  return new RegExp(
    String.raw`(?<![^${S}'"(,:<])(?<url>(?:(?:https?://[${word}.:@-]+?|(?:[${word}-]+\.)+(?:${tld}))(?:/${nestedParens()}|\?(?![)"${S}]|$)${nestedParens()})?)|(?:[${word}.-]+@[${word}.-]+\.${WORD}+)|(?:bitcoin:[13][a-km-zA-HJ-NP-Z1-9]{25,34}))(?=[!:;?),.'">]*(?:[${S}]|$))`,
    flags,
  );
}

// The pattern anchored where it is tried. Scanning a text with it tries its 1,500 TLDs at every
// word; instead a twin with any last label finds where a link may start, and the real pattern is
// tried there only. The twin matches wherever the real one does (any TLD is a label), so no link
// is missed, and the real pattern decides what links.
const WEB_LINK_AT = linkPattern(ESCAPED_TLDS, 'uy');
const LINK_CANDIDATE = linkPattern(String.raw`[\p{L}\p{N}\p{M}]+`, 'gu');

/** The links in a text, as the server's pattern finds them scanning left to right. */
export function* webLinkSpans(text: string): Generator<{ index: number; url: string }> {
  LINK_CANDIDATE.lastIndex = 0;
  for (let candidate = LINK_CANDIDATE.exec(text); candidate; candidate = LINK_CANDIDATE.exec(text)) {
    WEB_LINK_AT.lastIndex = candidate.index;
    const match = WEB_LINK_AT.exec(text);
    const url = match?.groups?.url;
    if (match && url) {
      yield { index: match.index, url };
      LINK_CANDIDATE.lastIndex = match.index + url.length;
    } else {
      LINK_CANDIDATE.lastIndex = candidate.index + ((text.codePointAt(candidate.index) ?? 0) > 0xffff ? 2 : 1);
    }
  }
}

// Cheap test first: most text has nothing that could be a link. Every link the pattern finds has
// `://`, an `@`, a dot followed by a letter or digit (a domain's TLD), or `bitcoin:`; a
// sentence's full stop does not, and running the pattern (its TLD list has about 1,500 entries)
// on every sentence was half the cost of rendering.
const MAYBE_LINK = /:\/\/|@|\.[\p{L}\p{N}_]|bitcoin:/u;

// A character reference (Python-Markdown's ENTITY_RE) and the character its placeholder is read
// as: a path character, no space, punctuation, word character or `BOUND`.
const REFERENCE = /&(?:#[0-9]+|#x[0-9a-fA-F]+|[a-zA-Z0-9]+);/g;
const REFERENCE_PLACEHOLDER = '\u0002';

/** Whether the text may hold a bare link at all (a cheap test before the pattern). */
export const mayHoldLink = (text: string): boolean => MAYBE_LINK.test(text);

/**
 * The link the server's pattern finds at the very start of a text, if any: how it finds bare URLs
 * in topic names, one space- or punctuation-separated piece at a time.
 */
export function webLinkAtStart(text: string): string | undefined {
  if (!MAYBE_LINK.test(text)) return undefined;
  WEB_LINK_AT.lastIndex = 0;
  return WEB_LINK_AT.exec(text)?.groups?.url;
}

// `BOUND` stands for what the server's pattern sees next to a text that other syntax bounds
// (`TextSide`): the placeholder of a pattern applied before bare links, or the raw `*` or `~` of
// emphasis, applied after. Neither is a space or one of the characters a link may follow or
// precede, so no link starts or ends there.
/**
 * The text with its bare links as link tokens, undefined when it has none. `insideElement`: the
 * text is inside emphasis, where the server reads the text after each link once more on its own
 * (the link's tail), so past the first link nothing bounds the text's end.
 */
function linkTokens(
  content: string,
  TokenClass: StateCore['Token'],
  level: number,
  boundBefore: boolean,
  boundAfter: boolean,
  insideElement = false,
  readAgain = false,
): Token[] | undefined {
  const offset = boundBefore ? 1 : 0;
  // Read again on its own (the tail of an element inside emphasis, as the server walks the tree),
  // the text's character references are placeholders already (the server's entity pattern came
  // after bare links, before emphasis): a path reads on through one (`&amp;` at a link's end is
  // in the link, not `&amp` and a trailing `;`), and the link writes it as typed.
  const read = readAgain && content.includes('&') ? content.replace(REFERENCE, (reference) => REFERENCE_PLACEHOLDER.repeat(reference.length)) : content;
  const text = boundBefore || boundAfter ? `${boundBefore ? BOUND : ''}${read}${boundAfter ? BOUND : ''}` : read;
  const tokens: Token[] = [];
  let last = 0;
  for (const span of webLinkSpans(text)) {
    const at = span.index;
    let url = span.url;
    // A path running into what follows: the server's pattern reads on through its placeholder or
    // raw delimiters and links them with it (a placeholder left in the HTML) or fails; either way
    // no clean link (it could end only before punctuation or a space).
    if (url.includes(BOUND)) continue;
    const index = at - offset;
    if (read !== content) url = content.slice(index, index + url.length);
    if (index > last) tokens.push(textToken(TokenClass, content.slice(last, index), level));
    const open = new TokenClass('link_open', 'a', 1);
    // The target as sanitize_url writes it (`mailto:` or `http://` assumed, an empty query or
    // fragment dropped); the renderer keeps the character references typed in it (`&amp;`, `&#39;`).
    open.attrs = [['href', serverLinkTarget(url)]];
    open.markup = 'linkify';
    open.info = 'auto';
    open.level = level;
    tokens.push(open, textToken(TokenClass, url, level + 1));
    const close = new TokenClass('link_close', 'a', -1);
    close.markup = 'linkify';
    close.info = 'auto';
    close.level = level;
    tokens.push(close);
    last = index + url.length;
    if (insideElement && boundAfter) {
      const tail = linkTokens(content.slice(last), TokenClass, level, false, false, false, true);
      if (tail) return [...tokens, ...tail];
      break;
    }
  }
  if (tokens.length === 0) return undefined;
  if (last < content.length) tokens.push(textToken(TokenClass, content.slice(last), level));
  return tokens;
}

function textToken(TokenClass: StateCore['Token'], content: string, level: number): Token {
  const token = new TokenClass('text', '', 0);
  token.content = content;
  token.level = level;
  return token;
}

// `***strong em***` (the server's first pattern after code spans) reads its content as a string of
// its own, with the patterns after it: its stars bound no text there.
function isStrongEmEdge(token: Token | undefined, type: 'em_open' | 'em_close'): boolean {
  return token?.type === type && token.markup === '***';
}

function autolinkRule(state: StateCore): void {
  rewriteTextTokens(state, (text, { insideLink, before, after, insideElement, reread, previous, next }) => {
    if (insideLink || !MAYBE_LINK.test(text)) return undefined;
    // A text read again is read first as a piece of the whole text, next to what is around it;
    // read again on its own (open at both ends) after the emoji, which split it there too.
    const boundBefore = reread ? !isTextLike(previous) && !isStrongEmEdge(previous, 'em_open') : before !== 'open';
    const boundAfter = reread ? !isTextLike(next) && !isStrongEmEdge(next, 'em_close') : after !== 'open';
    const tokens = linkTokens(text, state.Token, 0, boundBefore, boundAfter, insideElement);
    return tokens && [tokens];
  });
}

/** markdown-it plugin: bare URLs, domains with a known TLD and email addresses link as on the server. */
export function autolinkPlugin(md: MarkdownIt): void {
  md.core.ruler.push('zulip_autolink', autolinkRule);
}

/**
 * The server walks each link it makes in a text read again and reads the link's tail once more
 * on its own, with every pattern: an emoticon at its start translates there
 * (`***x \`c\`http://x.com/a:)***`), which the emoji pass, run before these links, saw after the URL.
 */
function withTailEmoticons(state: StateCore, tokens: Token[]): TextPiece[] {
  const pieces: TextPiece[] = [];
  let run: Token[] = [];
  tokens.forEach((token, index) => {
    const tail = token.type === 'text' && index > 0 && tokens[index - 1]?.type === 'link_close' ? emoticonPieces(state, token.content) : undefined;
    if (!tail) {
      run.push(token);
      return;
    }
    if (run.length > 0) pieces.push(run);
    pieces.push(...tail);
    run = [];
  });
  if (run.length > 0) pieces.push(run);
  return pieces;
}

/**
 * markdown-it plugin, after the emoji plugin: a text the server reads again on its own (inside
 * emphasis, after an element), split by the emoji its first reading made, each piece a string
 * (`*a :smile: x.com*` links x.com, which the whole text's reading saw before a `*`;
 * `**@*hamletcharacters*http://x.com/a.?:smile:**` links http://x.com/a).
 */
export function autolinkAfterEmojiPlugin(md: MarkdownIt): void {
  md.core.ruler.after('server_emoji', 'zulip_autolink_after_emoji', (state) => {
    rewriteTextTokens(state, (text, { insideLink, reread }) => {
      if (!reread || insideLink || !MAYBE_LINK.test(text)) return undefined;
      const tokens = linkTokens(text, state.Token, 0, false, false, false, true);
      return tokens && withTailEmoticons(state, tokens);
    });
  });
}
