import languageNames from '../user-settings/language-names.json';
import { LEGACY_DISPLAY_SETTINGS, LEGACY_NOTIFICATION_SETTINGS, settingAtLevel, type UserSettingName } from '../user-settings/catalog';
import { hasLevel, LEVEL } from '../feature-levels';
import type { MockState } from '../state';
import type { UserSettingChanged } from './changes';
import type { EventQueue } from './queue';

/**
 * The language's name as the server's language list gives it (`Deutsch`, `Русский`): Django's
 * `name_local`, or the catalog's team name for a language Django lacks (see
 * scripts/language-names-update.py); the server says "Unknown" for a code not in its list.
 */
function languageName(code: string): string {
  return (languageNames.names as Readonly<Record<string, string>>)[code] ?? 'Unknown';
}

/**
 * A setting change, to the user's own queues: `user_settings` (from
 * {@link LEVEL.userSettingsEvents}), and for queues without the `user_settings_object` capability
 * the legacy `update_display_settings` or `update_global_notifications` event of the setting's
 * group; a renamed setting under the name the level gave it.
 */
export function renderUserSettingEvents(state: MockState, queue: EventQueue, change: UserSettingChanged) {
  if (queue.userId !== change.userId) return [];
  const property = change.property as UserSettingName;
  const language = property === 'default_language' ? { language_name: languageName(String(change.value)) } : {};
  const [name, value] = settingAtLevel(property, change.value, state.featureLevel);
  const events: ({ type: string } & Record<string, unknown>)[] = hasLevel(state, LEVEL.userSettingsEvents)
    ? [{ type: 'user_settings', op: 'update', property: name, value, ...language }]
    : [];
  if (queue.options.capabilities.has('user_settings_object')) return events;
  const email = state.store.tables.user.get(change.userId)?.email ?? '';
  if (LEGACY_DISPLAY_SETTINGS.has(property)) {
    events.push({ type: 'update_display_settings', user: email, setting_name: name, setting: value, ...language });
  }
  if (LEGACY_NOTIFICATION_SETTINGS.has(property)) {
    events.push({ type: 'update_global_notifications', user: email, notification_name: name, setting: value });
  }
  return events;
}
