import type { MarkdownIt, StateCore, Token } from 'markdown-it';

// The schemes the server links; any other (javascript:, itms:, foo:) leaves the text as typed.
const ALLOWED_SCHEMES = new Set(['http', 'https', 'ftp', 'mailto', 'file', 'tel', 'sms']);
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/** Whether the server would link `url`: an allowed scheme, or none (then it assumes `http://`). */
export function isLinkableUrl(url: string): boolean {
  const scheme = SCHEME.exec(url.trim())?.[1];
  return scheme === undefined || ALLOWED_SCHEMES.has(scheme.toLowerCase());
}

// The server writes `http://` before a link target without a scheme (not for /paths and #fragments).
function withScheme(url: string): string {
  if (SCHEME.test(url) || url.startsWith('/') || url.startsWith('#')) return url;
  return url.includes('@') && !url.includes('/') ? `mailto:${url}` : `http://${url}`;
}

/**
 * A link target as the server writes it (`sanitize_url`): `http://` assumed, spaces as `%20`, and
 * everything else as typed. markdown-it's own normalization percent-encodes non-ASCII and
 * punycodes host names, which the server never does (`[a](http://example.com/Здравейте)`).
 */
function serverLinkTarget(url: string): string {
  return withScheme(url).replaceAll(' ', '%20');
}

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

/** markdown-it plugin for the server's links: allowed schemes only, `http://` assumed, empty text -> URL. */
export function linksPlugin(md: MarkdownIt): void {
  const validateLink = md.validateLink.bind(md);
  md.validateLink = (url) => validateLink(url) && isLinkableUrl(url);
  md.normalizeLink = serverLinkTarget;
  md.core.ruler.after('inline', 'zulip_empty_link_text', emptyLinkTextRule);
}
