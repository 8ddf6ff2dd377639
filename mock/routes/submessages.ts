import type { submessages } from '../../src/endpoints/index';
import { addSubmessage } from '../domain/messages/submessages';
import type { Implementation } from '../http/operation';

/** Widget interactions on messages: decode → domain → payload. */
export const submessageRoutes = {
  addSubmessage: ({ state, user, params }) => {
    addSubmessage(state, user, params);
    return {};
  },
} satisfies { [Name in keyof typeof submessages]: Implementation<(typeof submessages)[Name]> };
