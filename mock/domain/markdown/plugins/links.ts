import type { MarkdownIt, StateCore, StateInline, Token } from 'markdown-it';
import { escapeAttribute, escapeAttributeKeepingReferences } from '../escape';
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

type Helpers = MarkdownIt['helpers'];

// A link's (or image's) target and title as typed: the server decodes no character reference in
// them (`&#39;` stays `&#39;`) and reads no backslash escape (its inline patterns leave `escape`
// out), where markdown-it decodes both.
function typedDestination(parse: Helpers['parseLinkDestination']): Helpers['parseLinkDestination'] {
  return (str, start, max) => {
    const result = parse(str, start, max);
    if (result.ok) result.str = str.charCodeAt(start) === 0x3c /* < */ ? str.slice(start + 1, result.pos - 1) : str.slice(start, result.pos);
    return result;
  };
}

function typedTitle(parse: Helpers['parseLinkTitle']): Helpers['parseLinkTitle'] {
  return (str, start, max, previous) => {
    const result = parse(str, start, max, previous);
    // Inline links read a title in one piece (a continued title is a reference definition's).
    if (result.ok && previous === undefined) result.str = str.slice(start + 1, result.pos - 1);
    return result;
  };
}

// The server's serializer writes a link's attributes keeping each `&` that starts a character
// reference (its `RE_AMP`): a typed `&#39;` or `&copy;` stays, any other `&` is `&amp;`.
function linkOpenTag(tokens: Token[], index: number): string {
  let html = '<a';
  for (const [name, value] of tokens[index]?.attrs ?? []) {
    html += ` ${name}="${name === 'href' || name === 'title' ? escapeAttributeKeepingReferences(String(value)) : escapeAttribute(String(value))}"`;
  }
  return `${html}>`;
}

/** markdown-it plugin for the server's links: allowed schemes only, `http://` assumed, empty text -> URL. */
export function linksPlugin(md: MarkdownIt): void {
  md.helpers.parseLinkDestination = typedDestination(md.helpers.parseLinkDestination);
  md.helpers.parseLinkTitle = typedTitle(md.helpers.parseLinkTitle);
  md.renderer.rules.link_open = linkOpenTag;
  md.inline.ruler.before('newline', 'zulip_link_text_newline', linkTextNewlineRule);
  // The server's scheme list alone decides (markdown-it's own check also refuses `file:`).
  md.validateLink = isLinkableUrl;
  md.normalizeLink = serverLinkTarget;
  md.core.ruler.after('inline', 'zulip_empty_link_text', emptyLinkTextRule);
}
