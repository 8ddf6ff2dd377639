import type { ChannelRecord, SubscriptionRecord } from '../../store/store';
import { LEVEL, hasLevel } from '../feature-levels';
import type { MockState } from '../state';
import { settingForApi } from '../user-groups/settings';
import type { GroupSettingValue } from '../../../src/schemas/group-setting';
import { CHANNEL_GROUP_SETTINGS, CHANNEL_PERMISSION_SETTINGS, type ChannelGroupSetting } from './settings';
import { weeklyTraffic } from './weekly-traffic';
import { OLDER_FIELD_NAMES } from '../../http/older-field-names';

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

/**
 * How many active users are subscribed: the count the server keeps on the channel (deactivated
 * users leave it, and come back into it when reactivated).
 */
function subscriberCount(state: MockState, channel: ChannelRecord): number {
  const subscribers = state.store.subscriberIds(channel.id);
  const deactivated = state.store.deactivatedUserIds();
  // Walk the smaller side: a register lists every channel, and deactivated accounts are few.
  if (deactivated.size < subscribers.size) {
    let count = subscribers.size;
    for (const userId of deactivated) if (subscribers.has(userId)) count -= 1;
    return count;
  }
  let count = 0;
  for (const userId of subscribers) if (!deactivated.has(userId)) count += 1;
  return count;
}

/** A channel as `GET /streams` and the `stream` state and events describe it; fields of a later feature level are absent below it. */
export type ChannelDict = SentGroupSettings & {
  stream_id: number;
  name: string;
  is_archived?: boolean;
  description: string;
  rendered_description: string;
  date_created: number;
  creator_id?: number | null;
  invite_only: boolean;
  is_web_public: boolean;
  stream_post_policy: number;
  is_announcement_only: boolean;
  message_retention_days: number | null;
  history_public_to_subscribers: boolean;
  first_message_id: number | null;
  folder_id?: number | null;
  topics_policy?: ChannelRecord['topics_policy'];
  is_recently_active?: boolean;
  stream_weekly_traffic: number | null;
  subscriber_count?: number;
};

/** The feature level from which the server sends each channel field that it did not always send. */
const CHANNEL_FIELD_LEVELS: ReadonlyMap<string, number> = new Map([
  ['is_archived', LEVEL.channelIsArchived],
  ['creator_id', LEVEL.channelCreator],
  ['folder_id', LEVEL.channelFolders],
  ['topics_policy', LEVEL.topicsPolicy],
  ['is_recently_active', LEVEL.recentlyActiveChannels],
  ['subscriber_count', LEVEL.subscriberCount],
  ...CHANNEL_PERMISSION_SETTINGS.flatMap((setting): [string, number][] => {
    const since = CHANNEL_GROUP_SETTINGS[setting].since;
    return since === undefined ? [] : [[setting, since]];
  }),
  // Under its older name before (see knownFieldsOnly).
  ['can_remove_subscribers_group', OLDER_FIELD_NAMES['can_remove_subscribers_group']!.until],
]);

/** From this level on, the server sends every channel field the mock knows. */
const EVERY_CHANNEL_FIELD_LEVEL = Math.max(...CHANNEL_FIELD_LEVELS.values());

/**
 * The fields of `dict` a server of the mock's level sends, in their order, a renamed one under its
 * older name where the level had that (`can_remove_subscribers_group_id` from 142 to 196). Done
 * here, not only by the answer shaper's table, because channels also travel where the table does
 * not reach: default channels as whole channels before 330.
 */
function knownFieldsOnly<T extends object>(state: MockState, dict: T): T {
  if (state.featureLevel >= EVERY_CHANNEL_FIELD_LEVEL) return dict;
  const known: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(dict)) {
    const since = CHANNEL_FIELD_LEVELS.get(field);
    if (since === undefined || hasLevel(state, since)) {
      known[field] = value;
      continue;
    }
    const older = OLDER_FIELD_NAMES[field];
    if (older && hasLevel(state, older.since)) known[older.name] = value;
  }
  return known as T;
}

/**
 * Every channel field of the newest level, in the server's order. One object literal: a register
 * of a large realm writes hundreds of these, and objects built by conditional spreads or
 * property by property cost more to build and to serialize.
 */
function newestChannelDict(state: MockState, channel: ChannelRecord): ChannelDict {
  const postPolicy = streamPostPolicy(state, channel);
  const fields = {
    stream_id: channel.id,
    name: channel.name,
    is_archived: channel.is_archived,
    description: channel.description,
    rendered_description: channel.rendered_description,
    date_created: channel.date_created,
    creator_id: channel.creator_id,
    invite_only: channel.invite_only,
    is_web_public: channel.is_web_public,
    stream_post_policy: postPolicy,
    is_announcement_only: postPolicy === POST_POLICY.ADMINS,
    message_retention_days: channel.message_retention_days,
    history_public_to_subscribers: channel.history_public_to_subscribers,
    first_message_id: channel.first_message_id,
    folder_id: channel.folder_id,
    topics_policy: channel.topics_policy,
    is_recently_active: channel.is_recently_active,
    stream_weekly_traffic: weeklyTraffic(state, channel),
    subscriber_count: subscriberCount(state, channel),
  } satisfies Required<Omit<ChannelDict, ChannelGroupSetting>>;
  // The group settings follow, in the server's order; the check above holds every other field.
  const dict = fields as ChannelDict;
  // Anonymous values list active members only, ascending, as everywhere in the API.
  for (const setting of CHANNEL_PERMISSION_SETTINGS) dict[setting] = settingForApi(state, channel[setting]);
  return dict;
}

/** A channel as `GET /streams` and the `stream` state and events describe it. */
export function channelDict(state: MockState, channel: ChannelRecord): ChannelDict {
  return knownFieldsOnly(state, newestChannelDict(state, channel));
}

/** The subscriber lists a subscription object carries: none, all, or partial (bots and recently active users). */
export type SubscriberFields = { subscribers?: number[]; partial_subscribers?: number[] };

/** A user's subscription (current or past) as the API describes it: the channel, its subscriber lists, the user's settings. */
export type SubscriptionDict = ChannelDict & SubscriberFields & {
  color: string;
  is_muted: boolean;
  in_home_view: boolean;
  pin_to_top: boolean;
  desktop_notifications: boolean | null;
  email_notifications: boolean | null;
  push_notifications: boolean | null;
  audible_notifications: boolean | null;
  wildcard_mentions_notify: boolean | null;
};

/** A user's subscription (current or past) as the API describes it, with the given subscriber lists. */
export function subscriptionDict(
  state: MockState,
  channel: ChannelRecord,
  subscription: SubscriptionRecord,
  subscribers: SubscriberFields = {},
): SubscriptionDict {
  return knownFieldsOnly(state, {
    ...newestChannelDict(state, channel),
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
  });
}
