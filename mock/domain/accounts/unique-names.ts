import type { MockState } from '../state';
import { badRequest } from '../errors';
import { isSystemBot } from './visibility';

/** Who `check_full_name` compares a name against: the realm, less one user (`user_profile`). */
export interface UniqueNameScope {
  readonly state: MockState;
  /** The user the server's caller passes: the one renamed, or the creator of a new user or bot. */
  readonly exceptUserId: number | null;
}

/**
 * Python's `unicodedata.normalize("NFKC", name).casefold()`, with JavaScript's case mappings
 * standing in for full case folding (upper then lower case: `ß` and `SS` meet).
 */
function folded(name: string): string {
  return name.normalize('NFKC').toUpperCase().toLowerCase();
}

/**
 * With `require_unique_names`, refuses a name any other user of the realm has (humans and bots,
 * deactivated ones included), compared NFKC-normalised and case-folded.
 */
export function checkUniqueName({ state, exceptUserId }: UniqueNameScope, name: string): void {
  if (!state.realm.require_unique_names) return;
  const wanted = folded(name);
  const taken = state.store.tables.user.all().some((user) => user.id !== exceptUserId && !isSystemBot(user) && folded(user.full_name) === wanted);
  if (taken) throw badRequest('Unique names required in this organization.');
}
