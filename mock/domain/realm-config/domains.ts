import type { RealmDomain } from '../../../src/schemas/realm-config';
import { badRequest } from '../errors';
import { pythonStrip } from '../python-strip';
import type { MockState } from '../state';
import { pythonLength } from '../python-len';

// Each label as the server's `re.match` reads it: its `$` also matches before a final line feed.
const LABEL = /^[a-z0-9-]*\n?$/;

/** The server's reason a domain is not valid (`validate_domain`, lengths in characters), or undefined when it is. */
function domainProblem(domain: string): string | undefined {
  if (domain.length === 0) return "Domain can't be empty.";
  if (!domain.includes('.')) return 'Domain must have at least one dot (.)';
  if (pythonLength(domain) > 255) return 'Domain is too long';
  if (domain.startsWith('.') || domain.endsWith('.')) return 'Domain cannot start or end with a dot (.)';
  for (const label of domain.split('.')) {
    if (label === '') return "Consecutive '.' are not allowed.";
    if (label.startsWith('-') || label.endsWith('-')) return "Subdomains cannot start or end with a '-'.";
    if (!LABEL.test(label)) return "Domain can only have letters, numbers, '.' and '-'s.";
  }
  return undefined;
}

function recordOf(state: MockState, domain: string) {
  return state.store.tables.realmDomain.all().find((record) => record.domain === domain);
}

/** The allowed domains, in the order they were added. */
export function listRealmDomains(state: MockState): RealmDomain[] {
  return state.store.tables.realmDomain.all().map(({ domain, allow_subdomains }) => ({ domain, allow_subdomains }));
}

/** Allows a domain (stripped as Python strips, and lower-cased); returns its ID and the domain as stored. */
export function addRealmDomain(state: MockState, rawDomain: string, allowSubdomains: boolean): [number, string] {
  const domain = pythonStrip(rawDomain).toLowerCase();
  const problem = domainProblem(domain);
  if (problem) throw badRequest(`Invalid domain: ${problem}`);
  if (recordOf(state, domain)) throw badRequest(`The domain ${domain} is already a part of your organization.`);
  const id = state.store.ids.next('realmDomain');
  state.store.tables.realmDomain.insert({ id, domain, allow_subdomains: allowSubdomains });
  state.events.record({ kind: 'realm_domains_changed', op: 'add', domain, allowSubdomains });
  return [id, domain];
}

function existing(state: MockState, domain: string) {
  const record = recordOf(state, domain);
  if (!record) throw badRequest(`No entry found for domain ${domain}.`);
  return record;
}

/** Changes whether subdomains of an allowed domain are allowed. */
export function updateRealmDomain(state: MockState, domain: string, allowSubdomains: boolean): void {
  const record = existing(state, domain);
  state.store.tables.realmDomain.update(record.id, { allow_subdomains: allowSubdomains });
  state.events.record({ kind: 'realm_domains_changed', op: 'change', domain, allowSubdomains });
}

/**
 * Stops allowing a domain. Without domains left, a realm restricted to its domains is no longer
 * restricted (a `realm` `update` before the `realm_domains` one), as the server does.
 */
export function removeRealmDomain(state: MockState, domain: string): void {
  const record = existing(state, domain);
  state.store.tables.realmDomain.delete(record.id);
  if (state.store.tables.realmDomain.all().length === 0 && state.realm.emails_restricted_to_domains) {
    state.realm.emails_restricted_to_domains = false;
    state.events.record({ kind: 'realm_changed', op: 'update', property: 'emails_restricted_to_domains', value: false });
  }
  state.events.record({ kind: 'realm_domains_changed', op: 'remove', domain, allowSubdomains: record.allow_subdomains });
}
