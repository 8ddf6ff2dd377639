import { realmEmailAddressVisibilityState } from '../realm-config/realm-email-visibility';
import type { UserRecord } from '../../store/store';
import { isGuest } from '../users';
import { defaultChannelIds } from '../subscriptions/default-channels';
import { defaultChannelRefs } from '../subscriptions/default-channel-refs';
import { defaultChannelGroups } from '../default-channel-groups/operations';
import type { MockState } from '../state';
import { unreadMessagesState } from '../flags/unread-state';
import { draftsState } from '../drafts/operations';
import { listSavedSnippets } from '../saved-snippets/operations';
import { pushDevicesState } from '../push/e2ee-registration';
import { listNavigationViews } from '../navigation-views/operations';
import { LEVEL, hasLevel } from '../feature-levels';
import { undeliveredScheduledMessages } from '../scheduled-messages/list';
import { undeliveredReminders } from '../reminders/operations';
import { mutedTopicsOf } from '../muted-topics';
import { listRealmDomains } from '../realm-config/domains';
import { listPlaygrounds } from '../realm-config/playgrounds';
import { listProfileFields } from '../profile-fields/wire';
import { presenceMap } from '../presence/read';
import { userStatusState } from '../user-status';
import { mutedUsersOf } from '../muted-users';
import { PROFILE_FIELD_TYPES } from '../profile-fields/catalog';
import { fieldTypesWithoutPronouns, withPronounsAsShortText } from '../profile-fields/pronouns-compat';
import { listLinkifiers } from '../linkifiers/operations';
import { listChannelFolders } from '../channel-folders/read';
import { MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH, MAX_CHANNEL_FOLDER_NAME_LENGTH } from '../channel-folders/limits';
import { displayTopic } from '../topics';
import { channelsState, subscriptionSections } from '../subscriptions/read';
import { withInheritedNotifications } from '../subscriptions/notification-compat';
import { MOCK_EVENT_TYPES } from './event-types';
import { unmodelledState } from './unmodelled-state';
import { onboardingState } from '../onboarding/steps';
import { realmServerValues } from './realm-server-values';
import { userGroupsState } from '../user-groups/read';
import { realmSettingsState } from './realm-settings-state';
import { allCustomEmoji } from '../emoji/custom-emoji';
import { recentPrivateConversations } from '../messages/recent-conversations';
import { realmBotsState } from '../bots/read';
import { realmUserSettingsDefaults } from '../user-settings/realm-defaults';
import { realmUserState } from '../accounts/register-state';
import { legacySettingsState, userSettingsState } from '../user-settings/register-state';
import { THUMBNAIL_FORMATS } from '../uploads/uploaded-images';
import type { SubscriberMode } from '../subscriptions/subscribers';

/** Seconds a client should wait for a long-poll before giving up (the server's constant). */
const LONGPOLL_TIMEOUT_SECONDS = 90;

/** The limits and periods `realm` state reports (the server's defaults, semantics §5). */
const SERVER_CONSTANTS = {
  max_stream_description_length: 1024,
  event_queue_longpoll_timeout_seconds: LONGPOLL_TIMEOUT_SECONDS,
  server_typing_started_expiry_period_milliseconds: 45_000,
  server_typing_stopped_wait_period_milliseconds: 12_000,
  server_typing_started_wait_period_milliseconds: 30_000,
  server_presence_ping_interval_seconds: 60,
  server_presence_offline_threshold_seconds: 200,
  server_thumbnail_formats: THUMBNAIL_FORMATS,
};

/** The longest channel folder name and description, in characters (the server's `ChannelFolder` model). */
const CHANNEL_FOLDER_LIMITS = {
  max_channel_folder_name_length: MAX_CHANNEL_FOLDER_NAME_LENGTH,
  max_channel_folder_description_length: MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH,
};

/** `custom_profile_fields` state, as the client knows the field types. */
function profileFieldsState(state: MockState, pronounsFieldTypeSupported: boolean) {
  const fields = listProfileFields(state);
  // A server older than the type does not name it, whatever the client knows.
  if (pronounsFieldTypeSupported && hasLevel(state, LEVEL.pronounsFieldType)) return { custom_profile_fields: fields, custom_profile_field_types: PROFILE_FIELD_TYPES };
  return { custom_profile_fields: withPronounsAsShortText(fields), custom_profile_field_types: fieldTypesWithoutPronouns() };
}

/** What a client asked to see of the initial state. */
export interface StateOptions {
  readonly allowEmptyTopicName: boolean;
  /** The queue declared `linkifier_url_template`; without it `realm_linkifiers` is empty. */
  readonly linkifierUrlTemplate?: boolean;
  /** `include_subscribers`: whether subscription state lists each channel's subscribers, all or partially. */
  readonly subscriberMode?: SubscriberMode;
  /** The `archived_channels` capability: archived channels appear in the channel state. */
  readonly archivedChannels?: boolean;
  /** The queue's `client_gravatar` (default true). */
  readonly clientGravatar?: boolean;
  /** The `user_settings_object` capability: no legacy top-level settings. */
  readonly userSettingsObject?: boolean;
  /** `slim_presence`: presence keyed by user ID, in the modern format. */
  readonly slimPresence?: boolean;
  /** `presence_history_limit_days` (default 14). */
  readonly presenceHistoryDays?: number | null | undefined;
  /** The `include_deactivated_groups` capability: deactivated user groups stay in the state. */
  readonly includeDeactivatedGroups?: boolean;
  /** The `user_list_incomplete` capability: `realm_users` leaves out the users a limited guest may not see. */
  readonly userListIncomplete?: boolean;
  /** False for a client that predates the Pronouns field type (default true). */
  readonly pronounsFieldTypeSupported?: boolean;
  /** The `notification_settings_null` capability: subscriptions' inherited notification settings stay null. */
  readonly notificationSettingsNull?: boolean;
}


/** The user's topic policies, as the server lists them: channels that are not archived only. */
function userTopics(state: MockState, user: UserRecord, options: StateOptions) {
  const { store } = state;
  return store.tables.userTopic
    .all()
    .filter((record) => record.user_id === user.id && store.tables.channel.get(record.channel_id)?.is_archived === false)
    .map((record) => ({
      stream_id: record.channel_id,
      topic_name: displayTopic(state.realm, record.topic_name, options.allowEmptyTopicName),
      last_updated: record.last_updated,
      visibility_policy: record.visibility_policy,
    }));
}

/** The realm's message edit and move settings, under their register names. */
function editSettings({ realm }: MockState) {
  return {
    realm_allow_message_editing: realm.allow_message_editing,
    realm_message_retention_days: realm.message_retention_days,
    realm_message_content_edit_limit_seconds: realm.message_content_edit_limit_seconds,
    realm_move_messages_within_stream_limit_seconds: realm.move_messages_within_stream_limit_seconds,
    realm_move_messages_between_streams_limit_seconds: realm.move_messages_between_streams_limit_seconds,
    realm_message_edit_history_visibility_policy: realm.message_edit_history_visibility_policy,
    realm_allow_edit_history: realm.message_edit_history_visibility_policy !== 'none',
  };
}

function presenceState(state: MockState, user: UserRecord, options: StateOptions) {
  const { presences, lastUpdateId } = presenceMap(state, { slim: options.slimPresence === true, historyDays: options.presenceHistoryDays, viewer: user });
  return { presences, presence_last_update_id: lastUpdateId, server_timestamp: state.clock.now() / 1000 };
}

function realmState(state: MockState) {
  const { realm } = state;
  return {
    ...SERVER_CONSTANTS,
    max_file_upload_size_mib: realm.max_file_upload_size_mib,
    max_message_length: realm.max_message_length,
    max_topic_length: realm.max_topic_length,
    max_stream_name_length: realm.max_stream_name_length,
    ...(hasLevel(state, LEVEL.channelFolderLimits) ? CHANNEL_FOLDER_LIMITS : {}),
    realm_empty_topic_display_name: realm.empty_topic_display_name,
    realm_name: realm.name,
    realm_description: realm.description,
    realm_url: realm.url,
    realm_message_content_delete_limit_seconds: realm.message_content_delete_limit_seconds,
    realm_enable_read_receipts: realm.enable_read_receipts,
    ...(hasLevel(state, LEVEL.topicsPolicy) ? { realm_topics_policy: realm.topics_policy } : {}),
    realm_new_stream_announcements_stream_id: realm.new_stream_announcements_stream_id ?? -1,
    realm_signup_announcements_stream_id: realm.signup_announcements_stream_id ?? -1,
    realm_zulip_update_announcements_stream_id: realm.zulip_update_announcements_stream_id ?? -1,
    ...realmSettingsState(state),
    ...editSettings(state),
    ...realmServerValues(state),
    ...realmEmailAddressVisibilityState(state),
  };
}

function subscriptionState(state: MockState, user: UserRecord, options: StateOptions) {
  const sections = subscriptionSections(state, user, {
    mode: options.subscriberMode ?? 'none',
    includeArchived: options.archivedChannels === true,
  });
  if (options.notificationSettingsNull === true) return sections;
  return {
    ...sections,
    subscriptions: withInheritedNotifications(state, user, sections.subscriptions),
    unsubscribed: withInheritedNotifications(state, user, sections.unsubscribed),
  };
}

/** The register answer's state sections for the requested types (`null` = every implemented type). */
export function initialState(
  state: MockState,
  user: UserRecord,
  types: readonly string[] | null,
  options: StateOptions,
): Record<string, unknown> {
  const wanted = new Set(types ?? MOCK_EVENT_TYPES);
  return {
    ...(wanted.has('message') ? { max_message_id: state.store.userMessages.maxMessageId(user.id) } : {}),
    ...(wanted.has('user_topic') ? { user_topics: userTopics(state, user, options) } : {}),
    // The legacy list only for clients that did not ask for its replacement (or asked for everything;
    // or whose server had none).
    ...(wanted.has('muted_topics') && (types === null || !wanted.has('user_topic') || !hasLevel(state, LEVEL.userTopicEvents))
      ? { muted_topics: mutedTopicsOf(state, user.id) }
      : {}),
    ...(wanted.has('message') && wanted.has('update_message_flags')
      ? { unread_msgs: unreadMessagesState(state, user, options) }
      : {}),
    ...(wanted.has('realm') ? realmState(state) : {}),
    ...(wanted.has('alert_words') ? { alert_words: [...state.store.alertWords.of(user.id)] } : {}),
    ...(wanted.has('realm_linkifiers')
      ? { realm_linkifiers: options.linkifierUrlTemplate ? listLinkifiers(state) : [] }
      : {}),
    ...(wanted.has('realm_filters') ? { realm_filters: [] } : {}),
    ...(wanted.has('drafts') ? { drafts: draftsState(state, user) } : {}),
    // A server before saved snippets does not know the name: nothing, silently.
    ...(wanted.has('saved_snippets') && hasLevel(state, LEVEL.savedSnippets) ? { saved_snippets: listSavedSnippets(state, user) } : {}),
    ...(wanted.has('push_device') && hasLevel(state, LEVEL.e2eePushDevices) ? { push_devices: pushDevicesState(state, user) } : {}),
    ...(wanted.has('navigation_views') && hasLevel(state, LEVEL.navigationViews)
      ? { navigation_views: listNavigationViews(state, user) }
      : {}),
    ...(wanted.has('scheduled_messages') && hasLevel(state, LEVEL.scheduledMessages)
      ? { scheduled_messages: undeliveredScheduledMessages(state, user) }
      : {}),
    ...(wanted.has('reminders') && hasLevel(state, LEVEL.reminders) ? { reminders: undeliveredReminders(state, user) } : {}),
    ...(wanted.has('realm_user_groups')
      ? { realm_user_groups: userGroupsState(state, options.includeDeactivatedGroups === true) }
      : {}),
    ...(wanted.has('realm_bot') ? { realm_bots: realmBotsState(state, user) } : {}),
    ...(wanted.has('realm_user_settings_defaults') ? { realm_user_settings_defaults: realmUserSettingsDefaults(state) } : {}),
    ...(wanted.has('realm_domains') ? { realm_domains: listRealmDomains(state) } : {}),
    ...(wanted.has('realm_playgrounds') ? { realm_playgrounds: listPlaygrounds(state) } : {}),
    ...(wanted.has('realm_emoji') ? { realm_emoji: allCustomEmoji(state) } : {}),
    ...(wanted.has('recent_private_conversations') ? { recent_private_conversations: recentPrivateConversations(state, user) } : {}),
    // The server lists at most the first 10,000, ascending.
    ...(wanted.has('starred_messages') ? { starred_messages: state.store.userMessages.messageIdsWithFlag(user.id, 'starred').slice(0, 10_000) } : {}),
    ...(wanted.has('presence') ? presenceState(state, user, options) : {}),
    ...(wanted.has('user_status') ? { user_status: userStatusState(state, user) } : {}),
    ...(wanted.has('muted_users') ? { muted_users: mutedUsersOf(state, user.id) } : {}),
    ...(wanted.has('custom_profile_fields') ? profileFieldsState(state, options.pronounsFieldTypeSupported ?? true) : {}),
    // Guests are not told which channels new users join.
    ...(wanted.has('default_streams') ? { realm_default_streams: isGuest(user) ? [] : defaultChannelRefs(state, defaultChannelIds(state)) } : {}),
    ...(wanted.has('default_stream_groups') ? { realm_default_stream_groups: isGuest(user) ? [] : defaultChannelGroups(state) } : {}),
    ...(wanted.has('subscription') ? subscriptionState(state, user, options) : {}),
    ...(wanted.has('stream') ? { streams: channelsState(state, user, options.archivedChannels === true && hasLevel(state, LEVEL.archivingUpdates)) } : {}),
    // Archived folders too: channels may still name them.
    ...(wanted.has('channel_folders') && hasLevel(state, LEVEL.channelFolders) ? { channel_folders: listChannelFolders(state, true) } : {}),
    ...(wanted.has('realm_user') ? realmUserState(state, user, { clientGravatar: options.clientGravatar ?? true, userListIncomplete: options.userListIncomplete ?? false }) : {}),
    ...(wanted.has('user_settings') ? { user_settings: userSettingsState(state, user) } : {}),
    ...(options.userSettingsObject ? {} : legacySettingsState(state, user, wanted)),
    ...onboardingState(state, user, wanted),
    ...unmodelledState(state, wanted),
  };
}
