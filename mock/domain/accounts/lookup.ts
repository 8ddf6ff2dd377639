import type { UserRecord } from '../../store/store';
import { badRequest } from '../errors';
import type { MockState } from '../state';
import { escapeRegExp } from '../escape-regexp';
import { pythonStrip } from '../python-strip';
import { isSystemBot, roleMaySeeAddress } from './visibility';

/** The server's answer for a user that does not exist, or that the requester may not find. */
export const NO_SUCH_USER = 'No such user';

function realmUser(user: UserRecord | undefined): UserRecord | undefined {
  return user && !isSystemBot(user) ? user : undefined;
}

/** A user of the realm by ID (deactivated users and bots included), else "No such user". */
export function userByIdOrFail(state: MockState, id: number): UserRecord {
  const user = realmUser(state.store.tables.user.get(id));
  if (!user) throw badRequest(NO_SUCH_USER);
  return user;
}

// The realm's placeholder pattern, built once per fake email domain.
const placeholderPatterns = new Map<string, RegExp>();

/**
 * The server's `get_dummy_email_address_for_display_regex`, applied as `re.match` applies it: in
 * this case only, and anchored at the start only (`user12@zulip.testserver.example` names 12).
 */
function placeholderPattern(domain: string): RegExp {
  let pattern = placeholderPatterns.get(domain);
  if (!pattern) {
    pattern = new RegExp(`^user(\\d+)@${escapeRegExp(domain)}`);
    placeholderPatterns.set(domain, pattern);
  }
  return pattern;
}

/**
 * A user by address as `GET`/`PATCH /users/{email}` find them (the server's `access_user_by_email`):
 * the placeholder `user{id}@{realm host}` names the ID; otherwise the address, stripped as Python
 * strips (U+001C..U+001F go, U+FEFF stays), matches (in
 * any case) the real address of a user whose `email_address_visibility` the requester's role may
 * see, their own account and bots no exception.
 */
export function userByEmailOrFail(state: MockState, viewer: UserRecord, email: string): UserRecord {
  const placeholder = placeholderPattern(state.realm.fake_email_domain).exec(email);
  if (placeholder) return userByIdOrFail(state, Number(placeholder[1]));
  const user = realmUser(state.store.userByDeliveryEmail(pythonStrip(email)));
  if (!user || !roleMaySeeAddress(viewer.role, user.email_address_visibility)) throw badRequest(NO_SUCH_USER);
  return user;
}
