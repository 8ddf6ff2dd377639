import type { UserRecord } from '../../store/store';
import type { MockState } from '../state';
import {
  EMOJISET_CHOICES,
  LEGACY_DISPLAY_SETTINGS,
  LEGACY_NOTIFICATION_SETTINGS,
  NOTIFICATION_SOUNDS,
  settingsAtLevel,
  type UserSettingName,
} from './catalog';
import { userSettingsOf } from './operations';

/** `user_settings` of the register answer: every setting, and the choices clients offer. */
export function userSettingsState(state: MockState, user: UserRecord): Record<string, unknown> {
  return {
    ...settingsAtLevel(userSettingsOf(state, user), state.featureLevel),
    available_notification_sounds: [...NOTIFICATION_SOUNDS],
    emojiset_choices: EMOJISET_CHOICES.map((choice) => ({ ...choice })),
  };
}

/** The named settings a server at `level` has, each under the name it gave it there. */
function pick(settings: Readonly<Record<string, unknown>>, names: ReadonlySet<UserSettingName>, level: number): Record<string, unknown> {
  const named: Record<string, unknown> = {};
  for (const name of names) named[name] = settings[name];
  return settingsAtLevel(named, level);
}

/**
 * The legacy top-level settings, for clients without `user_settings_object`: the display group
 * with the emoji set choices for `update_display_settings`, the notification group with the
 * sound choices for `update_global_notifications`.
 */
export function legacySettingsState(
  state: MockState,
  user: UserRecord,
  wanted: ReadonlySet<string>,
): Record<string, unknown> {
  const display = wanted.has('update_display_settings');
  const notifications = wanted.has('update_global_notifications');
  if (!display && !notifications) return {};
  const settings = userSettingsOf(state, user) as Readonly<Record<string, unknown>>;
  return {
    ...(display ? { ...pick(settings, LEGACY_DISPLAY_SETTINGS, state.featureLevel), emojiset_choices: EMOJISET_CHOICES.map((choice) => ({ ...choice })) } : {}),
    ...(notifications ? { ...pick(settings, LEGACY_NOTIFICATION_SETTINGS, state.featureLevel), available_notification_sounds: [...NOTIFICATION_SOUNDS] } : {}),
  };
}
