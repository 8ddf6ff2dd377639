import type { UserRecord } from '../../store/store';
import { forgetDrafts } from '../drafts/operations';
import { presenceEnabledChanged } from '../presence/update';
import { addressInUseError } from '../accounts/address-in-use';
import { addressProblem } from '../accounts/address-rules';
import { recordAvatarChange } from '../accounts/avatar-change';
import { checkFullName } from '../accounts/names';
import { isStrongEnoughPassword } from '../accounts/password-strength';
import { secretsEqual } from '../constant-time';
import { badRequest } from '../errors';
import type { MockState } from '../state';
import { pythonStrip } from '../python-strip';
import { apiEmailFor, EMAIL_VISIBLE_TO_EVERYONE, hasRole } from '../users';
import {
  CHOICE_LEVELS,
  ENUM_SETTINGS,
  INTEGER_CHOICES,
  RESOLVED_TOPIC_NOTICE_POLICIES,
  LANGUAGE_CODES,
  NOTIFICATION_SOUNDS,
  olderSettingName,
  ON_USER_RECORD,
  PARSE_CHECKED_SETTINGS,
  PATCH_SETTINGS_ORDER,
  STRING_CHOICES,
  settingDefaultsAt,
  type UserSettingName,
  type UserSettings,
} from './catalog';
import { canonicalTimeZone, isKnownTimeZone } from './time-zones';

const WEEK_SECONDS = 7 * 24 * 60 * 60;

/** Every setting of a user: the record's own, the changed ones, the level's defaults for the rest. */
export function userSettingsOf(state: MockState, user: UserRecord): UserSettings {
  const changed = state.store.userSettings.get(user.id) ?? {};
  const settings = { ...settingDefaultsAt(state.featureLevel), ...changed } as Record<string, unknown>;
  for (const name of ON_USER_RECORD) settings[name] = user[name as keyof UserRecord];
  return settings as UserSettings;
}

/** What `PATCH /settings` was asked: account fields and any settings, decoded. */
export type SettingsRequest = Partial<UserSettings> & {
  readonly full_name?: string | undefined;
  readonly email?: string | undefined;
  readonly old_password?: string | undefined;
  readonly new_password?: string | undefined;
};

function notInList(name: string): never {
  throw badRequest(`Invalid ${name}: Value error, Not in the list of possible values`);
}

/** The values a server at `level` offers for a setting with choices. */
function choicesAt(name: UserSettingName, level: number): readonly unknown[] | undefined {
  const choices: readonly unknown[] | undefined = INTEGER_CHOICES[name] ?? STRING_CHOICES[name];
  const since = CHOICE_LEVELS[name];
  return since ? choices?.filter((choice) => level >= (since[choice as number | string] ?? 0)) : choices;
}

/** The server's check of one setting it checks while parsing the parameters. */
function checkParsedValue(name: UserSettingName, value: unknown, level: number, literals: ReadonlySet<UserSettingName>): void {
  if (name === 'timezone') {
    if (!isKnownTimeZone(value as string)) throw badRequest('Invalid timezone: Value error, Not a recognized time zone');
    return;
  }
  const choices = choicesAt(name, level);
  if (choices && !choices.includes(value)) {
    // Named as the level named the parameter (`default_view` below 219).
    const parameter = olderSettingName(name, level)?.name ?? name;
    // A parameter typed as a `Literal` fails as pydantic's literal_error, which the server words without the reason.
    if (literals.has(name)) throw badRequest(`Invalid ${parameter}`);
    notInList(parameter);
  }
}

const NO_LITERALS: ReadonlySet<UserSettingName> = new Set();

/**
 * The server's checks of the values, in its order, before anything changes: those made while
 * parsing the parameters (in the endpoint's declaration order, `PATCH /settings`'s unless given;
 * `literals` are those the endpoint declares as a `Literal` of its choices), then the language,
 * the sound and the period.
 */
export function checkValues(
  state: MockState,
  request: SettingsRequest,
  parseOrder: readonly UserSettingName[] = PARSE_CHECKED_SETTINGS,
  literals: ReadonlySet<UserSettingName> = NO_LITERALS,
): void {
  // The enum's validator raises the API error itself, which ends the parsing at once: it wins
  // over a bad value of any other parameter, whatever their order.
  const policy = request.resolved_topic_notice_auto_read_policy;
  if (policy !== undefined && !(RESOLVED_TOPIC_NOTICE_POLICIES as readonly string[]).includes(policy)) {
    throw badRequest('Invalid resolved_topic_notice_auto_read_policy');
  }
  for (const name of parseOrder) {
    const value = request[name];
    if (value !== undefined) checkParsedValue(name, value, state.featureLevel, literals);
  }
  if (request.default_language !== undefined && !LANGUAGE_CODES.has(request.default_language)) {
    throw badRequest('Invalid default_language');
  }
  const sound = request.notification_sound;
  if (sound !== undefined && sound !== 'none' && !NOTIFICATION_SOUNDS.includes(sound)) {
    throw badRequest(`Invalid notification sound '${sound}'`);
  }
  const period = request.email_notifications_batching_period_seconds;
  if (period !== undefined && (period <= 0 || period > WEEK_SECONDS)) {
    throw badRequest(`Invalid email batching period: ${period} seconds`);
  }
}

/** The server's shortest password (`PASSWORD_MIN_LENGTH`). */
export const PASSWORD_MIN_LENGTH = 6;

/**
 * The server's `authenticate` of the old password: counted against the address's login limit
 * (refused from the sixth attempt in 30 minutes, with the time to wait), never matching while
 * password logins are off; a match forgets the earlier attempts.
 */
function checkOldPassword(state: MockState, user: UserRecord, oldPassword: string | undefined): void {
  const wait = state.rateLimiter.checkLogin(user.delivery_email);
  if (wait !== undefined) throw badRequest(`You're making too many attempts! Try again in ${wait} seconds.`);
  const matches =
    state.realm.password_auth_enabled && oldPassword !== undefined && oldPassword !== '' && user.password !== '' && secretsEqual(oldPassword, user.password);
  if (!matches) throw badRequest('Wrong password!');
  state.rateLimiter.clearLogins(user.delivery_email);
}

/**
 * A password change, as the server makes it: the old password, the new one's strength (the
 * server also asks zxcvbn for at least 10,000 guesses; the mock checks the length only), then the
 * change, which lifts the login limit of the account's address.
 */
function changePassword(state: MockState, user: UserRecord, request: SettingsRequest): void {
  if (request.new_password === undefined) return;
  checkOldPassword(state, user, request.old_password);
  if (!isStrongEnoughPassword(request.new_password)) throw badRequest('New password is too weak!');
  state.store.tables.user.update(user.id, { password: request.new_password });
  state.rateLimiter.clearLogins(user.delivery_email);
}

/**
 * A request for a new address (`validate_email_change_request`, then the `email_change_by_user`
 * rate limit), stripped and only if it differs from the current one: refused to non-administrators
 * while address changes are disabled, then by the organization's address rules, then if taken.
 * The server then emails a confirmation link and changes nothing until it is followed; the mock
 * sends no email.
 */
function requestEmailChange(state: MockState, user: UserRecord, email: string | undefined): void {
  const newEmail = email === undefined ? undefined : pythonStrip(email);
  if (newEmail === undefined || newEmail === user.delivery_email) return;
  if (state.realm.email_changes_disabled && !hasRole(user, 'administrator')) {
    throw badRequest('Email address changes are disabled in this organization.');
  }
  const problem = addressProblem(state, newEmail);
  if (problem) throw badRequest(problem);
  const inUse = addressInUseError(state, newEmail);
  if (inUse) throw badRequest(inUse);
  state.rateLimiter.admitEmailChange(user);
}

/**
 * A new name, unless it is the current one: checked stripped (a blank one is "Name too short!").
 * While name changes are disabled a non-administrator's is silently left out, unchecked.
 */
function changeName(state: MockState, user: UserRecord, requested: string | undefined): void {
  if (requested === undefined || requested === user.full_name) return;
  if (state.realm.name_changes_disabled && !hasRole(user, 'administrator')) return;
  const name = checkFullName(requested, { state, exceptUserId: user.id });
  if (name === user.full_name) return;
  state.store.tables.user.update(user.id, { full_name: name });
  state.events.record({ kind: 'realm_user_updated', userId: user.id, person: { full_name: name } });
}

/** Stores one setting of a user, on the record or among their changed settings. */
export function storeSetting(state: MockState, user: UserRecord, name: UserSettingName, value: unknown): void {
  if (ON_USER_RECORD.has(name)) {
    state.store.tables.user.update(user.id, { [name]: value });
    return;
  }
  const changed = { ...state.store.userSettings.get(user.id), [name]: value };
  state.store.userSettings.set(user.id, changed);
}

/** What others see change with a setting: the time zone, and the address the visibility shows or hides. */
function announce(state: MockState, user: UserRecord, before: UserRecord, name: UserSettingName, value: unknown): void {
  if (name === 'enable_drafts_synchronization' && value === false) forgetDrafts(state, user);
  if (name === 'presence_enabled') presenceEnabledChanged(state, user, value === true);
  if (name === 'allow_private_data_export') state.events.record({ kind: 'export_consent_changed', userId: user.id, consented: value === true });
  if (name === 'timezone') {
    state.events.record({ kind: 'realm_user_updated', userId: user.id, person: { email: user.email, timezone: value } });
  }
  if (name === 'email_address_visibility') {
    // In the server's order: the real address to those who gain or lose sight of it, then, when
    // "everyone" is the old or the new value, the API email and the avatar (whether clients can
    // compute the Gravatar changed).
    state.events.record({ kind: 'delivery_email_visibility_changed', userId: user.id, before: before.email_address_visibility, after: value as number });
    const wasPublic = before.email_address_visibility === EMAIL_VISIBLE_TO_EVERYONE;
    if (wasPublic === (value === EMAIL_VISIBLE_TO_EVERYONE)) return;
    const email = apiEmailFor(state, user.id, user.delivery_email, value as number);
    const updated = state.store.tables.user.update(user.id, { email });
    state.events.record({ kind: 'realm_user_updated', userId: user.id, person: { new_email: email } });
    recordAvatarChange(state, updated);
  }
}

/**
 * `PATCH /settings`, step by step as the server goes, each step keeping its changes (and events)
 * when a later one fails: the values checked while parsing, the password, the address (checked;
 * it would change on confirmation only), the name, then each setting that changes, in the
 * parameters' order with the time zone last. Each is one `user_settings` event (and, for clients
 * without `user_settings_object`, the legacy event of its group).
 */
export function updateSettings(state: MockState, user: UserRecord, request: SettingsRequest): void {
  checkValues(state, request);
  changePassword(state, user, request);
  requestEmailChange(state, user, request.email);
  changeName(state, user, request.full_name);
  const current = userSettingsOf(state, state.store.tables.user.get(user.id) ?? user);
  for (const setting of PATCH_SETTINGS_ORDER) {
    const value = request[setting];
    if (value === undefined || isUnchanged(setting, value, current[setting])) continue;
    // The server stores a time zone under its canonical name (an alias still counts as a change).
    changeSetting(state, user, setting, setting === 'timezone' ? canonicalTimeZone(value as string) : value);
  }
}

/**
 * Whether a requested value leaves a setting as it is. The server compares the stored number of
 * an enum setting with the enum it parsed, which never match: naming its value always "changes" it.
 */
export function isUnchanged(setting: UserSettingName, value: unknown, current: unknown): boolean {
  return !ENUM_SETTINGS.has(setting) && value === current;
}

/** Stores one already checked setting and sends its events (as `PATCH /settings` does for each). */
export function changeSetting(state: MockState, user: UserRecord, setting: UserSettingName, value: unknown): void {
  const before = state.store.tables.user.get(user.id) ?? user;
  storeSetting(state, user, setting, value);
  state.events.record({ kind: 'user_setting_changed', userId: user.id, property: setting, value });
  announce(state, state.store.tables.user.get(user.id) ?? user, before, setting, value);
}
