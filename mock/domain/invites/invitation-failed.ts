import { ApiFailure } from '../errors';
import type { SkippedInvitee } from './invitee-emails';

/** What an invitation refusal reports beside its message; what is not given is `false` or empty. */
export interface InvitationFailure {
  readonly errors?: readonly SkippedInvitee[];
  readonly sentInvitations?: boolean;
  readonly dailyLimitReached?: boolean;
}

/**
 * The server's `InvitationError`: `INVITATION_FAILED` (HTTP 400) with the skipped addresses,
 * whether the others were invited, and which limit stopped it (the mock has no license limit).
 */
export function invitationFailed(msg: string, failure: InvitationFailure = {}): ApiFailure {
  return new ApiFailure(msg, 'INVITATION_FAILED', 400, {
    errors: [...(failure.errors ?? [])],
    sent_invitations: failure.sentInvitations ?? false,
    license_limit_reached: false,
    daily_limit_reached: failure.dailyLimitReached ?? false,
  });
}
