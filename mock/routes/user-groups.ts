import type { userGroups } from '../../src/endpoints/index';
import { listUserGroups } from '../domain/user-groups/read';
import type { Implementation } from '../http/operation';

/** User groups: decode → domain → payload. */
export const userGroupRoutes = {
  getUserGroups: ({ state, user, params }) => ({
    user_groups: listUserGroups(state, user, params.include_deactivated_groups ?? false),
  }),
} satisfies { [Name in keyof typeof userGroups]: Implementation<(typeof userGroups)[Name]> };
