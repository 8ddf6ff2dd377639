import type { UserRecord } from '../../store/store';
import type { MockState } from '../state';
import { DEFAULTS_LITERAL_SETTINGS, DEFAULTS_PARSE_CHECKED_SETTINGS, EMOJISET_CHOICES, NOTIFICATION_SOUNDS, settingDefaultsAt, settingsAtLevel, USER_SETTING_DEFAULTS, type UserSettingName } from './catalog';
import { checkValues, isUnchanged, type SettingsRequest, storeSetting } from './operations';

/** The settings an organization sets defaults for: every personal setting but the time zone. */
const DEFAULTABLE = (Object.keys(USER_SETTING_DEFAULTS) as UserSettingName[]).filter((name) => name !== 'timezone');

/** Every default the organization sets, whatever the level has (the level's own where it set none). */
function currentDefaults(state: MockState): Record<string, unknown> {
  const defaults: Record<string, unknown> = {};
  const serverDefaults = settingDefaultsAt(state.featureLevel);
  for (const name of DEFAULTABLE) defaults[name] = state.realm.user_settings_defaults[name] ?? serverDefaults[name];
  return defaults;
}

/**
 * `realm_user_settings_defaults` of the register answer: each default the level has (a renamed one
 * under its older name there), and the choices clients offer.
 */
export function realmUserSettingsDefaults(state: MockState): Record<string, unknown> {
  return {
    ...settingsAtLevel(currentDefaults(state), state.featureLevel),
    available_notification_sounds: [...NOTIFICATION_SOUNDS],
    emojiset_choices: EMOJISET_CHOICES.map((choice) => ({ ...choice })),
  };
}

/**
 * `PATCH /realm/user_settings_defaults` (administrators): the values are checked as
 * `PATCH /settings` checks them (but `web_home_view` and `web_animate_image_previews`, whose
 * refusal is only `Invalid <name>` here); each default that changes is one `realm_user_settings_defaults`
 * `update` event. Existing users keep their settings.
 */
export function updateRealmUserSettingsDefaults(state: MockState, request: SettingsRequest): void {
  checkValues(state, request, DEFAULTS_PARSE_CHECKED_SETTINGS, DEFAULTS_LITERAL_SETTINGS);
  const current = currentDefaults(state);
  for (const name of DEFAULTABLE) {
    const value = request[name];
    if (value === undefined || isUnchanged(name, value, current[name])) continue;
    (state.realm as { user_settings_defaults: Readonly<Record<string, unknown>> }).user_settings_defaults = {
      ...state.realm.user_settings_defaults,
      [name]: value,
    };
    state.events.record({ kind: 'realm_user_settings_defaults_changed', property: name, value });
  }
}

/**
 * A new user starts with the organization's defaults (stored as their own settings), but the
 * language: a user created without a browser to ask (through the API) gets the organization's
 * `default_language`, as the server's `get_default_language_for_new_user` gives it.
 */
export function applyRealmUserSettingsDefaults(state: MockState, user: UserRecord): void {
  for (const [name, value] of Object.entries(state.realm.user_settings_defaults)) {
    storeSetting(state, state.store.tables.user.get(user.id) ?? user, name as UserSettingName, value);
  }
  storeSetting(state, state.store.tables.user.get(user.id) ?? user, 'default_language', state.realm.default_language);
}
