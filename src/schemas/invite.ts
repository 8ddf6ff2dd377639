import * as z from 'zod/mini';
import { Id, successBody } from './common';

/**
 * The role a user gets on accepting an invitation: 100 owner, 200 administrator, 300 moderator,
 * 400 member, 600 guest. Only owners invite owners; only administrators invite administrators
 * and moderators.
 */
export const InviteRole = z.int();

/** An unexpired invitation the caller can manage: an email invitation or a reusable link. */
export const Invite = z.looseObject({
  /** Unique together with `is_multiuse`: email invitations and links are numbered apart. */
  id: Id,
  /** Who created it. Level 22, below the schemas' floor (185): older servers send `ref`, an email. */
  invited_by_user_id: Id,
  /** UNIX seconds when it was created; resending an email invitation does not change it. */
  invited: z.int(),
  /** UNIX seconds when it expires; `null` never. */
  expiry_date: z.nullable(z.int()),
  invited_as: InviteRole,
  /** Email invitations only. */
  email: z.optional(z.string()),
  /** Email invitations only (feature level 267). */
  notify_referrer_on_join: z.optional(z.boolean()),
  /** Reusable links only: `{realm_url}/join/{key}/`. */
  link_url: z.optional(z.string()),
  is_multiuse: z.boolean(),
});

/** An invitation as `GET /invites` lists it. */
export type Invite = z.output<typeof Invite>;

/** Parameters of `GET /invites`. */
export const GetInvitesParams = z.object({});

/** Success body of `GET /invites`: email invitations first, then reusable links. */
export const GetInvitesResponse = successBody({ invites: z.array(Invite) });

/**
 * A Welcome Bot message for whoever joins by the invitation, instead of the organization's
 * (feature level 416): administrators only, at most 8000 characters. The server keeps it with the
 * invitation; `GET /invites` does not show it.
 */
export const WelcomeMessageCustomText = z.string();

/** The settings an email invitation and a reusable link share, in the server's reading order. */
const inviteSettings = {
  /** Minutes until it expires; `null` never. @default 14400 (10 days) */
  invite_expires_in_minutes: z.optional(z.nullable(z.int())),
  /** @default 400 (member) */
  invite_as: z.optional(InviteRole),
};

/** Parameters of `POST /invites`. */
export const SendInvitesParams = z.object({
  /** Addresses separated by commas or newlines; `Name <address>` is read as the address. */
  invitee_emails: z.string(),
  ...inviteSettings,
  /** Whether the inviter hears from Notification Bot when the invitee joins (feature level 267). @default true */
  notify_referrer_on_join: z.optional(z.boolean()),
  /** Channels the new user joins: default channels, or ones the caller may add subscribers to. */
  stream_ids: z.array(Id),
  /** Groups the new user joins; the caller must be allowed to add members to each (feature level 322). @default [] */
  group_ids: z.optional(z.array(Id)),
  /** Also join the organization's default channels (feature level 261). @default false */
  include_realm_default_subscriptions: z.optional(z.boolean()),
  /** Administrators only (feature level 416). @default the organization's welcome message */
  welcome_message_custom_text: z.optional(WelcomeMessageCustomText),
});

/** Parameters of `POST /invites/multiuse`. */
export const CreateInviteLinkParams = z.object({
  ...inviteSettings,
  /** @default [] */
  stream_ids: z.optional(z.array(Id)),
  /** Feature level 322. @default [] */
  group_ids: z.optional(z.array(Id)),
  /** Feature level 261. @default false */
  include_realm_default_subscriptions: z.optional(z.boolean()),
  /** Administrators only (feature level 416). @default the organization's welcome message */
  welcome_message_custom_text: z.optional(WelcomeMessageCustomText),
});

/** Success body of `POST /invites/multiuse`. */
export const CreateInviteLinkResponse = successBody({ invite_link: z.string() });

/** Parameters of the operations on one invitation (`DELETE`, resend). */
export const InviteIdParams = z.object({ invite_id: Id });

/** Success body of the invitation operations that answer nothing else. */
export const InviteChangeResponse = successBody({});
