import { listPlaygrounds } from '../realm-config/playgrounds';
import type { MockState } from '../state';
import type { RealmDomainsChanged } from './changes';

/** `realm_domains`, for every queue of the realm (every user may read the allowed domains). */
export function renderRealmDomainsEvent(change: RealmDomainsChanged) {
  if (change.op === 'remove') return { type: 'realm_domains', op: 'remove', domain: change.domain };
  return {
    type: 'realm_domains',
    op: change.op,
    realm_domain: { domain: change.domain, allow_subdomains: change.allowSubdomains },
  };
}

/** `realm_playgrounds`: the whole list, for every queue of the realm. */
export function renderRealmPlaygroundsEvent(state: MockState) {
  return { type: 'realm_playgrounds', realm_playgrounds: listPlaygrounds(state) };
}
