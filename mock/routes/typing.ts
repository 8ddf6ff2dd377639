import type { typing } from '../../src/endpoints/index';
import { setTypingStatus } from '../domain/typing/compose';
import { setEditTypingStatus } from '../domain/typing/edit';
import type { Implementation } from '../http/operation';

/** Typing notifications: decode → domain (which only notifies) → empty payload. */
export const typingRoutes = {
  setTypingStatus: ({ state, user, params }) => {
    setTypingStatus(state, user, params);
    return {};
  },
  setTypingStatusForMessageEdit: ({ state, user, params }) => {
    setEditTypingStatus(state, user, params.message_id, params.op);
    return {};
  },
} satisfies { [Name in keyof typeof typing]: Implementation<(typeof typing)[Name]> };
