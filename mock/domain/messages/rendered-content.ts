import type { MessageRecord } from '../../store/store';
import { HAS_EMOTICON } from '../markdown/plugins/emoji-syntax';
import { renderMessage } from '../markdown/render';
import type { MockState } from '../state';

/**
 * Syntax whose rendering depends on the realm or the sender as they are when the message is sent:
 * mentions (`@`), channel links (`#`), emoji names and realm emoji (`:name:`), `<time:>`, and
 * emoticons (which the sender's setting translates).
 */
const REALM_DEPENDENT = /[@#]|<time|:[^\s:]+:/;

/**
 * Whether a seeded message may be rendered when first read instead of when stored: it mentions
 * no one, and nothing in it renders differently after the realm changes (linkifiers aside, which
 * render every pending message before they change). Building a large realm is then mostly storing.
 */
export function mayRenderLater(state: MockState, content: string): boolean {
  return !REALM_DEPENDENT.test(content) && !HAS_EMOTICON.test(content) && !content.includes(state.realm.url);
}

/** What a seeded message rendered on first use holds as its HTML until then. */
export const NOT_YET_RENDERED = '';

/**
 * A message's HTML, rendering it now if it was stored for rendering on first use. Records are
 * immutable, so a record read before its first use rendered the message still holds
 * `NOT_YET_RENDERED`: its HTML is then the stored one, which any holder of that record gets too.
 */
export function renderedContentOf(state: MockState, message: MessageRecord): string {
  const { store } = state;
  if (message.rendered_content !== NOT_YET_RENDERED) return message.rendered_content;
  const current = store.tables.message.get(message.id);
  if (current && store.pendingRenders.delete(current.id)) {
    const html = renderMessage(state, current.content, store.tables.user.get(current.sender_id)).html;
    store.tables.message.update(current.id, { rendered_content: html });
    return html;
  }
  // A copy older than an edit (which ends the wait) renders its own content, not the edited one's.
  if (current?.content === message.content) return current.rendered_content;
  return renderMessage(state, message.content, store.tables.user.get(message.sender_id)).html;
}

/** Renders every message still waiting, before something they would render with changes (linkifiers) or the realm is exported. */
export function renderPendingMessages(state: MockState): void {
  for (const id of [...state.store.pendingRenders]) {
    const message = state.store.tables.message.get(id);
    if (message) renderedContentOf(state, message);
    else state.store.pendingRenders.delete(id);
  }
}
