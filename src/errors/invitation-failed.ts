import { ApiErrorBase, type ApiErrorInit } from './api-error-base';

/** One address an invitation skipped: the address, why, and whether its account is deactivated. */
export type SkippedInvitee = readonly [email: string, reason: string, deactivated: boolean];

function isSkippedInvitee(value: unknown): value is SkippedInvitee {
  return Array.isArray(value) && value.length === 3 && typeof value[0] === 'string' && typeof value[1] === 'string' && typeof value[2] === 'boolean';
}

/**
 * `INVITATION_FAILED`: some or all invitations were not sent. `sent_invitations` tells whether the
 * others went out; `errors` lists the skipped addresses; `daily_limit_reached` and
 * `license_limit_reached` name the organization's limits.
 *
 * @example
 * const failure = await client.invites.send({ invitee_emails: 'hamlet@zulip.com', stream_ids: [] }).catch((error: unknown) => error);
 * if (failure instanceof InvitationFailedError) console.log(failure.errors, failure.sent_invitations);
 */
export class InvitationFailedError extends ApiErrorBase<'INVITATION_FAILED'> {
  override readonly name: string = 'InvitationFailedError';
  /** The skipped addresses, each with its reason. */
  readonly errors: readonly SkippedInvitee[];
  /** Whether the other addresses were invited. */
  readonly sent_invitations: boolean;
  /** Whether the organization lacks licenses for them all. */
  readonly license_limit_reached: boolean;
  /** Whether the organization reached its daily number of invitations. */
  readonly daily_limit_reached: boolean;

  constructor(init: ApiErrorInit) {
    super(init);
    const errors = init.data['errors'];
    this.errors = Array.isArray(errors) ? errors.filter(isSkippedInvitee) : [];
    this.sent_invitations = init.data['sent_invitations'] === true;
    this.license_limit_reached = init.data['license_limit_reached'] === true;
    this.daily_limit_reached = init.data['daily_limit_reached'] === true;
  }
}
