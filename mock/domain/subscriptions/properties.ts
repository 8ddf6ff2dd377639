import type { SubscriptionRecord, UserRecord } from '../../store/store';
import { badRequest } from '../errors';
import type { MockState } from '../state';
import { channelWithMetadataAccess } from './access';

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

const HEX_COLOR = /^#([a-fA-F0-9]{3,6})$/;

/** One requested change of a personal subscription setting. */
export interface PropertyChange {
  readonly stream_id: number;
  readonly property: string;
  readonly value: unknown;
}

type StoredChange = { subscription: SubscriptionRecord; patch: Partial<SubscriptionRecord>; events: [string, unknown][] };

function isBooleanProperty(property: string): property is BooleanProperty {
  return (BOOLEAN_PROPERTIES as readonly string[]).includes(property);
}

function checkChange(state: MockState, user: UserRecord, change: PropertyChange): StoredChange {
  const { property, value } = change;
  if (property !== 'color' && !isBooleanProperty(property)) {
    throw badRequest(`Unknown subscription property: ${property}`);
  }
  const channel = channelWithMetadataAccess(state, user, change.stream_id);
  const subscription = state.store.subscription(user.id, channel.id);
  if (!subscription?.active) throw badRequest(`Not subscribed to channel ID ${channel.id}`);
  if (property === 'color') {
    if (typeof value !== 'string') throw badRequest('color is not a string');
    if (!HEX_COLOR.test(value)) throw badRequest('color is not a valid hex color code');
    return { subscription, patch: { color: value }, events: [['color', value]] };
  }
  if (typeof value !== 'boolean') throw badRequest(`${property} is not a boolean`);
  if (property === 'is_muted' || property === 'in_home_view') {
    const muted = property === 'is_muted' ? value : !value;
    // The server sends both forms of the setting, `is_muted` first.
    return { subscription, patch: { is_muted: muted }, events: [['is_muted', muted], ['in_home_view', !muted]] };
  }
  return { subscription, patch: { [property]: value }, events: [[property, value]] };
}

/**
 * `POST /users/me/subscriptions/properties`: changes the caller's personal settings, each
 * checked before any is applied; records one change per event the server sends.
 */
export function updateSubscriptionProperties(state: MockState, user: UserRecord, changes: readonly PropertyChange[]): void {
  const checked = changes.map((change) => checkChange(state, user, change));
  for (const { subscription, patch, events } of checked) {
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
