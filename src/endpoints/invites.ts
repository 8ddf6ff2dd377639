import { defineEndpoint } from '../contract/endpoint';
import {
  CreateInviteLinkParams,
  CreateInviteLinkResponse,
  GetInvitesParams,
  GetInvitesResponse,
  InviteChangeResponse,
  InviteIdParams,
  SendInvitesParams,
} from '../schemas/invite';

/** Members and administrators only (the server's `require_member_or_admin`): guests and bots are refused. */
const membersOnly = { auth: 'api_key', membersOnly: true } as const;

/** Parameters of both ways of inviting that newer servers added. */
const INVITE_SETTINGS_LEVELS = [
  { param: 'invite_expires_in_minutes', since: 126 },
  { param: 'include_realm_default_subscriptions', since: 261 },
  { param: 'group_ids', since: 322 },
  { param: 'welcome_message_custom_text', since: 416 },
] as const;

/** `GET /invites`: the unexpired invitations the caller can manage (administrators: everyone's). */
export const getInvites = defineEndpoint({
  id: 'get-invites',
  method: 'GET',
  path: '/invites',
  params: GetInvitesParams,
  response: GetInvitesResponse,
  access: membersOnly,
  retrySafe: true,
  featureLevel: 1,
  reportsIgnoredParameters: false,
});

/** `POST /invites`: send email invitations. */
export const sendInvites = defineEndpoint({
  id: 'send-invites',
  method: 'POST',
  path: '/invites',
  params: SendInvitesParams,
  response: InviteChangeResponse,
  access: membersOnly,
  retrySafe: false,
  featureLevel: 1,
  requires: [...INVITE_SETTINGS_LEVELS, { param: 'notify_referrer_on_join', since: 267 }],
});

/** `POST /invites/multiuse`: create a reusable invitation link. */
export const createInviteLink = defineEndpoint({
  id: 'create-invite-link',
  method: 'POST',
  path: '/invites/multiuse',
  params: CreateInviteLinkParams,
  response: CreateInviteLinkResponse,
  access: membersOnly,
  retrySafe: false,
  featureLevel: 1,
  requires: INVITE_SETTINGS_LEVELS,
});

/** `DELETE /invites/{invite_id}`: revoke an email invitation. */
export const revokeEmailInvite = defineEndpoint({
  id: 'revoke-email-invite',
  method: 'DELETE',
  path: '/invites/{invite_id}',
  params: InviteIdParams,
  response: InviteChangeResponse,
  access: membersOnly,
  retrySafe: false,
  featureLevel: 1,
});

/** `DELETE /invites/multiuse/{invite_id}`: revoke a reusable invitation link. */
export const revokeInviteLink = defineEndpoint({
  id: 'revoke-invite-link',
  method: 'DELETE',
  path: '/invites/multiuse/{invite_id}',
  params: InviteIdParams,
  response: InviteChangeResponse,
  access: membersOnly,
  retrySafe: false,
  featureLevel: 1,
});

/** `POST /invites/{invite_id}/resend`: send an email invitation again. */
export const resendEmailInvite = defineEndpoint({
  id: 'resend-email-invite',
  method: 'POST',
  path: '/invites/{invite_id}/resend',
  params: InviteIdParams,
  response: InviteChangeResponse,
  access: membersOnly,
  retrySafe: false,
  featureLevel: 1,
});
