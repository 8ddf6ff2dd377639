import type { mutedUsers } from '../../src/endpoints/index';
import { muteUser, unmuteUser } from '../domain/muted-users';
import type { Implementation } from '../http/operation';

/** Muted users: decode → domain → payload. */
export const mutedUserRoutes = {
  muteUser: ({ state, user, params }) => {
    muteUser(state, user, params.muted_user_id);
    return {};
  },
  unmuteUser: ({ state, user, params }) => {
    unmuteUser(state, user, params.muted_user_id);
    return {};
  },
} satisfies { [Name in keyof typeof mutedUsers]: Implementation<(typeof mutedUsers)[Name]> };
