import type { SubscriptionRecord, UserRecord } from '../../store/store';
import { badRequest } from '../errors';
import { hasLevel, LEVEL } from '../feature-levels';
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

/**
 * A change's property and value, checked before any channel is looked at (the server's request
 * model). A colour that is no hex code answers undefined: the model's check raises a ValueError,
 * which pydantic collects (it goes on to the next change) rather than stopping at once. The value
 * is read as text for it (`False` is no colour either).
 */
function checkValue(change: PropertyChange): CheckedChange | undefined {
  const { property, value } = change;
  if (property === 'color') {
    const text = typeof value === 'boolean' ? (value ? 'True' : 'False') : String(value);
    if (!HEX_COLOR.test(text)) return undefined;
    return { channelId: change.stream_id, patch: { color: text }, events: [['color', text]] };
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
 * Every change checked in order, as pydantic validates the list: an unknown property or a
 * non-boolean value stops it at once (the model raises the server's own error), even after an
 * earlier bad colour; otherwise the first bad colour is reported as pydantic words a ValueError.
 */
function checkValues(changes: readonly PropertyChange[]): CheckedChange[] {
  const checked: CheckedChange[] = [];
  let firstBadColor: number | undefined;
  changes.forEach((change, index) => {
    const result = checkValue(change);
    if (result) checked.push(result);
    else firstBadColor ??= index;
  });
  if (firstBadColor !== undefined) {
    throw badRequest(`Invalid subscription_data[${firstBadColor}]: Value error, color is not a valid hex color code`);
  }
  return checked;
}

/**
 * `POST /users/me/subscriptions/properties`, as the server's `update_subscription_properties_backend`:
 * every change's property and value are checked first; then, change by change, the channel must be
 * one whose content the caller may access and not archived (`Invalid channel ID`) and the caller
 * subscribed to it, and the change is applied at once (a later failure leaves earlier changes made).
 * Muting is told by an update of `in_home_view`, and from {@link LEVEL.isMutedEvents} of `is_muted` too.
 */
export function updateSubscriptionProperties(state: MockState, user: UserRecord, changes: readonly PropertyChange[]): void {
  const checked = checkValues(changes);
  for (const { channelId, patch, events } of checked) {
    const channel = accessChannelById(state, user, channelId);
    const subscription = state.store.subscription(user.id, channel.id);
    if (!subscription?.active) throw badRequest(`Not subscribed to channel ID ${channelId}`);
    state.store.tables.subscription.update(subscription.id, patch);
    for (const [property, value] of events) {
      if (property === 'is_muted' && !hasLevel(state, LEVEL.isMutedEvents)) continue;
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
