import type { ChatEvent } from '../schemas/events';
import type { RegisterResponse } from '../schemas/event-queue';

/** A `realm_domains` event on `realm_domains`: `remove` drops the domain, `add` and `change` replace its entry or append it. */
export function applyRealmDomains(state: RegisterResponse, event: Extract<ChatEvent, { type: 'realm_domains' }>): RegisterResponse {
  if (state.realm_domains === undefined) return state;
  if (event.op === 'remove') return { ...state, realm_domains: state.realm_domains.filter((entry) => entry.domain !== event.domain) };
  const entry = { ...event.realm_domain };
  const replaced = state.realm_domains.map((existing) => (existing.domain === entry.domain ? entry : existing));
  const known = state.realm_domains.some((existing) => existing.domain === entry.domain);
  return { ...state, realm_domains: known ? replaced : [...replaced, entry] };
}
