import type { SubscriptionRecord, UserRecord } from '../../store/store';
import { badRequest } from '../errors';
import type { MockState } from '../state';
import { accessChannelById } from '../channel-access';

const BOOLEAN_PROPERTIES = [
  'is_muted',
  'in_home_view',
  'pin_to_top',
  'desktop_notifications',
  'audible_notifications',
  'push_notifications',
  'email_notifications',
  'wildcard_mentions_notify',
] as const;

type BooleanProperty = (typeof BOOLEAN_PROPERTIES)[number];

/** A colour the server takes: `#` and 3 to 6 hex digits (its `check_color`). */
export const HEX_COLOR = /^#([a-fA-F0-9]{3,6})$/;

/** One requested change of a personal subscription setting. */
export interface PropertyChange {
  readonly stream_id: number;
  readonly property: string;
  readonly value: unknown;
}

type CheckedChange = { channelId: number; patch: Partial<SubscriptionRecord>; events: [string, unknown][] };

function isBooleanProperty(property: string): property is BooleanProperty {
  return (BOOLEAN_PROPERTIES as readonly string[]).includes(property);
}

/** A change's property and value, checked before any channel is looked at (the server's request model). */
function checkValue(change: PropertyChange): CheckedChange {
  const { property, value } = change;
  if (property === 'color') {
    if (typeof value !== 'string') throw badRequest('color is not a string');
    if (!HEX_COLOR.test(value)) throw badRequest('color is not a valid hex color code');
    return { channelId: change.stream_id, patch: { color: value }, events: [['color', value]] };
  }
  if (!isBooleanProperty(property)) throw badRequest(`Unknown subscription property: ${property}`);
  if (typeof value !== 'boolean') throw badRequest(`${property} is not a boolean`);
  if (property === 'is_muted' || property === 'in_home_view') {
    const muted = property === 'is_muted' ? value : !value;
    // The server sends both forms of the setting, the deprecated `in_home_view` first.
    return { channelId: change.stream_id, patch: { is_muted: muted }, events: [['in_home_view', !muted], ['is_muted', muted]] };
  }
  return { channelId: change.stream_id, patch: { [property]: value }, events: [[property, value]] };
}

/**
 * `POST /users/me/subscriptions/properties`, as the server's `update_subscription_properties_backend`:
 * every change's property and value are checked first; then, change by change, the channel must be
 * one whose content the caller may access and not archived (`Invalid channel ID`) and the caller
 * subscribed to it, and the change is applied at once (a later failure leaves earlier changes made).
 */
export function updateSubscriptionProperties(state: MockState, user: UserRecord, changes: readonly PropertyChange[]): void {
  const checked = changes.map(checkValue);
  for (const { channelId, patch, events } of checked) {
    const channel = accessChannelById(state, user, channelId);
    const subscription = state.store.subscription(user.id, channel.id);
    if (!subscription?.active) throw badRequest(`Not subscribed to channel ID ${channelId}`);
    state.store.tables.subscription.update(subscription.id, patch);
    for (const [property, value] of events) {
      state.events.record({
        kind: 'subscription_property_changed',
        userId: user.id,
        channelId: subscription.channel_id,
        property,
        value,
      });
    }
  }
}
