import type { GroupSettingValue } from '../../../src/schemas/group-setting';
import type { ChannelRecord, UserRecord } from '../../store/store';
import { renderDescription } from '../markdown/render';
import type { MockState } from '../state';
import type { ChannelGroupSetting } from './settings';

/** The server's palette for new subscriptions (`STREAM_ASSIGNMENT_COLORS`), in its order. */
const SUBSCRIPTION_COLORS = [
  '#76ce90', '#fae589', '#a6c7e5', '#e79ab5', '#bfd56f', '#f4ae55', '#b0a5fd', '#addfe5',
  '#f5ce6e', '#c2726a', '#94c849', '#bd86e5', '#ee7e4a', '#a6dcbf', '#95a5fd', '#53a063',
  '#9987e1', '#e4523d', '#c2c2c2', '#4f8de4', '#c6a8ad', '#e7cc4d', '#c8bebf', '#a47462',
] as const;

/** A new subscription's personal settings: notifications inherit the user's defaults (null). */
export const DEFAULT_SUBSCRIPTION_SETTINGS = {
  pin_to_top: false,
  desktop_notifications: null,
  email_notifications: null,
  push_notifications: null,
  audible_notifications: null,
  wildcard_mentions_notify: null,
} as const;

/**
 * The colour of a user's next subscription, as the server picks it: the first colour of the
 * palette none of their subscriptions (current or past) uses, else one derived from the channel.
 */
export function pickSubscriptionColor(state: MockState, userId: number, channelRecipientId = 0): string {
  const used = new Set(state.store.subscriptionsOfUser(userId).map((subscription) => subscription.color));
  const unused = SUBSCRIPTION_COLORS.find((color) => !used.has(color));
  return unused ?? SUBSCRIPTION_COLORS[channelRecipientId % SUBSCRIPTION_COLORS.length] ?? SUBSCRIPTION_COLORS[0];
}

/**
 * The group settings of a channel created by `creatorId` (semantics §4: the server's defaults):
 * its creator administers it (an anonymous group; nobody for a channel without a creator).
 */
export function defaultChannelPermissions(state: MockState, creatorId: number | null): Pick<ChannelRecord, ChannelGroupSetting> {
  const groups = state.realm.system_groups;
  const creatorGroup: GroupSettingValue =
    creatorId === null ? groups['role:nobody'] : { direct_members: [creatorId], direct_subgroups: [] };
  return {
    can_add_subscribers_group: groups['role:nobody'],
    can_administer_channel_group: creatorGroup,
    can_delete_any_message_group: groups['role:nobody'],
    can_delete_own_message_group: groups['role:nobody'],
    can_move_messages_out_of_channel_group: groups['role:nobody'],
    can_move_messages_within_channel_group: groups['role:nobody'],
    can_remove_subscribers_group: groups['role:administrators'],
    can_send_message_group: groups['role:everyone'],
    can_subscribe_group: groups['role:nobody'],
    can_resolve_topics_group: groups['role:nobody'],
  };
}

/**
 * A channel or folder description rendered as the server renders it: Markdown without a sender,
 * channel links limited to what `actingUser` may read (none given: seeded data, as the server's
 * bulk creation).
 */
export function renderChannelDescription(state: MockState, description: string, actingUser?: UserRecord): string {
  return description === '' ? '' : renderDescription(state, description, actingUser);
}
