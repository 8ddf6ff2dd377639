import type { MockState } from '../state';
import { gravatarHash } from '../users';

/** The realm's icon: without an uploaded one (the mock takes none), the Gravatar identicon of its string ID. */
export function realmIconUrl(state: Pick<MockState, 'realm'>): string {
  return `https://secure.gravatar.com/avatar/${gravatarHash(state.realm.string_id)}?d=identicon`;
}
