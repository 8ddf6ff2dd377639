import { checkRealmEmailAddressVisibility } from './realm-email-visibility';
import { ROLE_VALUES } from '../../../src/contract/endpoint';
import type { UserRecord } from '../../store/store';
import { badRequest, requestVariableInvalid, roleRequired } from '../errors';
import { pythonLength } from '../python-len';
import type { MockState } from '../state';
import { requestedAuthenticationMethods } from './authentication-methods';
import { checkProperty, ownerOnlyProperties, WELCOME_MESSAGE_CUSTOM_TEXT_MAX_LENGTH } from './realm-properties';
import { REPLACED_POLICY_NAMES, replacedPolicyGroups } from './replaced-policies';
import { REALM_GROUP_SETTING_NAMES, REALM_GROUP_SETTINGS, type RealmGroupSettingRules } from './realm-settings';
import type { UpdateRealmInput } from './update-realm';

/** The longest organization name, description and subdomain the server takes. */
const MAX_NAME_LENGTH = 40;
const MAX_DESCRIPTION_LENGTH = 1000;
const MAX_SUBDOMAIN_LENGTH = 40;

/**
 * The stored numbers of the two settings the server reads as enums (`MessageEditHistoryVisibilityPolicyEnum`,
 * `RealmTopicsPolicyEnum`). Its answer holds the enum member, which serializes as this number and
 * never equals the stored one, so the setting is answered whenever it is sent, changed or not.
 */
export const ENUM_SETTING_IDS = {
  message_edit_history_visibility_policy: { all: 1, moves: 2, none: 3 },
  topics_policy: { allow_empty_topic: 2, disable_empty_topic: 3 },
} as const satisfies Record<string, Record<string, number>>;

/** Time limits: positive seconds, or `unlimited` (stored as null). */
export function timeLimit(name: string, value: number | string): number | null {
  if (value === 'unlimited') return null;
  if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0) throw requestVariableInvalid(name, value);
  return value;
}

/** The retention period in days: positive, or `unlimited` (stored as -1). */
export function retentionDays(value: number | string): number {
  if (value === 'unlimited') return -1;
  if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0) throw requestVariableInvalid('message_retention_days', value);
  return value;
}

function checkMaxLength(name: string, value: string | undefined, max: number): void {
  // The server's StringConstraints: characters counted, its typed-endpoint message.
  if (value !== undefined && pythonLength(value) > max) throw badRequest(`${name} is too long (limit: ${max} characters)`);
}

function checkEnum(name: keyof typeof ENUM_SETTING_IDS, value: string | undefined): void {
  if (value !== undefined && !Object.hasOwn(ENUM_SETTING_IDS[name], value)) throw badRequest(`Invalid ${name}`);
}

/** The plain settings whose rule has a `check`, made as the parameters are read (before the login methods). */
const CHECKED_AS_READ = ['jitsi_server_url', 'digest_weekday', 'default_language'] as const;
/** The plain settings whose rule has a `check`, made by the view after the login methods. */
const CHECKED_BY_VIEW = ['video_chat_provider', 'giphy_rating'] as const;

/** Every plain setting {@link checkUpdateRealm} refuses by its rule's `check`, in its order. */
export const CHECKED_PROPERTY_NAMES: readonly string[] = [...CHECKED_AS_READ, ...CHECKED_BY_VIEW];

function requireOwner(user: UserRecord): void {
  if (user.role !== ROLE_VALUES.owner) throw roleRequired('Must be an organization owner');
}

/**
 * What `PATCH /realm` checks before it changes anything, in the server's order (`update_realm`,
 * up to its first change): the parameters as they are read (lengths, the enums, the Jitsi URL,
 * the digest weekday, an older server's `invite_to_realm_policy`, other replaced policies and
 * `email_address_visibility`), then the view's own checks:
 * the language, the login methods (owners), the video call provider, the GIPHY rating, the
 * retention period (owners), and the settings only owners may change. A refusal here changes
 * nothing; every later check is made by its step (see update-realm.ts).
 */
export function checkUpdateRealm(state: MockState, user: UserRecord, input: UpdateRealmInput): void {
  checkMaxLength('name', input.name, MAX_NAME_LENGTH);
  checkMaxLength('description', input.description, MAX_DESCRIPTION_LENGTH);
  checkMaxLength('string_id', input.string_id, MAX_SUBDOMAIN_LENGTH);
  checkMaxLength('welcome_message_custom_text', input.welcome_message_custom_text, WELCOME_MESSAGE_CUSTOM_TEXT_MAX_LENGTH);
  if (input.invite_to_realm_policy !== undefined) replacedPolicyGroups(state, 'invite_to_realm_policy', input.invite_to_realm_policy);
  checkRealmEmailAddressVisibility(input.email_address_visibility);
  for (const name of REPLACED_POLICY_NAMES) {
    const value = input[name];
    if (value !== undefined) replacedPolicyGroups(state, name, value);
  }
  checkEnum('topics_policy', input.topics_policy);
  checkEnum('message_edit_history_visibility_policy', input.message_edit_history_visibility_policy);
  for (const name of CHECKED_AS_READ) checkProperty(name, input[name]);
  if (input.authentication_methods !== undefined) {
    requireOwner(user);
    requestedAuthenticationMethods(state.realm, input.authentication_methods);
  }
  for (const name of CHECKED_BY_VIEW) checkProperty(name, input[name]);
  if (input.message_retention_days !== undefined) {
    requireOwner(user);
    retentionDays(input.message_retention_days);
  }
  const ownersOnlyGroup = REALM_GROUP_SETTING_NAMES.some(
    (setting) => input[setting] !== undefined && (REALM_GROUP_SETTINGS[setting] as RealmGroupSettingRules).ownersOnly,
  );
  if (ownersOnlyGroup || ownerOnlyProperties(input).length > 0 || input.invite_to_realm_policy !== undefined) requireOwner(user);
}
