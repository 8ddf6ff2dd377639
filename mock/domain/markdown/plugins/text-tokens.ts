import type { StateCore, Token } from 'markdown-it';

/** A piece of a text token after a server-syntax pass: plain text, or tokens replacing a match. */
export type TextPiece = string | readonly Token[];

/**
 * What the server's pattern reading a text sees on one side of it (for patterns with lookarounds:
 * bare links, emoticons):
 *
 * - `open`: the text's start or end, or a space or newline: the text is a whole string there;
 * - `delimiter`: the `*` or `~` of the emphasis around it, read as text by the patterns applied
 *   before emphasis (bare links), and as the content's start or end by those after (emoticons);
 * - `element`: other syntax, a placeholder (or the raw `*` of a sibling emphasis) to every pattern.
 *
 * The server reads each text inside an element inside emphasis (`**a `x`example.com**`: the text
 * after the code) once more on its own, with every pattern, when it walks the tree: such a text
 * is open on both sides.
 */
type TextSide = 'open' | 'delimiter' | 'element';

/**
 * The inline tokens that are a list item's own text (its paragraph hidden: a tight item) in an
 * item that also holds blocks (a nested list, a quote, code): the server walks such an item's
 * children again and reads the text after each line break or element once more, with every
 * pattern. Undefined when there are none.
 */
function itemTextsReadAgain(tokens: readonly Token[]): Set<Token> | undefined {
  let found: Set<Token> | undefined;
  for (let index = 0; index < tokens.length; index += 1) {
    const item = tokens[index];
    if (item?.type !== 'list_item_open') continue;
    const inner = item.level + 1;
    let text: Token | undefined;
    let blocks = false;
    for (let next = index + 1; next < tokens.length; next += 1) {
      const token = tokens[next];
      if (!token || (token.type === 'list_item_close' && token.level === item.level)) break;
      if (token.level !== inner || token.nesting !== 1) continue;
      if (token.type === 'paragraph_open' && token.hidden) {
        const inline = tokens[next + 1];
        if (inline?.type === 'inline' && !text) text = inline;
        else blocks = true;
      } else blocks = true;
    }
    if (text && blocks) (found ??= new Set()).add(text);
  }
  return found;
}

// The passes over a message's texts (bare links, linkifiers, emoji) run one after the other and
// change only the inline blocks' children, never the blocks: the items are read once, for the
// token list seen last.
let itemTextsTokens: readonly Token[] | undefined;
let itemTexts: Set<Token> | undefined;

function itemTextsOf(tokens: readonly Token[]): Set<Token> | undefined {
  if (tokens !== itemTextsTokens) {
    itemTexts = itemTextsReadAgain(tokens);
    itemTextsTokens = tokens;
  }
  return itemTexts;
}

/**
 * The character a pattern's text is bounded by where other syntax stands next to it (a placeholder
 * of the server's, or a raw `*` or `~`): neither a space nor any character a pattern looks for.
 * NUL: never in the text (markdown-it's normalize turns a typed one into U+FFFD), and one byte
 * wide, which keeps the text's patterns on their faster one-byte code.
 */
export const BOUND = '\0';

/** Whether a token (or the paragraph's edge, `undefined`) reads as text: text or a line break. */
export function isTextLike(token: Token | undefined): boolean {
  return token === undefined || token.type === 'text' || token.type === 'softbreak' || token.type === 'hardbreak';
}

/** What is around a text token, for the patterns that look at it. */
export interface TextContext {
  /** Whether the text is a link's text. */
  insideLink: boolean;
  before: TextSide;
  after: TextSide;
  /** Whether the text is inside an element (emphasis, a link). */
  insideElement: boolean;
  /** The tokens next to it. */
  previous: Token | undefined;
  next: Token | undefined;
  /**
   * The server reads the text again on its own, each piece between the elements its first
   * reading made in it a string of its own (a text inside an element inside emphasis).
   */
  reread: boolean;
  /** The text is in a list item's own text whose item also holds blocks (see itemTextsReadAgain). */
  inItemReadAgain: boolean;
}

/**
 * Runs `split` over every text token of the inline content (code spans and blocks are other
 * token types, so they are never touched) and puts the pieces in place of the token. The context
 * object is the same for every call (read it before returning).
 */
export function rewriteTextTokens(state: StateCore, split: (text: string, context: TextContext) => readonly TextPiece[] | undefined): void {
  const context: TextContext = {
    insideLink: false,
    insideElement: false,
    before: 'open',
    after: 'open',
    previous: undefined,
    next: undefined,
    reread: false,
    inItemReadAgain: false,
  };
  const itemTexts = itemTextsOf(state.tokens);
  for (const block of state.tokens) {
    if (block.type !== 'inline' || !block.children) continue;
    const source = block.children;
    let linkDepth = 0;
    // Open tokens of the elements around, and the last token that is not text.
    const containers: Token[] = [];
    let lastElement: Token | undefined;
    // In a list item's own text whose item holds blocks too, what follows a line break or an
    // element is read again (the item's inline children's tails).
    const tailsReread = itemTexts?.has(block) ?? false;
    let afterBreak = false;
    // Made only once a token is replaced.
    let children: Token[] | undefined;
    for (let index = 0; index < source.length; index += 1) {
      const token = source[index];
      if (!token) continue;
      if (token.type === 'link_open') linkDepth += 1;
      if (token.type === 'link_close') linkDepth -= 1;
      if (token.nesting === 1) containers.push(token);
      else if (token.nesting === -1) containers.pop();
      let pieces: readonly TextPiece[] | undefined;
      if (token.type === 'text') {
        // Not `source[-1]`: a negative index is looked up as a property name, slowly.
        const previous = index > 0 ? source[index - 1] : undefined;
        const next = index + 1 < source.length ? source[index + 1] : undefined;
        let before: TextSide = isTextLike(previous) ? 'open' : 'element';
        let after: TextSide = isTextLike(next) ? 'open' : 'element';
        let reread = false;
        if (containers.length === 0 && tailsReread && (afterBreak || lastElement !== undefined)) {
          reread = true;
          before = 'open';
          after = 'open';
        } else if (containers.length > 0) {
          // The element's own text, read with the patterns after it, or a text read again.
          // In a list item's own text whose item holds blocks too, the item's elements' own texts
          // are read again as well (the server walks the item's children once more).
          const ownText = lastElement === containers[containers.length - 1];
          reread = !ownText || containers.length > 1 || tailsReread;
          if (reread) {
            before = 'open';
            after = 'open';
          } else {
            if (before === 'element') before = 'delimiter';
            if (next?.nesting === -1) after = 'delimiter';
          }
        }
        context.insideLink = linkDepth > 0;
        context.insideElement = containers.length > 0;
        context.before = before;
        context.after = after;
        context.previous = previous;
        context.next = next;
        context.reread = reread;
        context.inItemReadAgain = tailsReread;
        pieces = split(token.content, context);
      } else if (!isTextLike(token)) lastElement = token;
      else if (token.type !== 'text') afterBreak = true;
      if (!pieces) {
        children?.push(token);
        continue;
      }
      children ??= source.slice(0, index);
      for (const piece of pieces) {
        if (typeof piece !== 'string') children.push(...piece);
        else if (piece !== '') {
          const text = new state.Token('text', '', 0);
          text.content = piece;
          children.push(text);
        }
      }
    }
    if (children) block.children = children;
  }
}
