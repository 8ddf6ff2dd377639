import { ROLE_VALUES } from '../../../src/contract/endpoint';
import type { UserRecord } from '../../store/store';
import { crossRealmBots } from '../system-bot-accounts';
import type { MockState } from '../state';
import { avatarSourceOf, avatarUrlFor } from '../users';
import { isInGroupSetting } from '../group-setting';
import { hasLevel, LEVEL } from '../feature-levels';
import { isPolicyReplaced } from '../realm-config/replaced-policies';
import { realmUsers } from './read';
import { userObject } from './user-object';
import { inaccessibleUserObject, userAccessFor } from './user-access';

/**
 * The caller's channel-creation and invitation rights as register reports them: membership of
 * the realm's group settings (the server's recursive groups; unlike the permission checks, no
 * exception for guests); below level 341, also whether they may subscribe others
 * (`invite_to_stream_policy`'s group).
 */
function ownPermissions(state: MockState, viewer: UserRecord) {
  const { realm } = state;
  const can_create_private_streams = isInGroupSetting(state, viewer, realm.can_create_private_channel_group);
  const can_create_public_streams = isInGroupSetting(state, viewer, realm.can_create_public_channel_group);
  const can_create_web_public_streams = isInGroupSetting(state, viewer, realm.can_create_web_public_channel_group);
  return {
    can_create_private_streams,
    can_create_public_streams,
    can_create_web_public_streams,
    can_create_streams: can_create_private_streams || can_create_public_streams || can_create_web_public_streams,
    can_invite_others_to_realm: isInGroupSetting(state, viewer, realm.can_invite_users_group),
    ...(isPolicyReplaced(state, 'invite_to_stream_policy') ? {} : { can_subscribe_other_users: isInGroupSetting(state, viewer, realm.can_add_subscribers_group) }),
  };
}

/**
 * The `realm_user` sections of the register answer: active and deactivated users (with
 * `profile_data` for humans; for a limited guest, "Unknown user" placeholders of those they may
 * not see, or nothing of them with `user_list_incomplete`), the cross-realm bots, and the caller's
 * own identity, avatar and permission fields.
 */
export function realmUserState(state: MockState, viewer: UserRecord, options: { readonly clientGravatar: boolean; readonly userListIncomplete?: boolean }) {
  // The list says whether each user is active, so the server drops `is_active` from its entries.
  const render = (user: UserRecord) => {
    const { is_active: _active, ...listed } = userObject(state, viewer, user, { clientGravatar: options.clientGravatar, includeCustomProfileFields: true });
    return listed;
  };
  const users = realmUsers(state);
  // A limited guest sees the others as placeholders, active ones, in ID order with the rest.
  const mayAccess = userAccessFor(state, viewer, true) ?? (() => true);
  const placeholder = (user: UserRecord) => {
    const { is_active: _active, ...listed } = inaccessibleUserObject(state, user.id);
    return listed;
  };
  return {
    // With `user_list_incomplete`, the client does without them.
    realm_users: users
      .filter((user) => (mayAccess(user) ? user.is_active : options.userListIncomplete !== true))
      .map((user) => (mayAccess(user) ? render(user) : placeholder(user))),
    realm_non_active_users: users.filter((user) => !user.is_active && mayAccess(user)).map(render),
    cross_realm_bots: crossRealmBots(state).map((bot) => userObject(state, viewer, bot, { clientGravatar: options.clientGravatar })),
    user_id: viewer.id,
    email: viewer.email,
    delivery_email: viewer.delivery_email,
    full_name: viewer.full_name,
    is_owner: viewer.role === ROLE_VALUES.owner,
    is_admin: viewer.role <= ROLE_VALUES.administrator,
    is_moderator: hasLevel(state, LEVEL.moderatorIncludesAdmins) ? viewer.role <= ROLE_VALUES.moderator : viewer.role === ROLE_VALUES.moderator,
    is_guest: viewer.role === ROLE_VALUES.guest,
    // The caller's own avatar is never left to the client to compute (client_gravatar is ignored).
    avatar_source: avatarSourceOf(state, viewer),
    avatar_url: avatarUrlFor(state, viewer),
    avatar_url_medium: avatarUrlFor(state, viewer, 'medium'),
    ...ownPermissions(state, viewer),
  };
}
