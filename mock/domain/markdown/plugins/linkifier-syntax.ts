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
   * the realm has no linkifiers, which spares a pass over every text. `afterSyntax`: the server's
   * linkifiers see other syntax right before the text (see linkifyText).
   */
  readonly linkify?: ((text: string, afterSyntax: boolean) => readonly (string | LinkifiedText)[] | undefined) | undefined;
  /** Whether a linkifier may match a `*` or `~`: only then are its matches taken before emphasis. */
  readonly linkifiersMayTakeStars?: boolean;
}

/**
 * markdown-it plugin for the realm's linkifiers: their matches in text outside links and code
 * (not right after other syntax: `` `x`#5 ``, `*#5*` stay text, as on the server) become
 * `<a href="...">` links (no other attributes, as on the server).
 */
export function linkifierPlugin(md: MarkdownIt): void {
  md.core.ruler.push('server_linkifiers', (state) => {
    const linkify = (state.env as Partial<LinkifierEnv>).linkify;
    if (!linkify) return;
    rewriteTextTokens(state, (text, { insideLink, before, reread, inItemReadAgain }) => {
      if (insideLink) return undefined;
      // The server's linkifiers come before its emphasis patterns: a text right after an element
      // (a placeholder to them) or inside emphasis (after its raw `*` or `~`) is no text start,
      // unless the server reads the text again on its own (in a list item holding blocks, every text).
      const first = linkify(text, before !== 'open' && !inItemReadAgain);
      if (!first) return undefined;
      // Read again, the text after each link the first reading made is a string of its own.
      const pieces = !(reread || inItemReadAgain)
        ? first
        : first.flatMap((piece, index) => (index > 0 && typeof piece === 'string' && typeof first[index - 1] !== 'string' ? (linkify(piece, false) ?? [piece]) : [piece]));
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
