import type { messages } from '../../src/endpoints/index';
import { getMessage } from '../domain/messages/get';
import { sendMessage } from '../domain/messages/send';
import type { Implementation } from '../http/operation';

/** Message operations: decode → domain → payload. */
export const messageRoutes = {
  sendMessage: ({ state, user, params, client }) => {
    const sent = sendMessage(state, user, client, { ...params, to: String(params.to) });
    const policy = sent.automaticNewVisibilityPolicy;
    return { id: sent.id, ...(policy === undefined ? {} : { automatic_new_visibility_policy: policy }) };
  },
  getMessage: ({ state, user, params }) => getMessage(state, user, params),
} satisfies { [Name in keyof typeof messages]: Implementation<(typeof messages)[Name]> };
