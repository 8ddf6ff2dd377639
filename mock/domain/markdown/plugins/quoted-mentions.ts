import type { MarkdownIt, StateCore } from 'markdown-it';
import { BEFORE_MENTION_ALLOWED_CLASS } from '../before-mention';

// The server's mention patterns (`MENTIONS_RE`, `USER_GROUP_MENTIONS_RE`): `@**name**` or
// `@*group*`, silent or not, at the start or after whitespace or one of ' " ( { [ / <.
const USER_MENTION = new RegExp(`(?<![^${BEFORE_MENTION_ALLOWED_CLASS}])@_?\\*\\*([^*]+)\\*\\*`, 'g');
const GROUP_MENTION = new RegExp(`(?<![^${BEFORE_MENTION_ALLOWED_CLASS}])@_?\\*([^*]+)\\*`, 'g');

/** The text with every user, wildcard and group mention made silent (`@**x**` → `@_**x**`). */
function silenceMentions(text: string): string {
  return text.replace(USER_MENTION, '@_**$1**').replace(GROUP_MENTION, '@_*$1*');
}

function quotedMentionsRule(state: StateCore): void {
  let quoteDepth = 0;
  for (const token of state.tokens) {
    if (token.type === 'blockquote_open') quoteDepth += 1;
    else if (token.type === 'blockquote_close') quoteDepth -= 1;
    else if ((token.type === 'inline' || token.type === 'code_block') && quoteDepth > 0) token.content = silenceMentions(token.content);
  }
}

/**
 * markdown-it plugin: mentions inside quotes (`>` lines and ```` ```quote ```` blocks) are silent,
 * as on the server, whose quote processor rewrites them to the silent syntax before the inline
 * rules see them: a quoted mention notifies nobody and sets no mention flag. Being a rewrite of the
 * text, it reaches into quoted code spans and indented code blocks too (`>      @**all**` shows
 * `@_**all**`), as the server's does (fenced code it has set aside before).
 */
export function quotedMentionsPlugin(md: MarkdownIt): void {
  md.core.ruler.before('inline', 'zulip_quoted_mentions', quotedMentionsRule);
}
