import type { messageDeletion } from '../../src/endpoints/index';
import { deleteMessage } from '../domain/messages/delete';
import type { Implementation } from '../http/operation';

/** Message deletion. */
export const messageDeletionRoutes = {
  deleteMessage: ({ state, user, params }) => {
    deleteMessage(state, user, params.message_id);
    return {};
  },
} satisfies { [Name in keyof typeof messageDeletion]: Implementation<(typeof messageDeletion)[Name]> };
