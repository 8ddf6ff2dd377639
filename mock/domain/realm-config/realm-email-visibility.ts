import { hasSetting, USER_SETTING_DEFAULTS } from '../user-settings/catalog';
import { badRequest } from '../errors';
import type { MockState } from '../state';
import { apiEmailFor, EMAIL_VISIBLE_TO_EVERYONE } from '../users';

/*
 * Before level 163 who may see users' real addresses was the organization's
 * `email_address_visibility`, not each user's. The server's migration to the personal setting
 * copied the organization's value into its new users' default and every user's own; the mock
 * keeps it so, the other way round: the organization's value is the default new users get, and
 * changing it below 163 changes every human's.
 */

/** The values the organization's setting took (the server had not implemented 2, members). */
const REALM_CHOICES: readonly number[] = [1, 3, 4, 5];

/** Whether the level has the organization's setting rather than the personal one. */
function hasRealmEmailAddressVisibility(state: MockState): boolean {
  return !hasSetting('email_address_visibility', state.featureLevel);
}

/** The organization's `email_address_visibility`. */
export function realmEmailAddressVisibility(state: MockState): number {
  return Number(state.realm.user_settings_defaults['email_address_visibility'] ?? USER_SETTING_DEFAULTS.email_address_visibility);
}

/** Register's `realm_email_address_visibility`, below 163 only. */
export function realmEmailAddressVisibilityState(state: MockState): { realm_email_address_visibility?: number } {
  return hasRealmEmailAddressVisibility(state) ? { realm_email_address_visibility: realmEmailAddressVisibility(state) } : {};
}

/** `PATCH /realm`'s check of the value as it is read. */
export function checkRealmEmailAddressVisibility(value: number | undefined): void {
  if (value !== undefined && !REALM_CHOICES.includes(value)) throw badRequest('Invalid email_address_visibility');
}

/**
 * After the organization's setting changed (its `realm` event sent): every human takes it, and
 * when "everyone" was the old or the new value their API address changes, told to every active
 * user as a `realm_user` update of `new_email`, user by user (the server's own "TODO: Design a
 * bulk event"). Bots keep theirs.
 */
export function applyRealmEmailAddressVisibility(state: MockState, before: number): void {
  const value = realmEmailAddressVisibility(state);
  const emailsChange = before === EMAIL_VISIBLE_TO_EVERYONE || value === EMAIL_VISIBLE_TO_EVERYONE;
  for (const user of state.store.tables.user.all()) {
    if (user.is_bot) continue;
    const email = apiEmailFor(state, user.id, user.delivery_email, value);
    state.store.tables.user.update(user.id, { email_address_visibility: value, email });
    if (emailsChange && email !== user.email) state.events.record({ kind: 'realm_user_updated', userId: user.id, person: { new_email: email } });
  }
}
