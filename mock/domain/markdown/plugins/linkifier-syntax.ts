import type { Env, MarkdownIt } from 'markdown-it';
import { rewriteTextTokens, type TextPiece } from './text-tokens';

/** A stretch of text a linkifier links. */
export interface LinkifiedText {
  readonly text: string;
  readonly url: string;
}

/** The render environment the plugin reads. */
export interface LinkifierEnv extends Env {
  /**
   * The text cut into plain stretches and links; undefined when no linkifier matches. Absent when
   * the realm has no linkifiers, which spares a pass over every text.
   */
  readonly linkify?: ((text: string) => readonly (string | LinkifiedText)[] | undefined) | undefined;
}

/**
 * markdown-it plugin for the realm's linkifiers: their matches in text outside links and code
 * become `<a href="...">` links (no other attributes, as on the server).
 */
export function linkifierPlugin(md: MarkdownIt): void {
  md.core.ruler.push('server_linkifiers', (state) => {
    const linkify = (state.env as Partial<LinkifierEnv>).linkify;
    if (!linkify) return;
    rewriteTextTokens(state, (text, { insideLink }) => {
      if (insideLink) return undefined;
      const pieces = linkify(text);
      if (!pieces) return undefined;
      return pieces.map((piece): TextPiece => {
        if (typeof piece === 'string') return piece;
        const open = new state.Token('link_open', 'a', 1);
        open.attrSet('href', piece.url);
        const inner = new state.Token('text', '', 0);
        inner.content = piece.text;
        return [open, inner, new state.Token('link_close', 'a', -1)];
      });
    });
  });
}
