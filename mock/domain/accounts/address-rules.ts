import { isServerEmail } from '../server-email';
import type { MockState } from '../state';

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

/** Which of the organization's address rules an address breaks. */
export type AddressRuleBroken = 'outside_domain' | 'disposable' | 'plus';

function allowedDomain(state: MockState, domain: string): boolean {
  const allowed = state.store.tables.realmDomain.all();
  if (allowed.some((record) => record.domain === domain)) return true;
  for (let rest = domain; rest.includes('.'); ) {
    rest = rest.slice(rest.indexOf('.') + 1);
    if (allowed.some((record) => record.allow_subdomains && record.domain === rest)) return true;
  }
  return false;
}

/**
 * The organization's rules for a well-formed address (the server's `get_realm_email_validator`):
 * with `emails_restricted_to_domains`, no `+` in the local part and a domain (or subdomain, where
 * allowed) of the realm's; otherwise no disposable domain while those are disallowed. Each caller
 * words the refusal its own way.
 */
export function brokenAddressRule(state: MockState, email: string): AddressRuleBroken | undefined {
  const at = email.lastIndexOf('@');
  const username = email.slice(0, at);
  const domain = email.slice(at + 1).toLowerCase();
  if (!state.realm.emails_restricted_to_domains) {
    return state.realm.disallow_disposable_email_addresses && DISPOSABLE_DOMAINS.has(domain) ? 'disposable' : undefined;
  }
  if (username.includes('+')) return 'plus';
  return allowedDomain(state, domain) ? undefined : 'outside_domain';
}

const RULE_MESSAGES: Readonly<Record<AddressRuleBroken, string>> = {
  outside_domain: 'Outside your domain.',
  disposable: 'Please use your real email address.',
  plus: 'Email addresses containing + are not allowed.',
};

/**
 * Why the realm does not take an address (`validate_email_is_valid`, as invitations and address
 * changes word it), or undefined.
 */
export function addressProblem(state: MockState, email: string): string | undefined {
  if (!isServerEmail(email)) return 'Invalid address.';
  const broken = brokenAddressRule(state, email);
  return broken ? RULE_MESSAGES[broken] : undefined;
}
