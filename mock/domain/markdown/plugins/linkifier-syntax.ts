import type { Env, MarkdownIt, StateCore } from 'markdown-it';
import type { EmojiReadAgainEnv } from './emoji-syntax';
import { rewriteTextTokens, type TextPiece } from './text-tokens';

/** A stretch of text a linkifier links. */
interface LinkifiedText {
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
  /**
   * The link the linkifiers make at the very start of a text read as a string of its own: its
   * text's bounds and URL, or undefined (see tailsReadAgain).
   */
  readonly linkifyStart?: ((text: string) => { readonly start: number; readonly end: number; readonly url: string } | undefined) | undefined;
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
    const { linkify, linkifyStart } = state.env as Partial<LinkifierEnv>;
    if (!linkify || !linkifyStart) return;
    rewriteTextTokens(state, (text, { insideLink, insideElement, before, reread, inItemReadAgain, previous, next }) => {
      if (insideLink) return undefined;
      // The server's linkifiers come before its emphasis patterns: a text right after an element
      // (a placeholder to them) or inside emphasis (after its raw `*` or `~`) is no text start,
      // unless the server reads the text again on its own (in a list item holding blocks, every text).
      const first = linkify(text, before !== 'open' && !inItemReadAgain);
      if (!first) return undefined;
      // Inside emphasis the server walks each element's children and reads the text after each
      // link once more, a string of its own (`**x #5@foo**` links both). But the whole text of an
      // emphasis in emphasis is read again when that element is walked, and what that reading
      // makes is put in after the walk: no tail of it is read once more (`**a *#5@foo* b**` links
      // #5 only); `***strong em***` reads its content at once instead.
      const wholeText = previous?.nesting === 1 && previous.markup !== '***' && next?.nesting === -1;
      const pieces = inItemReadAgain || (insideElement && !(reread && wholeText)) ? tailsReadAgain(linkify, linkifyStart, first) : first;
      return linkTokens(state, pieces);
    });
  });
}

type Linkify = NonNullable<LinkifierEnv['linkify']>;
type LinkifyStart = NonNullable<LinkifierEnv['linkifyStart']>;

/**
 * The pieces with the text after each link read once more, a string of its own, and so on after
 * each link that reading makes (the server walks the links it puts in too).
 *
 * A text the reading left plain after its last link runs to the end of the text read, as it does
 * when read on its own: its characters and its end read alike both times, only its start differs
 * (no placeholder before it), so only a link at its start can be new, and after that link the
 * same holds again. Only that start is looked at (`linkifyStart`), which keeps a long run of links
 * each found by reading the text after the one before (`**x #1#2#3…**`) linear, where the server
 * reads the whole rest each time. A plain text between two links is read again whole.
 */
function tailsReadAgain(linkify: Linkify, linkifyStart: LinkifyStart, first: readonly (string | LinkifiedText)[]): readonly (string | LinkifiedText)[] {
  const pieces: (string | LinkifiedText)[] = [];
  for (let index = 0; index < first.length; index += 1) {
    const piece = first[index]!;
    if (index === 0 || typeof piece !== 'string' || typeof first[index - 1] === 'string') pieces.push(piece);
    else if (index < first.length - 1) {
      const again = linkify(piece, false);
      if (again) pieces.push(...tailsReadAgain(linkify, linkifyStart, again));
      else pieces.push(piece);
    } else {
      let rest = piece;
      for (let link = linkifyStart(rest); link && rest !== ''; link = rest === '' ? undefined : linkifyStart(rest)) {
        if (link.start > 0) pieces.push(rest.slice(0, link.start));
        pieces.push({ text: rest.slice(link.start, link.end), url: link.url });
        rest = rest.slice(link.end);
      }
      if (rest !== '') pieces.push(rest);
    }
  }
  return pieces;
}

function linkTokens(state: StateCore, pieces: readonly (string | LinkifiedText)[]): TextPiece[] {
  return pieces.map((piece): TextPiece => {
    if (typeof piece === 'string') return piece;
    const open = new state.Token('link_open', 'a', 1);
    open.attrSet('href', piece.url);
    const inner = new state.Token('text', '', 0);
    inner.content = piece.text;
    return [open, inner, new state.Token('link_close', 'a', -1)];
  });
}

/**
 * markdown-it plugin, after the emoji plugin and the bare links after it: a text the server reads
 * again on its own (inside emphasis, after an element) is split by the emoji its first reading made
 * (`**😀#5**`), and each piece after an emoji is a string of its own to the linkifiers too, whose
 * first reading saw the emoji's placeholder before `#5`.
 */
export function linkifierAfterEmojiPlugin(md: MarkdownIt): void {
  md.core.ruler.after('zulip_autolink_after_emoji', 'server_linkifiers_after_emoji', (state) => {
    const env = state.env as Partial<LinkifierEnv> & EmojiReadAgainEnv;
    const { linkify, linkifyStart } = env;
    if (!linkify || !linkifyStart || !env.emojiInElement) return;
    rewriteTextTokens(state, (text, { insideLink, reread, previous }) => {
      if (!reread || insideLink || previous?.type !== 'emoji') return undefined;
      const first = linkify(text, false);
      return first && linkTokens(state, tailsReadAgain(linkify, linkifyStart, first));
    });
  });
}
