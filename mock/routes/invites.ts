import type { invites } from '../../src/endpoints/index';
import {
  createInviteLink,
  listInvites,
  resendEmailInvite,
  revokeEmailInvite,
  revokeInviteLink,
  sendInvites,
} from '../domain/invites/operations';
import type { Implementation } from '../http/operation';

/** Invitations: decode → domain → payload. */
export const inviteRoutes = {
  getInvites: ({ state, user }) => ({ invites: listInvites(state, user) }),
  sendInvites: ({ state, user, params }) => {
    sendInvites(state, user, params);
    return {};
  },
  createInviteLink: ({ state, user, params }) => ({ invite_link: createInviteLink(state, user, params) }),
  revokeEmailInvite: ({ state, user, params }) => {
    revokeEmailInvite(state, user, params.invite_id);
    return {};
  },
  revokeInviteLink: ({ state, user, params }) => {
    revokeInviteLink(state, user, params.invite_id);
    return {};
  },
  resendEmailInvite: ({ state, user, params }) => {
    resendEmailInvite(state, user, params.invite_id);
    return {};
  },
} satisfies { [Name in keyof typeof invites]: Implementation<(typeof invites)[Name]> };
