import { ROLE_VALUES } from '../../../src/contract/endpoint';
import type { UserRecord } from '../../store/store';
import { notificationBot } from '../notification-bot';
import type { MockState } from '../state';
import { avatarUrlFor } from '../users';
import { realmUsers } from './read';
import { userObject } from './user-object';

/**
 * The `realm_user` sections of the register answer: active and deactivated users (with
 * `profile_data` for humans), the cross-realm bots, and the caller's own identity fields.
 */
export function realmUserState(state: MockState, viewer: UserRecord, options: { readonly clientGravatar: boolean }) {
  // The list says whether each user is active, so the server drops `is_active` from its entries.
  const render = (user: UserRecord) => {
    const { is_active: _active, ...listed } = userObject(state, viewer, user, { clientGravatar: options.clientGravatar, includeCustomProfileFields: true });
    return listed;
  };
  const users = realmUsers(state);
  return {
    realm_users: users.filter((user) => user.is_active).map(render),
    realm_non_active_users: users.filter((user) => !user.is_active).map(render),
    cross_realm_bots: [userObject(state, viewer, notificationBot(state), { clientGravatar: options.clientGravatar })],
    user_id: viewer.id,
    email: viewer.email,
    delivery_email: viewer.delivery_email,
    full_name: viewer.full_name,
    is_owner: viewer.role === ROLE_VALUES.owner,
    is_admin: viewer.role <= ROLE_VALUES.administrator,
    is_moderator: viewer.role <= ROLE_VALUES.moderator,
    is_guest: viewer.role === ROLE_VALUES.guest,
    avatar_url: avatarUrlFor(viewer),
  };
}
