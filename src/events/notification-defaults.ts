import type { RegisterResponse } from '../schemas/event-queue';
import { registeredWith } from './capabilities';
import type { ApplyEventContext } from './unread';

/** A subscription's notification settings that `null` leaves to the user's defaults for channels. */
const INHERITED_SETTINGS = ['desktop_notifications', 'audible_notifications', 'push_notifications', 'email_notifications'] as const;

/** The user's default for a channel notification setting, as the state holds it (with or without `user_settings`). */
function userDefault(state: RegisterResponse, setting: (typeof INHERITED_SETTINGS)[number]): unknown {
  const name = `enable_stream_${setting}`;
  return state.user_settings?.[name] ?? (state as Record<string, unknown>)[name];
}

/**
 * A subscription as a registration without `notification_settings_null` shows it: each of its
 * notification settings left to the default (`null`) reads as the user's default for channels
 * (the server's `handle_stream_notifications_compatibility`), while the events still carry `null`.
 * Unchanged when the registration declared the capability, when the context does not say, or when
 * the state lacks the user's settings.
 */
export function withNotificationDefaults<T extends Record<string, unknown>>(state: RegisterResponse, entry: T, context: ApplyEventContext | undefined): T {
  if (registeredWith(state, context, 'notification_settings_null') !== false) return entry;
  let filled = entry;
  for (const setting of INHERITED_SETTINGS) {
    const value = userDefault(state, setting);
    if (entry[setting] === null && typeof value === 'boolean') filled = { ...filled, [setting]: value };
  }
  return filled;
}
