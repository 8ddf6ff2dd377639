import type { Invite } from '../../../src/schemas/invite';
import type { RecordOf } from '../../store/models';
import type { UserRecord } from '../../store/store';
import { badRequest } from '../errors';
import { invitationFailed } from './invitation-failed';
import { randomConfirmationKey } from '../random';
import type { MockState } from '../state';
import { unixSecondsOf } from '../unix-time';
import { hasRole } from '../users';
import { REVOKED, canCreateInviteLink, canInviteByEmail, channelsForInvite, checkInviteAs, emailInviteFor, groupsForInvite, inviteLinkFor } from './access';
import { checkInviteLimit, countInviteSent } from './daily-limit';
import { checkWelcomeTextAllowed } from './welcome-text';
import { existingUserProblem, inviteeEmails, type SkippedInvitee } from './invitee-emails';
import { addressProblem } from '../accounts/address-rules';

/** The server's default validity of an invitation: `INVITATION_LINK_VALIDITY_DAYS` (10) in minutes. */
const DEFAULT_VALIDITY_MINUTES = 14_400;

/** What both kinds of invitation take. */
export interface InviteSettings {
  readonly invite_expires_in_minutes?: number | null | undefined;
  readonly invite_as?: number | undefined;
  readonly stream_ids?: readonly number[] | undefined;
  readonly group_ids?: readonly number[] | undefined;
  readonly include_realm_default_subscriptions?: boolean | undefined;
  readonly welcome_message_custom_text?: string | undefined;
}

/** What `POST /invites` takes. */
export interface SendInvitesInput extends InviteSettings {
  readonly invitee_emails: string;
  readonly notify_referrer_on_join?: boolean | undefined;
}

function expiryOf(state: MockState, minutes: number | null | undefined): number | null {
  const validity = minutes === undefined ? DEFAULT_VALIDITY_MINUTES : minutes;
  return validity === null ? null : state.clock.now() + validity * 60_000;
}

function unexpired(state: MockState, expiresAt: number | null): boolean {
  return expiresAt === null || expiresAt >= state.clock.now();
}

/** The invitation's link: `{realm_url}/join/{key}/`, as the server's `confirmation_url_for` makes it. */
function inviteLinkUrl(state: MockState, key: string): string {
  return `${state.realm.url}/join/${key}/`;
}

/**
 * The unexpired invitations a user can manage (`do_get_invitations_controlled_by_user`): their own,
 * or an administrator's everyone's; email invitations first, then reusable links, each by ID.
 */
export function listInvites(state: MockState, user: UserRecord): Invite[] {
  const admin = hasRole(user, 'administrator');
  const mine = (invite: { referred_by: number }) => admin || invite.referred_by === user.id;
  const emails = state.store.tables.emailInvite
    .all()
    .filter((invite) => mine(invite) && invite.status === 0 && unexpired(state, invite.expires_at))
    .map((invite) => ({
      email: invite.email,
      invited_by_user_id: invite.referred_by,
      invited: unixSecondsOf(invite.invited_at),
      expiry_date: invite.expires_at === null ? null : unixSecondsOf(invite.expires_at),
      id: invite.id,
      invited_as: invite.invited_as,
      is_multiuse: false,
      notify_referrer_on_join: invite.notify_referrer_on_join,
    }));
  const links = state.store.tables.multiuseInvite
    .all()
    .filter((invite) => mine(invite) && invite.status !== REVOKED && unexpired(state, invite.expires_at))
    .map((invite) => ({
      invited_by_user_id: invite.referred_by,
      invited: unixSecondsOf(invite.date_sent),
      expiry_date: invite.expires_at === null ? null : unixSecondsOf(invite.expires_at),
      id: invite.id,
      link_url: inviteLinkUrl(state, invite.confirmation_key),
      invited_as: invite.invited_as,
      is_multiuse: true,
    }));
  return [...emails, ...links];
}

/** Addresses to invite, or the server's refusal when some do not validate or none is left. */
function checkedInvitees(state: MockState, emails: readonly string[]): { invitees: string[]; skipped: SkippedInvitee[] } {
  const errors: SkippedInvitee[] = [];
  const good: string[] = [];
  for (const email of emails) {
    if (email === '') continue;
    const problem = addressProblem(state, email);
    if (problem) errors.push([email, problem, false]);
    else good.push(email);
  }
  const skipped = good.flatMap((email): SkippedInvitee[] => {
    const problem = existingUserProblem(state, email);
    return problem ? [problem] : [];
  });
  const taken = new Set(skipped.map(([email]) => email));
  if (errors.length > 0) throw invitationFailed("Some emails did not validate, so we didn't send any invitations.", { errors: [...errors, ...skipped] });
  if (skipped.length > 0 && skipped.length === emails.length) throw invitationFailed("We weren't able to invite anyone.", { errors: skipped });
  return { invitees: good.filter((email) => !taken.has(email)), skipped };
}

/**
 * `POST /invites`, in the server's order: permission, the role invited as, at least one address,
 * the channels and groups, a custom welcome message (administrators only), the daily limit, each address (form, realm domains, existing
 * accounts). Addresses already in use are skipped: the others are invited, then the answer is
 * `INVITATION_FAILED` with `sent_invitations: true`. The mock sends no email.
 */
export function sendInvites(state: MockState, user: UserRecord, input: SendInvitesInput): void {
  if (!canInviteByEmail(state, user)) throw badRequest('Insufficient permission');
  const invitedAs = input.invite_as ?? 400;
  checkInviteAs(user, invitedAs);
  if (input.invitee_emails === '') throw badRequest('You must specify at least one email address.');
  const emails = inviteeEmails(input.invitee_emails);
  const channels = channelsForInvite(state, user, input.stream_ids ?? []);
  const groups = groupsForInvite(state, user, input.group_ids);
  checkWelcomeTextAllowed(user, input.welcome_message_custom_text);
  checkInviteLimit(state, emails.length);
  const { invitees, skipped } = checkedInvitees(state, emails);
  for (const email of invitees) {
    state.store.tables.emailInvite.insert({
      id: state.store.ids.next('emailInvite'),
      email,
      referred_by: user.id,
      invited_as: invitedAs,
      notify_referrer_on_join: input.notify_referrer_on_join ?? true,
      include_realm_default_subscriptions: input.include_realm_default_subscriptions ?? false,
      stream_ids: channels.map((channel) => channel.id),
      group_ids: groups,
      invited_at: state.clock.now(),
      expires_at: expiryOf(state, input.invite_expires_in_minutes),
      confirmation_key: randomConfirmationKey(),
      welcome_message_custom_text: input.welcome_message_custom_text ?? null,
      status: 0,
    });
    countInviteSent(state);
  }
  state.events.record({ kind: 'invites_changed', referrerId: user.id });
  if (skipped.length > 0) {
    throw invitationFailed(
      "Some of those addresses are already using Zulip, so we didn't send them an invitation. We did send invitations to everyone else!",
      { errors: skipped, sentInvitations: true },
    );
  }
}

/**
 * `POST /invites/multiuse`, in the server's order: permission, the role invited as, the channels
 * and groups, a custom welcome message (administrators only); a reusable link, answered as its URL.
 */
export function createInviteLink(state: MockState, user: UserRecord, input: InviteSettings): string {
  if (!canCreateInviteLink(state, user)) throw badRequest('Insufficient permission');
  const invitedAs = input.invite_as ?? 400;
  checkInviteAs(user, invitedAs);
  const channels = channelsForInvite(state, user, input.stream_ids ?? []);
  const groups = groupsForInvite(state, user, input.group_ids);
  checkWelcomeTextAllowed(user, input.welcome_message_custom_text);
  const key = randomConfirmationKey();
  state.store.tables.multiuseInvite.insert({
    id: state.store.ids.next('multiuseInvite'),
    referred_by: user.id,
    invited_as: invitedAs,
    include_realm_default_subscriptions: input.include_realm_default_subscriptions ?? false,
    stream_ids: channels.map((channel) => channel.id),
    group_ids: groups,
    date_sent: state.clock.now(),
    expires_at: expiryOf(state, input.invite_expires_in_minutes),
    confirmation_key: key,
    welcome_message_custom_text: input.welcome_message_custom_text ?? null,
    status: 0,
  });
  state.events.record({ kind: 'invites_changed', referrerId: user.id });
  return inviteLinkUrl(state, key);
}

/** `DELETE /invites/{invite_id}`: the invitation is deleted; its inviter and the administrators hear of it. */
export function revokeEmailInvite(state: MockState, user: UserRecord, inviteId: number): void {
  const invite = emailInviteFor(state, user, inviteId);
  state.store.tables.emailInvite.delete(invite.id);
  state.events.record({ kind: 'invites_changed', referrerId: invite.referred_by });
}

/** `DELETE /invites/multiuse/{invite_id}`: the link stops working and is no longer listed. */
export function revokeInviteLink(state: MockState, user: UserRecord, inviteId: number): void {
  const invite = inviteLinkFor(state, user, inviteId);
  state.store.tables.multiuseInvite.update(invite.id, { status: REVOKED });
  state.events.record({ kind: 'invites_changed', referrerId: invite.referred_by });
}

/**
 * `POST /invites/{invite_id}/resend`: counted against the daily limit like a new invitation. The
 * server sends no event (the invitation's listing does not change).
 */
export function resendEmailInvite(state: MockState, user: UserRecord, inviteId: number): void {
  emailInviteFor(state, user, inviteId);
  checkInviteLimit(state, 1);
  countInviteSent(state);
}

/**
 * A deactivated user's pending invitations expire (`revoke_invites_generated_by_user`); the
 * administrators hear of it when there were any.
 */
export function expireInvitesOf(state: MockState, user: UserRecord): void {
  // Expired a moment ago: the server's clock has moved on by the next request.
  const past = state.clock.now() - 1;
  const pending = <Row extends RecordOf<'emailInvite'> | RecordOf<'multiuseInvite'>>(rows: Row[]) =>
    rows.filter((invite) => invite.referred_by === user.id && invite.status === 0 && unexpired(state, invite.expires_at));
  const emails = pending(state.store.tables.emailInvite.all());
  const links = pending(state.store.tables.multiuseInvite.all());
  for (const invite of emails) state.store.tables.emailInvite.update(invite.id, { expires_at: past });
  for (const invite of links) state.store.tables.multiuseInvite.update(invite.id, { expires_at: past });
  if (emails.length + links.length > 0) state.events.record({ kind: 'invites_changed', referrerId: undefined });
}

/** An account created for an address revokes its pending email invitations, silently (as the server does). */
export function revokeInvitesForNewAccount(state: MockState, email: string): void {
  const lower = email.toLowerCase();
  for (const invite of state.store.tables.emailInvite.all()) {
    if (invite.email.toLowerCase() === lower) state.store.tables.emailInvite.update(invite.id, { status: REVOKED });
  }
}
