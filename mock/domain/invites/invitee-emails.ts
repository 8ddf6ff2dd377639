import type { MockState } from '../state';
import { isServerEmail } from '../server-email';
import { isCrossRealmBotEmail } from '../system-bots';

/**
 * A few domains of the server's disposable address blocklist (the `disposable-email-domains`
 * package it ships holds thousands): refused while `disallow_disposable_email_addresses` is on.
 */
const DISPOSABLE_DOMAINS: ReadonlySet<string> = new Set([
  'mailinator.com',
  'mailnator.com',
  'guerrillamail.com',
  'sharklasers.com',
  'yopmail.com',
  '10minutemail.com',
  'trashmail.com',
  'dispostable.com',
]);

/** A skipped address: the address, why, and whether its account is deactivated (the server's tuple). */
export type SkippedInvitee = [email: string, reason: string, deactivated: boolean];

/**
 * The server's reading of `invitee_emails`: split at commas and newlines, `Name <address>` read as
 * the address, each stripped, duplicates once. Empty entries are kept (they count towards the
 * daily limit, then are skipped). The server keeps a set, whose order varies; this keeps the order given.
 */
export function inviteeEmails(raw: string): string[] {
  const emails = new Set<string>();
  for (const part of raw.split(/[,\n]/)) {
    const named = /<(.*)>/.exec(part);
    emails.add((named ? (named[1] ?? '') : part).trim());
  }
  return [...emails];
}

/** Why the realm does not take an address (`validate_email_is_valid`), or undefined. */
export function addressProblem(state: MockState, email: string): string | undefined {
  if (!isServerEmail(email)) return 'Invalid address.';
  const at = email.lastIndexOf('@');
  const username = email.slice(0, at);
  const domain = email.slice(at + 1).toLowerCase();
  if (!state.realm.emails_restricted_to_domains) {
    return state.realm.disallow_disposable_email_addresses && DISPOSABLE_DOMAINS.has(domain) ? 'Please use your real email address.' : undefined;
  }
  if (username.includes('+')) return 'Email addresses containing + are not allowed.';
  const allowed = state.store.tables.realmDomain.all();
  if (allowed.some((record) => record.domain === domain)) return undefined;
  for (let rest = domain; rest.includes('.'); ) {
    rest = rest.slice(rest.indexOf('.') + 1);
    if (allowed.some((record) => record.allow_subdomains && record.domain === rest)) return undefined;
  }
  return 'Outside your domain.';
}

/** Why an address cannot be invited because it is taken (`get_existing_user_errors`), or undefined. */
export function existingUserProblem(state: MockState, email: string): SkippedInvitee | undefined {
  if (isCrossRealmBotEmail(email)) return [email, 'Reserved for system bots.', false];
  const user = state.store.userByDeliveryEmail(email);
  if (!user) return undefined;
  return user.is_active ? [email, 'Already has an account.', false] : [email, 'Account has been deactivated.', true];
}
