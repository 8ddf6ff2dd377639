import { uniformGroupSettings } from '../domain/groups';
import { customGroupDefaults } from '../domain/user-groups/settings';
import type { SystemGroupName } from '../domain/state';
import { defaultRealmProperties } from '../domain/realm-config/realm-properties';
import { isCrossRealmBotEmail } from '../domain/system-bots';
import { STATE_VERSION, type StateDocument } from './state-document';

type GroupRecord = StateDocument['tables']['userGroup'][number];
type UserRecord = StateDocument['tables']['user'][number];
type MessageRecord = StateDocument['tables']['message'][number];
type ChannelRecord = StateDocument['tables']['channel'][number];
type ScheduledMessageRecord = StateDocument['tables']['scheduledMessage'][number];

/**
 * Fills in what documents written by older versions of the mock lack:
 *
 * - the realm's group settings added later, with the server's defaults: `can_create_groups`,
 *   `can_create_bots_group`, `can_create_write_only_bots_group`, `can_add_custom_emoji_group`,
 *   `can_invite_users_group` and `can_set_topics_policy_group` (members),
 *   `can_manage_all_groups` (owners), `create_multiuse_invite_group` and
 *   `can_manage_billing_group` (administrators), `can_set_delete_message_policy_group`
 *   (moderators), `can_access_all_users_group` and `can_summarize_topics_group` (everyone);
 * - its moderation request, signup announcement and Zulip update announcement channels (none),
 *   `user_settings_defaults` (none changed), `org_type` (business) and provisional members (none);
 * - `anonymous_setting_groups` (empty: the settings already anonymous count as the oldest);
 * - its `date_created` (its first user's joining) and the plain settings added later (their
 *   defaults);
 * - each group's permission settings (system groups: nobody; custom groups: the server's
 *   defaults, the creator managing), users' `is_system_bot` (a bot with a system bot's address is
 *   that system bot), messages' `sent_at_ms` (the start of their `timestamp`'s second) and
 *   `has_attachment` (whether an upload links to them), channels'
 *   move and resolve groups (nobody) and scheduled messages' delivery type (`send_later`:
 *   reminders came later).
 *
 * A version 1 document's realm posted channel event notices whatever its
 * `send_channel_events_messages` said: it is turned on, so the realm behaves as it did.
 */
export function upgradeDocument(document: StateDocument, version: number): StateDocument {
  const groups = document.realm.system_groups as Record<SystemGroupName, number>;
  const realm = {
    ...defaultRealmProperties(),
    ...document.realm,
    ...(version < 2 ? { send_channel_events_messages: true } : {}),
    create_multiuse_invite_group: document.realm.create_multiuse_invite_group ?? groups['role:administrators'],
    can_invite_users_group: document.realm.can_invite_users_group ?? groups['role:members'],
    can_access_all_users_group: document.realm.can_access_all_users_group ?? groups['role:everyone'],
    can_manage_billing_group: document.realm.can_manage_billing_group ?? groups['role:administrators'],
    can_summarize_topics_group: document.realm.can_summarize_topics_group ?? groups['role:everyone'],
    can_set_delete_message_policy_group: document.realm.can_set_delete_message_policy_group ?? groups['role:moderators'],
    can_set_topics_policy_group: document.realm.can_set_topics_policy_group ?? groups['role:members'],
    moderation_request_channel_id: document.realm.moderation_request_channel_id ?? null,
    signup_announcements_stream_id: document.realm.signup_announcements_stream_id ?? null,
    zulip_update_announcements_stream_id: document.realm.zulip_update_announcements_stream_id ?? null,
    can_create_groups: document.realm.can_create_groups ?? groups['role:members'],
    can_manage_all_groups: document.realm.can_manage_all_groups ?? groups['role:owners'],
    can_create_bots_group: document.realm.can_create_bots_group ?? groups['role:members'],
    can_create_write_only_bots_group: document.realm.can_create_write_only_bots_group ?? groups['role:members'],
    can_add_custom_emoji_group: document.realm.can_add_custom_emoji_group ?? groups['role:members'],
    user_settings_defaults: document.realm.user_settings_defaults ?? {},
    // Before these were modelled, every realm was a business one with no provisional members.
    org_type: document.realm.org_type ?? 10,
    provisional_member_ids: document.realm.provisional_member_ids ?? [],
    // Settings made anonymous before this was kept count as the oldest.
    anonymous_setting_groups: document.realm.anonymous_setting_groups ?? [],
    // The realm is created just before its seeded users.
    date_created:
      document.realm.date_created ??
      Math.floor(document.tables.user.reduce((earliest, user) => Math.min(earliest, user.date_joined), document.takenAt) / 1000),
  };
  const upgradeGroup = (group: GroupRecord): GroupRecord => {
    if (group.can_manage_group !== undefined) return group;
    const settings = group.is_system_group ? uniformGroupSettings(groups['role:nobody']) : customGroupDefaults({ realm }, group.creator_id);
    // The mention setting existed before the others: it is kept.
    return { ...group, ...settings, can_mention_group: group.can_mention_group };
  };
  const upgradeUser = (user: UserRecord): UserRecord =>
    (user.is_system_bot as boolean | undefined) === undefined ? { ...user, is_system_bot: user.is_bot && isCrossRealmBotEmail(user.delivery_email) } : user;
  // Channel group settings requests could not set before: role:nobody, their default.
  const upgradeChannel = (channel: ChannelRecord): ChannelRecord => ({
    ...channel,
    can_move_messages_out_of_channel_group: channel.can_move_messages_out_of_channel_group ?? groups['role:nobody'],
    can_move_messages_within_channel_group: channel.can_move_messages_within_channel_group ?? groups['role:nobody'],
    can_resolve_topics_group: channel.can_resolve_topics_group ?? groups['role:nobody'],
  });
  // Before the flag was kept, has:attachment read the uploads a message links to.
  const linkingMessages = new Set(document.tables.attachment.flatMap((attachment) => attachment.message_ids));
  const upgradeMessage = (message: MessageRecord): MessageRecord => ({
    ...message,
    sent_at_ms: (message.sent_at_ms as number | undefined) ?? message.timestamp * 1000,
    has_attachment: (message.has_attachment as boolean | undefined) ?? linkingMessages.has(message.id),
  });
  const upgradeScheduledMessage = (record: ScheduledMessageRecord): ScheduledMessageRecord =>
    (record.delivery_type as string | undefined) === undefined
      ? { ...record, delivery_type: 'send_later', reminder_target_message_id: null, reminder_note: null }
      : record;
  return {
    ...document,
    version: STATE_VERSION,
    realm,
    tables: {
      ...document.tables,
      user: document.tables.user.map(upgradeUser),
      userGroup: document.tables.userGroup.map(upgradeGroup),
      message: document.tables.message.map(upgradeMessage),
      channel: document.tables.channel.map(upgradeChannel),
      scheduledMessage: document.tables.scheduledMessage.map(upgradeScheduledMessage),
    },
  };
}
