import type { messages } from '../../src/endpoints/index';
import { getMessage } from '../domain/messages/get';
import { sendMessage } from '../domain/messages/send';
import type { Implementation } from '../http/operation';

/** Message operations: decode → domain → payload. */
export const messageRoutes = {
  sendMessage: ({ state, user, params, client }) => ({
    id: sendMessage(state, user, client, { ...params, to: String(params.to) }),
  }),
  getMessage: ({ state, user, params }) => getMessage(state, user, params),
} satisfies { [Name in keyof typeof messages]: Implementation<(typeof messages)[Name]> };
