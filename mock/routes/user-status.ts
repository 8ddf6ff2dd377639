import type { userStatus } from '../../src/endpoints/index';
import { getUserStatus, updateUserStatus, updateUserStatusForUser } from '../domain/user-status';
import type { Implementation } from '../http/operation';
import { decodeDeferredParam } from '../http/decode-params';
import { AWAY_PARAM, UpdateStatusForUserPendingParams, withPendingParams } from '../http/pending-params';

/** User status: decode → domain → payload. */
export const userStatusRoutes = {
  updateStatus: ({ state, user, params }) => {
    updateUserStatus(state, user, params);
    return {};
  },
  updateStatusForUser: ({ state, user, params }) => {
    const { user_id: userId, away, ...input } = withPendingParams(params, UpdateStatusForUserPendingParams);
    updateUserStatusForUser(state, user, userId, input, () => decodeDeferredParam('away', AWAY_PARAM, away));
    return {};
  },
  getUserStatus: ({ state, user, params }) => ({ status: getUserStatus(state, user, params.user_id) }),
} satisfies { [Name in keyof typeof userStatus]: Implementation<(typeof userStatus)[Name]> };
