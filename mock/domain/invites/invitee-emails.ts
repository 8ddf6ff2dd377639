import type { MockState } from '../state';
import { pythonStrip } from '../python-strip';
import { isCrossRealmBotEmail } from '../system-bots';

/** A skipped address: the address, why, and whether its account is deactivated (the server's tuple). */
export type SkippedInvitee = [email: string, reason: string, deactivated: boolean];

/**
 * The server's reading of `invitee_emails`: split at commas and newlines, `Name <address>` read as
 * the address, each stripped (Python's `str.strip`), duplicates once. Empty entries are kept (they count towards the
 * daily limit, then are skipped). The server keeps a set, whose order varies; this keeps the order given.
 */
export function inviteeEmails(raw: string): string[] {
  const emails = new Set<string>();
  for (const part of raw.split(/[,\n]/)) {
    // Python's `.` matches all but `\n` (JavaScript's also stops at `\r`, U+2028 and U+2029); parts hold no `\n`.
    const named = /<(.*)>/s.exec(part);
    emails.add(pythonStrip(named ? (named[1] ?? '') : part));
  }
  return [...emails];
}

/** Why an address cannot be invited because it is taken (`get_existing_user_errors`), or undefined. */
export function existingUserProblem(state: MockState, email: string): SkippedInvitee | undefined {
  if (isCrossRealmBotEmail(email)) return [email, 'Reserved for system bots.', false];
  const user = state.store.userByDeliveryEmail(email);
  if (!user) return undefined;
  return user.is_active ? [email, 'Already has an account.', false] : [email, 'Account has been deactivated.', true];
}
