import type { reactions } from '../../src/endpoints/index';
import { readReceipts } from '../domain/messages/read-receipts';
import { renderPreview } from '../domain/messages/render-preview';
import { addReaction } from '../domain/reactions/add';
import { removeReaction } from '../domain/reactions/remove';
import type { Implementation } from '../http/operation';

/** Reactions, the render preview and read receipts: decode → domain → payload. */
export const reactionRoutes = {
  addReaction: ({ state, user, params }) => {
    addReaction(state, user, params);
    return {};
  },
  removeReaction: ({ state, user, params }) => {
    removeReaction(state, user, params);
    return {};
  },
  renderMessage: ({ state, user, params }) => renderPreview(state, user, params.content),
  getReadReceipts: ({ state, user, params }) => readReceipts(state, user, params.message_id),
} satisfies { [Name in keyof typeof reactions]: Implementation<(typeof reactions)[Name]> };
