import type { messages } from '../../src/endpoints/index';
import { getMessage } from '../domain/messages/get';
import { sendMessage } from '../domain/messages/send';
import type { Implementation } from '../http/operation';
import { SendMessagePendingParams, withPendingParams } from '../http/pending-params';

/** Message operations: decode → domain → payload. */
export const messageRoutes = {
  sendMessage: ({ state, user, params, client }) => {
    const input = withPendingParams(params, SendMessagePendingParams);
    const sent = sendMessage(state, user, client, { ...input, to: String(input.to) });
    const policy = sent.automaticNewVisibilityPolicy;
    return { id: sent.id, ...(policy === undefined ? {} : { automatic_new_visibility_policy: policy }) };
  },
  getMessage: ({ state, user, params }) => getMessage(state, user, params),
} satisfies { [Name in keyof typeof messages]: Implementation<(typeof messages)[Name]> };
