import type { MessageRecord } from '../../store/store';
import { renderedContentOf } from '../messages/rendered-content';
import type { MockState } from '../state';

/** What a message "has", for `has:` terms: read off its rendered HTML, linked uploads and reactions. */
export type HasOperand = 'link' | 'attachment' | 'image' | 'reaction';

/** The `has:` operands the server knows. */
export const HAS_OPERANDS: ReadonlySet<string> = new Set<HasOperand>(['link', 'attachment', 'image', 'reaction']);

const LINK = /<a\s[^>]*href=/i;
// Emoji are images too, but not "has:image".
const IMAGE = /<img\s(?![^>]*class="emoji)|class="message_inline_image"/i;

/** Whether the message has a link, an uploaded file, an image or a reaction. */
export function messageHas(state: MockState, message: MessageRecord, what: HasOperand): boolean {
  switch (what) {
    case 'link':
      return LINK.test(renderedContentOf(state, message));
    case 'attachment':
      return message.has_attachment;
    case 'image':
      return IMAGE.test(renderedContentOf(state, message));
    case 'reaction':
      return state.store.reactions.of(message.id).length > 0;
  }
}
