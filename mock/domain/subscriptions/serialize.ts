import type { ChannelRecord, SubscriptionRecord } from '../../store/store';
import { LEVEL, hasLevel } from '../feature-levels';
import type { MockState } from '../state';
import { settingForApi } from '../user-groups/settings';
import type { GroupSettingValue } from '../../../src/schemas/group-setting';
import { CHANNEL_PERMISSION_SETTINGS, type ChannelGroupSetting, knowsChannelSetting } from './settings';
import { weeklyTraffic } from './weekly-traffic';

/** `stream_post_policy` values (deprecated), derived from `can_send_message_group`. */
const POST_POLICY = { EVERYONE: 1, ADMINS: 2, FULL_MEMBERS: 3, MODERATORS: 4 } as const;

/** The deprecated `stream_post_policy` of a channel. */
export function streamPostPolicy(state: MockState, channel: ChannelRecord): number {
  const groups = state.realm.system_groups;
  switch (channel.can_send_message_group) {
    case groups['role:administrators']:
      return POST_POLICY.ADMINS;
    case groups['role:fullmembers']:
      return POST_POLICY.FULL_MEMBERS;
    case groups['role:moderators']:
      return POST_POLICY.MODERATORS;
    default:
      return POST_POLICY.EVERYONE;
  }
}

/** A channel's group settings as sent: those of the mock's level, always `can_remove_subscribers_group`. */
type SentGroupSettings = Partial<Record<ChannelGroupSetting, GroupSettingValue>> & Record<'can_remove_subscribers_group', GroupSettingValue>;

/** The channel's group settings the server of the mock's level sends, in the server's order. */
function groupSettingFields(state: MockState, channel: ChannelRecord): SentGroupSettings {
  const known = CHANNEL_PERMISSION_SETTINGS.filter((setting) => knowsChannelSetting(state, setting));
  return Object.fromEntries(known.map((setting) => [setting, settingForApi(state, channel[setting])])) as SentGroupSettings;
}

/**
 * How many active users are subscribed: the count the server keeps on the channel (deactivated
 * users leave it, and come back into it when reactivated).
 */
function subscriberCount(state: MockState, channel: ChannelRecord): number {
  let count = 0;
  for (const userId of state.store.subscriberIds(channel.id)) if (state.store.tables.user.get(userId)?.is_active) count += 1;
  return count;
}

/** A channel as `GET /streams` and the `stream` state and events describe it. */
export function channelDict(state: MockState, channel: ChannelRecord) {
  const postPolicy = streamPostPolicy(state, channel);
  return {
    stream_id: channel.id,
    name: channel.name,
    ...(hasLevel(state, LEVEL.channelIsArchived) ? { is_archived: channel.is_archived } : {}),
    description: channel.description,
    rendered_description: channel.rendered_description,
    date_created: channel.date_created,
    ...(hasLevel(state, LEVEL.channelCreator) ? { creator_id: channel.creator_id } : {}),
    invite_only: channel.invite_only,
    is_web_public: channel.is_web_public,
    stream_post_policy: postPolicy,
    is_announcement_only: postPolicy === POST_POLICY.ADMINS,
    message_retention_days: channel.message_retention_days,
    history_public_to_subscribers: channel.history_public_to_subscribers,
    first_message_id: channel.first_message_id,
    ...(hasLevel(state, LEVEL.channelFolders) ? { folder_id: channel.folder_id } : {}),
    ...(hasLevel(state, LEVEL.topicsPolicy) ? { topics_policy: channel.topics_policy } : {}),
    ...(hasLevel(state, LEVEL.recentlyActiveChannels) ? { is_recently_active: channel.is_recently_active } : {}),
    stream_weekly_traffic: weeklyTraffic(state, channel),
    ...(hasLevel(state, LEVEL.subscriberCount) ? { subscriber_count: subscriberCount(state, channel) } : {}),
    // Anonymous values list active members only, ascending, as everywhere in the API.
    ...groupSettingFields(state, channel),
  };
}

/** The subscriber lists a subscription object carries: none, all, or partial (bots and recently active users). */
export type SubscriberFields = { subscribers?: number[]; partial_subscribers?: number[] };

/** A user's subscription (current or past) as the API describes it, with the given subscriber lists. */
export function subscriptionDict(
  state: MockState,
  channel: ChannelRecord,
  subscription: SubscriptionRecord,
  subscribers: SubscriberFields = {},
) {
  return {
    ...channelDict(state, channel),
    ...subscribers,
    color: subscription.color,
    is_muted: subscription.is_muted,
    in_home_view: !subscription.is_muted,
    pin_to_top: subscription.pin_to_top,
    desktop_notifications: subscription.desktop_notifications,
    email_notifications: subscription.email_notifications,
    push_notifications: subscription.push_notifications,
    audible_notifications: subscription.audible_notifications,
    wildcard_mentions_notify: subscription.wildcard_mentions_notify,
  };
}

/** A subscription as the API describes it. */
export type SubscriptionDict = ReturnType<typeof subscriptionDict>;
