import type { userStatus } from '../../src/endpoints/index';
import { getUserStatus, updateUserStatus } from '../domain/user-status';
import type { Implementation } from '../http/operation';

/** User status: decode → domain → payload. */
export const userStatusRoutes = {
  updateStatus: ({ state, user, params }) => {
    updateUserStatus(state, user, params);
    return {};
  },
  getUserStatus: ({ state, user, params }) => ({ status: getUserStatus(state, user, params.user_id) }),
} satisfies { [Name in keyof typeof userStatus]: Implementation<(typeof userStatus)[Name]> };
