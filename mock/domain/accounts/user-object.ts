import type * as z from 'zod/mini';
import { ROLE_VALUES } from '../../../src/contract/endpoint';
import type { User } from '../../../src/schemas/user';
import type { UserRecord } from '../../store/store';
import { hasLevel, LEVEL } from '../feature-levels';
import type { MockState } from '../state';
import { avatarUrlForClient } from '../users';
import { profileDataOf } from '../profile-fields/wire';
import { canSeeDeliveryEmail, isSystemBot, olderServerShowsDeliveryEmail } from './visibility';
import { realmEmailAddressVisibility } from '../realm-config/realm-email-visibility';

/** How a user object is rendered for a request. */
export interface UserObjectOptions {
  /** `client_gravatar`: null `avatar_url` where the client computes the Gravatar itself. */
  readonly clientGravatar?: boolean;
  /** Add `profile_data` to humans. */
  readonly includeCustomProfileFields?: boolean;
}

// Users share few join times (a seed gives most of them one), and formatting a date is slow.
const isoMinutesCache = new Map<number, string>();

/** `date_joined` as the server writes it: ISO 8601 to the minute, in UTC. */
function isoMinutes(milliseconds: number): string {
  let text = isoMinutesCache.get(milliseconds);
  if (text === undefined) {
    text = `${new Date(milliseconds).toISOString().slice(0, 16)}+00:00`;
    if (isoMinutesCache.size >= 10_000) isoMinutesCache.clear();
    isoMinutesCache.set(milliseconds, text);
  }
  return text;
}

/** The user object the server shows `viewer` for `target`. */
export function userObject(
  state: MockState,
  viewer: UserRecord,
  target: UserRecord,
  options: UserObjectOptions = {},
): z.input<typeof User> {
  // Optional fields are added afterwards rather than spread in: this runs for every user of
  // `GET /users` and the register state, and spreading conditional objects costs far more.
  const object: z.input<typeof User> = {
    email: target.email,
    user_id: target.id,
    avatar_version: target.avatar_version,
    is_admin: target.role <= ROLE_VALUES.administrator,
    is_owner: target.role === ROLE_VALUES.owner,
    is_guest: target.role === ROLE_VALUES.guest,
    role: target.role,
    is_bot: target.is_bot,
    full_name: target.full_name,
    timezone: target.timezone,
    is_active: target.is_active,
    date_joined: isoMinutes(target.date_joined),
    delivery_email: canSeeDeliveryEmail(viewer, target) ? target.delivery_email : null,
    avatar_url: avatarUrlForClient(state, target, options.clientGravatar ?? false),
  };
  if (!hasLevel(state, LEVEL.deliveryEmailAlways) && !olderServerShowsDeliveryEmail(viewer, target, realmEmailAddressVisibility(state))) {
    delete object.delivery_email;
  }
  if (target.is_bot) {
    object.bot_type = target.bot_type;
    object.bot_owner_id = target.bot_owner_id;
    if (isSystemBot(target)) (object as Record<string, unknown>)[hasLevel(state, LEVEL.systemBotFlag) ? 'is_system_bot' : 'is_cross_realm_bot'] = true;
  }
  // Every user object carries it from its level, false included, as the spec's user object lists it.
  if (hasLevel(state, LEVEL.importedStubField)) object.is_imported_stub = target.is_imported_stub;
  if (!target.is_bot && options.includeCustomProfileFields) object.profile_data = profileDataOf(state, target.id);
  return object;
}
