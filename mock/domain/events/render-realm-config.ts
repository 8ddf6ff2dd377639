import { listPlaygrounds } from '../realm-config/playgrounds';
import type { MockState } from '../state';
import type { RealmChanged, RealmDomainsChanged } from './changes';

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

/**
 * `realm`, for every queue of the realm (its users are the active ones): a setting's `update` or
 * `update_dict`, or `deactivated` with the realm's ID (which flushes the long-polls still waiting).
 */
export function renderRealmEvent(state: MockState, change: RealmChanged) {
  if (change.op === 'deactivated') return { type: 'realm', op: 'deactivated', realm_id: state.realm.id };
  if (change.op === 'update') return { type: 'realm', op: 'update', property: change.property, value: structuredClone(change.value) };
  return { type: 'realm', op: 'update_dict', property: change.property ?? 'default', data: structuredClone(change.data) };
}
