import { addSubscription } from '../subscriptions/subscribe';
import { deterministicApiKey } from '../../seed/api-keys';
import type { UserRecord } from '../../store/store';
import { badRequest } from '../errors';
import type { MockState } from '../state';
import { apiEmailFor } from '../users';
import { recordSystemGroupsJoined } from '../user-groups/membership-events';
import { applyRealmUserSettingsDefaults } from '../user-settings/realm-defaults';
import { insertUser, NEW_USER_SETTINGS } from './insert-user';
import { isServerEmail } from '../server-email';
import { pythonStrip } from '../python-strip';
import { checkFullName } from './names';
import { type AddressRuleBroken, brokenAddressRule } from './address-rules';
import { revokeInvitesForNewAccount } from '../invites/operations';
import { isStrongEnoughPassword } from './password-strength';
import { guestAccess, recordGuestAccessChanges } from './user-access-events';
import { normalizeNewAccountEmail } from './normalize-email';
import { processNewHumanUser } from '../onboarding/new-human-user';
import type { ChannelRecord } from '../../store/store';

/** How `POST /users` words a broken address rule (quoting the address as sent). */
function creationRuleMessage(broken: AddressRuleBroken, email: string): string {
  if (broken === 'outside_domain') return `Email '${email}' not allowed in this organization`;
  if (broken === 'disposable') return 'Disposable email addresses are not allowed in this organization';
  return 'Email addresses containing + are not allowed.';
}

/**
 * `POST /users`: an administrator holding `can_create_users` creates a member. Checks in the
 * server's order: the permission, the name, the address's form (Django's, on the stripped
 * address, as the server's form field strips it), the organization's address rules, an address
 * already in use, the password's strength. The account keeps the address as the server stores a
 * new one: stripped, its domain in lower case. The new user joins the default channels and is
 * onboarded as the server onboards a new human (recent history, Welcome Bot's direct messages),
 * unless `options.onboard` is false (the factories' quiet users).
 */
export function createUser(
  state: MockState,
  creator: UserRecord,
  params: { readonly email: string; readonly password: string; readonly full_name: string },
  options: { readonly onboard?: boolean } = {},
): number {
  if (!creator.can_create_users) throw badRequest('User not authorized to create users');
  const fullName = checkFullName(params.full_name, { state, exceptUserId: creator.id });
  const stripped = pythonStrip(params.email);
  if (!isServerEmail(stripped)) throw badRequest('Bad name or username');
  const broken = brokenAddressRule(state, stripped);
  if (broken) throw badRequest(creationRuleMessage(broken, params.email));
  // The server looks the address up as sent; the stored form is checked too, so that a padded
  // address never makes a second account of one (where the server would fail on its database).
  const email = normalizeNewAccountEmail(params.email);
  if (state.store.userByDeliveryEmail(params.email) || state.store.userByDeliveryEmail(email)) throw badRequest('Email is already in use.');
  if (!isStrongEnoughPassword(params.password)) throw badRequest('The password is too weak.');
  const id = state.store.ids.next('user');
  const visibility = Number(state.realm.user_settings_defaults['email_address_visibility'] ?? NEW_USER_SETTINGS.email_address_visibility);
  const user = insertUser(state, {
    id,
    email: apiEmailFor(state, id, email, visibility),
    delivery_email: email,
    full_name: fullName,
    api_key: deterministicApiKey(email),
    password: params.password,
  });
  applyRealmUserSettingsDefaults(state, user);
  revokeInvitesForNewAccount(state, email);
  state.events.record({ kind: 'realm_user_added', userId: id });
  recordSystemGroupsJoined(state, user);
  // The stored record, with the realm's defaults for new users applied.
  const created = state.store.tables.user.get(id) ?? user;
  const channels = joinDefaultChannels(state, created);
  if (options.onboard !== false) processNewHumanUser(state, created, channels);
  return id;
}

/**
 * A new user joins the realm's default channels, as the server subscribes them at creation.
 * Answers the channels joined.
 */
function joinDefaultChannels(state: MockState, user: UserRecord): ChannelRecord[] {
  const userId = user.id;
  const joined: ChannelRecord[] = [];
  const additions: { userId: number; channelId: number }[] = [];
  const access = guestAccess(state, [userId], state.realm.default_channel_ids);
  for (const channelId of state.realm.default_channel_ids) {
    const channel = state.store.tables.channel.get(channelId);
    if (channel && !channel.is_archived && addSubscription(state, user, channel)) {
      additions.push({ userId, channelId });
      joined.push(channel);
    }
  }
  // As on subscribing: the limited guests' `realm_user` `add` comes between `add` and `peer_add`.
  if (additions.length > 0) state.events.record({ kind: 'subscriptions_added', additions, audience: 'subscribed' });
  recordGuestAccessChanges(state, access);
  if (additions.length > 0) state.events.record({ kind: 'subscriptions_added', additions, audience: 'peers' });
  return joined;
}
