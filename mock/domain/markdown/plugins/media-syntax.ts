import type { MarkdownIt, StateInline, Token } from 'markdown-it';
import { type MediaResolvers, mediaHtml } from '../media-kinds';
import { relativeLocalUrl } from './local-links';
import { ruleOf } from '../rule-of';

/** What the media-syntax rule reads from the render environment. */
export interface MediaSyntaxEnv extends MediaResolvers {
  /**
   * Whether the server reads `![text](url)` as media (feature level 405 on); before, it has no
   * such syntax and reads `!` followed by a link.
   */
  readonly mediaSyntax?: boolean;
  /** The realm's address: media in it get relative sources, as links do. */
  readonly realmUrl?: string;
}

type InlineRule = (state: StateInline, silent: boolean) => boolean;

/**
 * The alt text the server gives `![text](url)`: the text as typed, where the syntax its patterns
 * read before images (code, `***strong em***`, mentions, channel links, times, links) stands for
 * its text content (Python-Markdown's `unescape` of their placeholders); emphasis it reads later
 * stays as typed.
 */
function altText(tokens: readonly Token[] | null, typed: string): string {
  if (!tokens) return typed;
  let text = '';
  for (const token of tokens) {
    const meta = token.meta as AltMeta | null;
    if (token.type === 'text' || token.type === 'code_inline') text += token.content;
    else if (token.type === 'softbreak' || token.type === 'hardbreak') text += '\n';
    else if (token.type === 'mention') text += meta?.span?.text ?? '';
    else if (token.type === 'channel_link') text += `${meta?.anchor?.text ?? ''}${meta?.anchor?.emptyTopic?.name ?? ''}${meta?.anchor?.emptyTopic?.tail ?? ''}`;
    else if (token.type === 'server_time') text += meta?.datetime === undefined ? `Invalid time format: ${meta?.text ?? ''}` : (meta.text ?? '');
    else if (token.type === 'zulip_inline_math') text += `$$${token.content}$$`;
    // `***strong em***` is read before images; `**`, `*` and `~~` after, so they stay as typed.
    else if (token.nesting !== 0 && token.markup !== '***' && token.markup !== 'linkify') text += token.markup;
  }
  return text;
}

interface AltMeta {
  readonly span?: { readonly text: string };
  readonly anchor?: { readonly text: string; readonly emptyTopic?: { readonly name: string; readonly tail: string } };
  readonly text?: string;
  readonly datetime?: string;
}

/**
 * The server's media syntax on top of markdown-it's image rule (which reads the brackets, the
 * URL and the title as links read them): the `<audio>` or `<img>` the server writes, or, for an
 * upload that is neither, the syntax as text (its bracketed text still read as Markdown, since
 * the server's link pattern has already run there, and skipped the `[` after `!`).
 */
function mediaRule(image: InlineRule): InlineRule {
  return (state, silent) => {
    const env = state.env as MediaSyntaxEnv;
    if (env.mediaSyntax === false) return false;
    if (silent) return image(state, true);
    const start = state.pos;
    if (!image(state, false)) return false;
    const token = state.tokens[state.tokens.length - 1];
    if (token?.type !== 'image') return true;
    // (An empty URL is `http://`, as any other without a scheme; a host `urlsplit` refuses, `[` or
    // `]` alone, is an empty source, as `sanitize_url` writes it for links too.)
    const src = String(token.attrGet('src') ?? '');
    const typedTitle = token.attrGet('title');
    // An empty quoted title is still a title to the server (no audio player then).
    const title = typedTitle !== null ? String(typedTitle) : undefined;
    const label = altText(token.children, token.content);
    const html = mediaHtml({ src: env.realmUrl ? relativeLocalUrl(src, env.realmUrl) : src, label, title }, env);
    if (html !== undefined) {
      token.meta = { html };
      return true;
    }
    state.tokens.pop();
    state.tokens_meta.pop();
    state.pending += '![';
    state.pushPending();
    state.md.inline.parse(token.content, state.md, state.env, state.tokens);
    state.pending += state.src.slice(start + 2 + token.content.length, state.pos);
    return true;
  };
}

/**
 * markdown-it plugin for the server's media syntax, `![text](url)`: an `<audio controls>` player
 * for audio (by the upload's stored type, or a URL's extension), else an inline `<img>` (an
 * uploaded image as its thumbnail or loading placeholder), from feature level 405.
 */
export function mediaSyntaxPlugin(md: MarkdownIt): void {
  md.inline.ruler.at('image', mediaRule(ruleOf(md.inline.ruler, 'image').fn));
  md.renderer.rules.image = (tokens, index) => (tokens[index]?.meta as { html: string }).html;
}
