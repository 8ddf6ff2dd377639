import type { MarkdownIt, StateCore, Token } from 'markdown-it';

/** What the local-links rule reads from the render environment. */
export interface LocalLinksEnv {
  /** The realm's address, e.g. `https://chat.example.com` (no trailing slash). */
  readonly realmUrl?: string;
}

/**
 * A URL into the realm's own web app (`{realm}/#...`) or uploads (`{realm}/user_uploads/...`)
 * made relative, as the server writes links and media sources (`#...`, `user_uploads/...`).
 */
export function relativeLocalUrl(url: string, realmUrl: string): string {
  const base = `${realmUrl}/`;
  return url.startsWith(`${base}#`) || url.startsWith(`${base}user_uploads/`) ? url.slice(base.length) : url;
}

function rewriteLinks(children: readonly Token[], realmUrl: string): void {
  for (const token of children) {
    if (token.type !== 'link_open') continue;
    const href = String(token.attrGet('href') ?? '');
    const relative = relativeLocalUrl(href, realmUrl);
    if (relative !== href) token.attrSet('href', relative);
  }
}

/**
 * markdown-it plugin: links into the realm's own web app (`{realm}/#...`) or uploads
 * (`{realm}/user_uploads/...`) become relative, as the server writes them, so they open in the
 * same window.
 */
export function localLinksPlugin(md: MarkdownIt): void {
  md.core.ruler.push('zulip_local_links', (state: StateCore) => {
    const realmUrl = (state.env as LocalLinksEnv).realmUrl;
    if (!realmUrl) return;
    for (const token of state.tokens) if (token.type === 'inline' && token.children) rewriteLinks(token.children, realmUrl);
  });
}
