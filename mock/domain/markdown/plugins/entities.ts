import type { MarkdownIt, StateInline } from 'markdown-it';

// Python-Markdown's ENTITY_RE, which the server keeps: a named, decimal or lower-case-x hex
// reference, any name (known to HTML or not), ended by `;`.
const ENTITY = /&(?:#[0-9]+|#x[0-9a-fA-F]+|[a-zA-Z0-9]+);/y;

function entityRule(state: StateInline, silent: boolean): boolean {
  if (state.src.charCodeAt(state.pos) !== 0x26 /* & */) return false;
  ENTITY.lastIndex = state.pos;
  const match = ENTITY.exec(state.src);
  if (!match || state.pos + match[0].length > state.posMax) return false;
  if (!silent) state.push('zulip_entity', '', 0).content = match[0];
  state.pos += match[0].length;
  return true;
}

/**
 * markdown-it plugin: character references stay in the HTML exactly as typed (`&copy;` is not
 * decoded, so it never becomes an emoji), as the server's `entity` pattern stashes them as raw
 * HTML; an `&` that starts none stays text (escaped as `&amp;`).
 */
export function entitiesPlugin(md: MarkdownIt): void {
  md.inline.ruler.at('entity', entityRule);
  md.renderer.rules.zulip_entity = (tokens, index) => tokens[index]?.content ?? '';
}
