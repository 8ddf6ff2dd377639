import type { messageEdits } from '../../src/endpoints/index';
import { getMessageHistory } from '../domain/messages/edit/get-history';
import { updateMessage } from '../domain/messages/edit/update';
import type { Implementation } from '../http/operation';

/** Editing and moving messages, and their history. */
export const messageEditRoutes = {
  updateMessage: ({ state, user, params }) => updateMessage(state, user, params),
  getMessageHistory: ({ state, user, params }) => getMessageHistory(state, user, params),
} satisfies { [Name in keyof typeof messageEdits]: Implementation<(typeof messageEdits)[Name]> };
