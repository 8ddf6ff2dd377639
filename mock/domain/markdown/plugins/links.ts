import type { MarkdownIt, StateCore, StateInline, Token } from 'markdown-it';
import { escapeAttribute, escapeAttributeKeepingReferences } from '../escape';
import { type InlineElements, type LinkParts, LinkReader } from '../link-parts';
import { type ChannelLinkEnv, parseChannelLinkAt } from './channel-link-syntax';
import { type MentionEnv, parseMentionAt } from '../mention-syntax';
import { parseTimestamp } from '../parse-time';
import { isLinkableUrl, serverLinkTarget } from '../link-targets';

function isBlankText(token: Token | undefined): boolean {
  return token?.type === 'text' && token.content.trim() === '';
}

// `[](url)` and `[  ](url)` show the URL as their text, as on the server.
function fillEmptyLinkText(children: Token[], TokenClass: StateCore['Token']): void {
  for (let index = 0; index < children.length; index += 1) {
    const open = children[index];
    if (open?.type !== 'link_open' || open.markup === 'linkify') continue;
    let close = index + 1;
    while (isBlankText(children[close])) close += 1;
    if (children[close]?.type !== 'link_close') continue;
    const text = new TokenClass('text', '', 0);
    text.content = String(open.attrGet('href') ?? '');
    children.splice(index + 1, close - index - 1, text);
  }
}

function emptyLinkTextRule(state: StateCore): void {
  for (const token of state.tokens) {
    if (token.type === 'inline' && token.children) fillEmptyLinkText(token.children, state.Token);
  }
}

// A link's text gets no pattern after links (an `AtomicString` on the server), the line-break
// pattern included: a newline in it stays a newline, no `<br>`.
function linkTextNewlineRule(state: StateInline, silent: boolean): boolean {
  if (state.linkLevel === 0 || state.src.charCodeAt(state.pos) !== 0x0a /* \n */) return false;
  if (!silent) state.pending += '\n';
  state.pos += 1;
  return true;
}

// The server's `[text](target "title")` and `![text](target "title")`: Python-Markdown's
// `getLink` reads the target and title (see `serverLinkParts`), as typed (no character reference
// decoded, no backslash escape read); markdown-it's own reading of them differs (no spaces, no
// newlines, backslash escapes, a title only after whitespace).
//
// A link's text is its brackets' balanced content (`getText`), read with none of the patterns
// after links (an `AtomicString`): a link or image in it stays text (`[![img](x.png)](y)`).
function linkRule(state: StateInline, silent: boolean): boolean {
  if (state.linkLevel > 0 || state.src.charCodeAt(state.pos) !== 0x5b /* [ */) return false;
  const labelStart = state.pos + 1;
  const labelEnd = state.md.helpers.parseLinkLabel(state, state.pos, false);
  if (labelEnd < 0) return false;
  const parts = linkParts(state, labelEnd + 1);
  if (!parts) return false;
  if (!silent) {
    const max = state.posMax;
    state.pos = labelStart;
    state.posMax = labelEnd;
    const open = state.push('link_open', 'a', 1);
    open.attrs = parts.title === undefined ? [['href', parts.href]] : [['href', parts.href], ['title', parts.title]];
    state.linkLevel += 1;
    state.md.inline.tokenize(state);
    state.linkLevel -= 1;
    state.push('link_close', 'a', -1);
    state.posMax = max;
  }
  state.pos = parts.end;
  return true;
}

function imageRule(state: StateInline, silent: boolean): boolean {
  if (state.linkLevel > 0 || state.src.charCodeAt(state.pos) !== 0x21 /* ! */ || state.src.charCodeAt(state.pos + 1) !== 0x5b /* [ */) return false;
  const labelStart = state.pos + 2;
  const labelEnd = state.md.helpers.parseLinkLabel(state, state.pos + 1, false);
  if (labelEnd < 0) return false;
  const parts = linkParts(state, labelEnd + 1);
  if (!parts) return false;
  if (!silent) {
    const content = state.src.slice(labelStart, labelEnd);
    const children: Token[] = [];
    state.md.inline.parse(content, state.md, state.env, children);
    const token = state.push('image', 'img', 0);
    token.attrs = parts.title === undefined ? [['src', parts.href], ['alt', '']] : [['src', parts.href], ['alt', ''], ['title', parts.title]];
    token.children = children;
    token.content = content;
  }
  state.pos = parts.end;
  return true;
}

type InlineRule = (state: StateInline, silent: boolean) => boolean;

// The rules for what the server's patterns before links make (code spans, `***strong em***`,
// math, mentions, channel links, times), by name.
const BEFORE_LINKS = ['backticks', 'zulip_star', 'zulip_inline_math', 'mention', 'channel_link', 'server_time'];
const rulesBeforeLinks = new WeakMap<MarkdownIt, readonly InlineRule[]>();

function beforeLinks(md: MarkdownIt): readonly InlineRule[] {
  let rules = rulesBeforeLinks.get(md);
  if (!rules) {
    rules = md.inline.ruler.__rules__.filter((rule) => rule.enabled && BEFORE_LINKS.includes(rule.name)).map((rule) => rule.fn as InlineRule);
    rulesBeforeLinks.set(md, rules);
  }
  return rules;
}

// A backtick after an odd run of backslashes opens nothing (the server's `BACKTICK_RE`).
function escapedBacktick(src: string, pos: number): boolean {
  let start = pos;
  while (start > 0 && src.charCodeAt(start - 1) === 0x5c /* \ */) start -= 1;
  return (pos - start) % 2 === 1;
}

/** Where an element of the patterns before links starts at `pos` and ends, or -1: its rule asked silently. */
function elementEnd(state: StateInline, pos: number, max: number): number {
  const { src } = state;
  // An even run of backslashes before a backtick is the code pattern's too (`BACKTICK_RE`'s first
  // branch): it stands for half as many.
  if (src.charCodeAt(pos) === 0x5c /* \ */) {
    if (pos > 0 && src.charCodeAt(pos - 1) === 0x5c) return -1;
    let end = pos;
    while (end < max && src.charCodeAt(end) === 0x5c) end += 1;
    return src.charCodeAt(end) === 0x60 && end < max && (end - pos) % 2 === 0 ? end : -1;
  }
  if (src.charCodeAt(pos) === 0x60 /* ` */ && escapedBacktick(src, pos)) return -1;
  const oldPos = state.pos;
  const oldMax = state.posMax;
  state.posMax = max;
  let end = -1;
  for (const rule of beforeLinks(state.md)) {
    state.pos = pos;
    if (rule(state, true) && state.pos > pos) {
      end = state.pos;
      break;
    }
  }
  state.pos = oldPos;
  state.posMax = oldMax;
  // (A run of backticks that opens no code span is text.)
  if (end > 0 && src.charCodeAt(pos) === 0x60 && /^`+$/.test(src.slice(pos, end))) return -1;
  return end;
}

/** Python-Markdown's `code_escape`: a code span's text as its element holds it. */
const codeEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const TIME = /^<time:([^>]*?)>/;

/**
 * The text of the element from `start` to `end` (its `itertext`), worked out from the syntax:
 * not by reading it as Markdown, which would put the star analysis of the text being read aside.
 */
function elementText(state: StateInline, start: number, end: number): string {
  const { src } = state;
  const env = state.env as Partial<MentionEnv & ChannelLinkEnv>;
  switch (src[start]) {
    case '\\':
      return '\\'.repeat((end - start) / 2);
    case '`': {
      // The closing run is exactly as long as the opening one.
      let length = 0;
      while (src.charCodeAt(end - 1 - length) === 0x60) length += 1;
      return codeEscape(src.slice(start + length, end - length));
    }
    case '*':
      // (An element in `***strong em***`'s content would be a placeholder in the server's text.)
      return src.slice(start + 3, end - 3);
    case '@': {
      const parsed = parseMentionAt(src, start);
      const span = parsed && env.resolveMention?.(parsed.syntax);
      if (!span) return src.slice(start, end);
      // A mention in a target mentions: the server's pattern counts each it matches.
      env.mentions?.push(span);
      return span.text;
    }
    case '#': {
      const parsed = parseChannelLinkAt(src, start);
      const anchor = parsed && env.resolveChannelLink?.(parsed.syntax);
      return anchor ? anchor.text + (anchor.emptyTopic ? anchor.emptyTopic.name + anchor.emptyTopic.tail : '') : src.slice(start, end);
    }
    case '<': {
      const text = TIME.exec(src.slice(start, end))?.[1] ?? '';
      return parseTimestamp(text) === undefined ? `Invalid time format: ${text}` : text;
    }
    default:
      // Inline math: the server writes its HTML stash's placeholder (not copied: as typed).
      return src.slice(start, end);
  }
}

function inlineElements(state: StateInline): InlineElements {
  return { endAt: (pos, max) => elementEnd(state, pos, max), textOf: (start, end) => elementText(state, start, end) };
}

// Each inline reading's links are read with one reader (the rules ask about a `(` more than once:
// silently, then to push it).
const readers = new WeakMap<StateInline, { reader: LinkReader; read: Map<number, LinkParts | undefined> }>();

function serverParts(state: StateInline, open: number): LinkParts | undefined {
  let entry = readers.get(state);
  if (!entry) readers.set(state, (entry = { reader: new LinkReader(state.src, inlineElements(state)), read: new Map() }));
  const key = open * 65536 + (state.posMax - open);
  if (entry.read.has(key)) return entry.read.get(key);
  const parts = entry.reader.parts(open, state.posMax);
  entry.read.set(key, parts);
  return parts;
}

/** The target (as `sanitize_url` writes it) and title after a link's text, where the server links. */
function linkParts(state: StateInline, open: number): LinkParts | undefined {
  if (open >= state.posMax || state.src.charCodeAt(open) !== 0x28 /* ( */) return undefined;
  const parts = serverParts(state, open);
  if (!parts) return undefined;
  const href = state.md.normalizeLink(parts.href);
  return state.md.validateLink(href) ? { href, title: parts.title, end: parts.end } : undefined;
}

// The server's serializer writes a link's attributes keeping each `&` that starts a character
// reference (its `RE_AMP`): a typed `&#39;` or `&copy;` stays, any other `&` is `&amp;`.
const NEEDS_ESCAPING = /[&<>"]/;

function linkOpenTag(tokens: Token[], index: number): string {
  let html = '<a';
  for (const [name, value] of tokens[index]?.attrs ?? []) {
    const text = String(value);
    const escaped = !NEEDS_ESCAPING.test(text) ? text : name === 'href' || name === 'title' ? escapeAttributeKeepingReferences(text) : escapeAttribute(text);
    html += ` ${name}="${escaped}"`;
  }
  return `${html}>`;
}

/** markdown-it plugin for the server's links: allowed schemes only, `http://` assumed, empty text -> URL. */
export function linksPlugin(md: MarkdownIt): void {
  md.inline.ruler.at('link', linkRule);
  md.inline.ruler.at('image', imageRule);
  md.renderer.rules.link_open = linkOpenTag;
  md.inline.ruler.before('newline', 'zulip_link_text_newline', linkTextNewlineRule);
  // The server's scheme list alone decides (markdown-it's own check also refuses `file:`).
  md.validateLink = isLinkableUrl;
  md.normalizeLink = serverLinkTarget;
  md.core.ruler.after('inline', 'zulip_empty_link_text', emptyLinkTextRule);
}
