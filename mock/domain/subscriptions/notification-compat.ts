import type { UserRecord } from '../../store/store';
import type { MockState } from '../state';
import { userSettingsOf } from '../user-settings/operations';

/** The subscription notification settings older clients cannot read as null, with the user setting each inherits. */
const INHERITED_FROM = {
  desktop_notifications: 'enable_stream_desktop_notifications',
  audible_notifications: 'enable_stream_audible_notifications',
  push_notifications: 'enable_stream_push_notifications',
  email_notifications: 'enable_stream_email_notifications',
} as const;

type NotificationFields = { readonly [Field in keyof typeof INHERITED_FROM]: boolean | null };

/**
 * The register state of a client without the `notification_settings_null` capability (the
 * server's `handle_stream_notifications_compatibility`): each of the four notification settings
 * left null (inherit) is filled from the user's `enable_stream_*` default. `wildcard_mentions_notify`
 * stays null, and events keep sending null, as the server's do.
 */
export function withInheritedNotifications<T extends NotificationFields>(state: MockState, user: UserRecord, subscriptions: readonly T[]): T[] {
  const settings = userSettingsOf(state, user);
  return subscriptions.map((subscription) => {
    const filled: Record<string, boolean | null> = {};
    for (const [field, setting] of Object.entries(INHERITED_FROM) as [keyof NotificationFields, keyof typeof settings][]) {
      filled[field] = subscription[field] ?? (settings[setting] as boolean);
    }
    return { ...subscription, ...filled };
  });
}
