import type { StateCore, Token } from 'markdown-it';

/** A piece of a text token after a server-syntax pass: plain text, or tokens replacing a match. */
export type TextPiece = string | readonly Token[];

/**
 * Runs `split` over every text token of the inline content (code spans and blocks are other
 * token types, so they are never touched) and puts the pieces in place of the token.
 * `insideLink` tells whether the text is a link's text.
 */
export function rewriteTextTokens(
  state: StateCore,
  split: (text: string, insideLink: boolean) => readonly TextPiece[] | undefined,
): void {
  for (const block of state.tokens) {
    if (block.type !== 'inline' || !block.children) continue;
    let linkDepth = 0;
    const children: Token[] = [];
    for (const token of block.children) {
      if (token.type === 'link_open') linkDepth += 1;
      if (token.type === 'link_close') linkDepth -= 1;
      const pieces = token.type === 'text' ? split(token.content, linkDepth > 0) : undefined;
      if (!pieces) {
        children.push(token);
        continue;
      }
      for (const piece of pieces) {
        if (typeof piece !== 'string') children.push(...piece);
        else if (piece !== '') {
          const text = new state.Token('text', '', 0);
          text.content = piece;
          children.push(text);
        }
      }
    }
    block.children = children;
  }
}
