import { CLIENT_CAPABILITY_LEVELS, type ClientCapabilityName } from '../../src/contract/client-capabilities';
import { MOCK_FEATURE_LEVEL } from './server-settings';
import type { MockState } from './state';

/**
 * The API changes the mock reproduces when started as an older server, by the feature level
 * that introduced each (the spec's versioning table). Operations that appeared later are
 * declared with their own `featureLevel` and are simply absent below it.
 */
export const LEVEL = {
  /** Default channels and default channel groups name their channels by ID (whole channels before). */
  defaultChannelIds: 330,
  /** Success bodies list `ignored_parameters_unsupported`. */
  ignoredParametersReport: 167,
  /** `PATCH /users/{user_id}` reads `full_name` as text (before: as JSON, the server's issue #18409). */
  userFullNameText: 106,
  /** `GET /user_groups` takes `include_deactivated_groups` (before: `allow_deactivated`). */
  includeDeactivatedGroups: 294,
  /** User groups are deactivated, never deleted: `DELETE /user_groups/{user_group_id}` is gone (5f3a8334be). */
  userGroupDeactivation: 294,
  /**
   * Managing all groups (`can_manage_all_groups`, `user_group_edit_policy` below 299) is every
   * group for whoever holds it; before, administrators and moderators managed every group, anyone
   * else only the groups they were in (the changelog's 305).
   */
  manageAllGroupsEveryGroup: 305,
  /**
   * Below {@link LEVEL.manageAllGroupsEveryGroup}, the groups one is in count members of their
   * subgroups (before: direct members only); the server gained it while at 297 (b554106e6d), so
   * 298 is the first level that surely has it.
   */
  manageAllGroupsThroughSubgroups: 298,
  /** The resumable upload endpoint, `/api/v1/tus`. */
  resumableUploads: 296,
  /** Every `update_message` of a channel message names its `stream_id` (before: only a move of its topic or channel, 3b72da8a7c). */
  updateMessageStreamIdAlways: 112,
  /**
   * Every `update_message` says whether it is `rendering_only`; one that only re-renders (a link
   * preview, a thumbnail) carries `user_id` null and `edit_timestamp` (before: neither, nor the flag).
   */
  renderingOnlyUpdates: 114,
  /**
   * Messages' `edit_history` entries name a topic edit `prev_topic` and `topic`, a move `stream`
   * too (before: the old topic as `prev_subject`, and `prev_stream` alone).
   */
  editHistoryTopics: 118,
  /**
   * Linkifiers are listed with their `url_template` (before: `url_format`, the `%(name)s` format
   * string `POST /realm/filters` took as `url_format_string`; 268f858f39).
   */
  linkifierUrlTemplate: 176,
  /** Code playgrounds are listed with their `url_template` (before: `url_prefix`, 000761ac0c). */
  playgroundUrlTemplate: 196,
  /**
   * A personal setting's change is a `user_settings` `update` event (before: only
   * `update_display_settings` or `update_global_notifications`).
   */
  userSettingsEvents: 89,
  /**
   * A topic's visibility policy changes by a `user_topic` event, and a queue or register naming
   * `user_topic` gets no `muted_topics` (before: `muted_topics` alone, always).
   */
  userTopicEvents: 134,
  /**
   * Muting a channel sends a `subscription` update of `is_muted` after the one of `in_home_view`
   * (before: only `in_home_view`, 885c3d6593).
   */
  isMutedEvents: 139,
  /**
   * An `update_message_flags` event lists only the messages whose flag changed (before: every
   * message the request named, 5d0711df6d).
   */
  flagEventsChangedOnly: 155,
  /** `direct` accepted for messages and typing. */
  directType: 174,
  /** Narrows take `dm`, `dm-including` and `is:dm` (before: only `pm-with`, `group-pm-with`, `is:private`). */
  dmNarrows: 177,
  /** Narrows take `channel` and `channels` (before: only `stream` and `streams`), a queue's narrow `channel`. */
  channelNarrows: 250,
  /** `GET /messages` takes the `with` operator (before: an unknown operator, whose operand must be a string). */
  withNarrow: 271,
  /** Narrows take `has:reaction` (before: `unknown 'has' operand reaction`). */
  hasReactionNarrow: 249,
  /**
   * Narrows take `is:followed` (before: `unknown 'is' operand followed`); a queue's narrow refuses it
   * (`Operand followed not supported.`), where before its event filter ignored it, matching everything.
   */
  followedNarrow: 265,
  /**
   * A narrow term's operand of the wrong type is `operand is not a string` (before: `elem["operand"]
   * is not a string`); the server's new parameter model came without a level of its own while at
   * 253, so 254 is the first level that surely has it.
   */
  narrowParameterModel: 254,
  /**
   * Narrows asking for channel and direct messages at once are refused ("No message can be both a
   * stream and a DM message" until 250); the server gained the check without a level of its own
   * while at 232 (8d5573b395), so 233 is the first level that surely has it.
   */
  narrowConflictCheck: 233,
  /** A user's deactivation and reactivation are `realm_user` `update`s of `is_active` (before: `remove`, and `add` of the whole user). */
  userActivityUpdates: 222,
  /** Outgoing webhooks and embedded bots name a direct message's trigger `direct_message` (before: `private_message`). */
  directMessageTrigger: 201,
  /** Channel typing by `stream_id` (not `to`); typing refuses `private`. */
  typingByStreamId: 215,
  /** `stream_wildcard_mentioned`/`topic_wildcard_mentioned` instead of one `wildcard_mentioned` flag. */
  splitWildcardFlags: 224,
  /** `channel` accepted as a message and typing type. */
  channelType: 248,
  /** Channel objects carry `creator_id`. */
  channelCreator: 254,
  /** Channel objects carry `is_archived`. */
  channelIsArchived: 315,
  /** Channels' `is_recently_active`, and its `stream` update events (send, move, the weekly job). */
  recentlyActiveChannels: 323,
  /** Channels take `can_send_message_group`; before, only `stream_post_policy`. */
  canSendMessageGroup: 333,
  /** Channel messages may have the empty topic. */
  emptyTopic: 334,
  /**
   * A resolve notice starts unread only by `resolved_topic_notice_auto_read_policy` (by default for
   * the topic's followers), no longer for the senders and reactors of the moved messages.
   */
  resolvedTopicNoticeAutoRead: 385,
  /**
   * Channel-level move permissions: realm administrators and a channel's administrators move its
   * messages whatever the realm's move groups say.
   */
  channelMovePermissions: 396,
  /** Resolving topics may be granted per channel; the refusal names the channel. */
  channelResolvePermission: 402,
  /**
   * The realm's `can_resolve_topics_group`; before, resolving a topic was moving its messages to
   * another topic, with that permission and time limit.
   */
  canResolveTopicsGroup: 367,
  /** The own `is_moderator` (register, and the server's reducer) is true for administrators and owners too. */
  moderatorIncludesAdmins: 380,
  /** `include_subscribers=partial`. */
  partialSubscribers: 412,
  /**
   * Renaming a channel to a name in use is `CHANNEL_ALREADY_EXISTS` (HTTP 409, `channel_name`);
   * 10.2 (level 372) answered 400 `Channel name is already in use.`. The changelog does not list the
   * change: 417 is the level of `POST /channels/create`, the same error's other user (an assumption).
   */
  channelExistsError: 417,
  /**
   * Leaving a channel that does not exist is `Channel(s) (...) do not exist` for everyone; 10.2's
   * `list_to_streams` first asked whether the caller may create a public channel (`Insufficient
   * permission`). Undated in the changelog: 417, when channel creation got its own endpoint, is an assumption.
   */
  leavingSkipsCreationCheck: 417,
  /** Channel event notices (creation, renames, settings, archiving) only with the realm's `send_channel_events_messages`. */
  channelEventsMessagesSetting: 434,
  /** Channel and subscription objects carry `subscriber_count`. */
  subscriberCount: 394,
  /** The register state's `max_bulk_new_subscription_messages`. */
  bulkSubscriptionMessages: 397,
  /**
   * User objects always carry `delivery_email`, null where the viewer may not see it (before:
   * only where the viewer may see it, by the organization's policy, 2396e6858f).
   */
  deliveryEmailAlways: 163,
  /** User objects carry `is_imported_stub` (false in the mock), the "Unknown user" placeholders of limited guests included. */
  importedStubField: 433,
  /** The register state's `server_report_message_types`. */
  reportMessageTypes: 435,
  /** `POST /users/me/subscriptions` keys its answer by user ID (before: by API email). */
  subscriptionResultsByUserId: 289,
  /** `GET /streams`: `include_all` (and the deprecated `include_all_active`) for every user, not only administrators. */
  includeAllForEveryone: 356,
  /** Subscriptions of archived channels may be changed, and their privacy and settings edited. */
  archivedChannelsEditable: 362,
  /**
   * Per-channel `topics_policy` (in channel objects too); the empty topic refused where it is disabled says "Sending
   * messages to the {empty topic's name} is not allowed in this channel." (before: "Topics are
   * required in this organization").
   */
  topicsPolicy: 392,
  /** Deactivating a user sends `peer_remove` for the channels they were subscribed to. */
  deactivationPeerRemove: 377,
  /** ... and for the archived channels among them too. */
  deactivationPeerRemoveArchived: 428,
  /**
   * Channel folders: the `channel_folders` register state and `channel_folder` events, channels'
   * `folder_id` (in their objects, on creation and on update) and its `stream` update event.
   */
  channelFolders: 389,
  /** Register's `max_channel_folder_name_length` and `max_channel_folder_description_length`. */
  channelFolderLimits: 410,
  /** Channel folders have an `order` and are listed by it (before: by ID); `PATCH /channel_folders` reorders them. */
  channelFolderOrder: 414,
  /** Reordering channel folders sends a `channel_folder` `reorder` event (before: none). */
  channelFolderReorderEvent: 418,
  /** `PATCH /streams/{stream_id}` unarchives with `is_archived: false`. */
  unarchiveChannel: 388,
  /**
   * Archiving tells clients with `archived_channels` by a `stream` `update` of `is_archived` (before:
   * every client by a `stream` `delete`, which such a client's reducer reads as archiving), and
   * register's `streams` lists archived channels for them (before: for nobody).
   */
  archivingUpdates: 378,
  /**
   * Deactivated users are in no group while deactivated: groups' `members` (register, `GET
   * /user_groups`, `GET /user_groups/{id}/members`) and anonymous group-setting values leave them
   * out, and `POST /user_groups/{id}/members`, a new group's members and an anonymous value refuse
   * them (`Invalid user ID`). Their deactivation sends a limited guest who may not see them
   * `remove_members` and the settings' new values, their reactivation `add_members` and those
   * values to everyone, and the reactivation's `realm_user` update reaches only those who may see
   * them (before: to every active user, and no group events either way).
   */
  deactivatedUsersOutOfGroups: 303,
  /** Members and subgroups of a deactivated user group may be added and removed (before: `User group is deactivated.`). */
  deactivatedGroupMembership: 391,
  /**
   * Notification Bot's "subscribed you" messages name the subscriber with a silent mention and
   * say "subscribed you to #**channel**" (the earliest level whose server source shows it).
   */
  silentSubscribedNotice: 396,
  /** `send_new_subscription_messages`, and `new_subscription_messages_sent` in the answer. */
  newSubscriptionMessagesChoice: 397,
  /** Register knows `scheduled_messages`. */
  scheduledMessages: 179,
  /** Scheduled messages say whether their delivery `failed`. */
  scheduledMessageFailed: 181,
  /**
   * Register knows `reminders`, and `reminders` events keep it current (`GET /reminders` and
   * `DELETE /reminders/{reminder_id}` are declared at this level; `POST /reminders` at 381).
   */
  reminders: 399,
  /**
   * The realm's `welcome_message_custom_text`, which Welcome Bot sends every new user after its
   * introduction (and invitations' own).
   */
  welcomeMessageCustomText: 416,
  /** Register's `max_reminder_note_length` (`POST /reminders` takes `note` from this level). */
  reminderNote: 415,
  /** Register knows `saved_snippets`. */
  savedSnippets: 297,
  /**
   * BigBlueButton calls name their creator as the only moderator and take `voice_only` (before:
   * a moderator password in every link).
   */
  bigBlueButtonModerator: 337,
  /** Register knows `navigation_views`, and `navigation_view` events exist. */
  navigationViews: 390,
  /** Register knows `realm_billing`. */
  realmBilling: 363,
  /** `GET /dev_list_users` names the organization `realm_url` (before: `realm_uri`); the server changed it during level 262. */
  devUsersRealmUrl: 263,
  /** `onboarding_steps` in the register state and its events (before: `hotspots`, which the mock does not serve). */
  onboardingSteps: 233,
  /** `navigation_tour_video_url` beside `onboarding_steps`. */
  navigationTourVideo: 369,
  /**
   * Register's `max_icon_file_size_mib`, `max_logo_file_size_mib` and `realm_upload_quota_mib`
   * (before: the same values as `max_icon_file_size`, `max_logo_file_size`, `realm_upload_quota`).
   */
  registerLimitsInMib: 72,
  /** A system bot's user object says `is_system_bot` (before: `is_cross_realm_bot`, 119f1da04a). */
  systemBotFlag: 83,
  /** An animated custom emoji names the still image of its first frame, `still_url` (8c31e6f96e). */
  customEmojiStillUrl: 97,
  /** Every custom emoji has `still_url`, null for one that is not animated (before: only animated ones, c04a8097f3). */
  customEmojiStillUrlAlways: 113,
  /** Custom profile fields take and show `display_in_profile_summary`. */
  profileFieldSummary: 146,
  /** The Pronouns custom profile field type (8); before, creating one is `Invalid field type.`. */
  pronounsFieldType: 151,
  /** Data exports name their `export_type` (public, or full with consent), in lists and `realm_export` events. */
  realmExportType: 304,
  /** Bots can be muted and unmuted (before: `No such user`). */
  muteBots: 188,
  /** Custom profile fields take and show `required`. */
  profileFieldRequired: 244,
  /**
   * `PATCH /realm/profile_fields/{field_id}` changes only what it is given; before, an omitted
   * `name`, `hint` and `field_data` were blank, and `display_in_profile_summary` and `required` false.
   */
  profileFieldPartialUpdate: 252,
  /** Custom profile fields take and show `editable_by_user`. */
  profileFieldEditableByUser: 296,
  /**
   * The realm's `can_invite_users_group` (before: `invite_to_realm_policy`, 1 members, 2
   * administrators, 3 full members, 4 moderators, 6 nobody).
   */
  canInviteUsersGroup: 321,
  /**
   * `invite_to_realm_policy` takes 6, nobody (the server gained it without a level of its own while
   * at 83; 84 is the first level that surely has it).
   */
  inviteToRealmPolicyNobody: 84,
  /** `realm_export_consent` events to administrators. */
  exportConsentEvents: 312,
  /**
   * `GET /export/realm/consents` names each user's `email_address_visibility`, and `POST
   * /export/realm` no longer refuses an export after which no owner could log in (the changelog
   * lists only the field; the server dropped the refusal in the same change, which lets the web
   * app warn from that field instead).
   */
  exportWithoutUsableOwner: 430,
  /** `realm_incoming_webhook_bots` entries name their `display_name` and `all_event_types`. */
  incomingWebhookEventTypes: 207,
  /** `realm_incoming_webhook_bots` entries' `config_options` (an unstable API of the web app). */
  incomingWebhookConfigOptions: 318,
  /**
   * Incoming webhook integrations from the newer server: `realm_incoming_webhook_bots` entries'
   * `url_options` (URL parameters, until then among `config_options`, which now hold creation
   * data only), and `POST /bots` accepts any integration's name as `service_name`.
   */
  incomingWebhookUrlOptions: 403,
  /**
   * The media syntax `![text](url)`: audio as an `<audio>` player (the changelog's level 405), other
   * files as inline images (the newest server's, which names no level of its own). Before, `!` and
   * a link.
   */
  mediaSyntax: 405,
  /** Register knows `push_devices` (registrations for end-to-end encrypted notifications, and their `push_device` events). */
  e2eePushDevices: 406,
  /**
   * `POST /mobile_push/register` takes the notification key as `push_key`, checked (before: the
   * client's `push_public_key`).
   */
  pushKey: 432,
} as const;

/**
 * Operations that listed `ignored_parameters_unsupported` before every success body did
 * (`LEVEL.ignoredParametersReport`), by the level each first did (the changelog's).
 */
export const EARLIER_IGNORED_PARAMETERS_REPORT: Readonly<Partial<Record<string, number>>> = {
  'update-settings': 78,
  'update-realm-user-settings-defaults': 96,
  'update-subscription-settings': 111,
};

/**
 * Whether the realm's server knows the client capability `name` (a name no server knows: never).
 * A server reads `client_capabilities` as it is and ignores keys it does not know yet, so a
 * capability newer than the realm's level leaves the state and events in their older format.
 * The levels are the SDK's `CLIENT_CAPABILITY_LEVELS` (from api_docs/changelog.md).
 */
export function knowsCapability(state: Pick<MockState, 'featureLevel'>, name: string): boolean {
  return Object.hasOwn(CLIENT_CAPABILITY_LEVELS, name) && hasLevel(state, CLIENT_CAPABILITY_LEVELS[name as ClientCapabilityName]);
}

/** The oldest level the mock can be: its seeded realm has moderators, a role new in level 60. */
export const OLDEST_MOCK_LEVEL = 60;

/** Whether the realm's server has the change that arrived at `level`. */
export function hasLevel(state: Pick<MockState, 'featureLevel'>, level: number): boolean {
  return state.featureLevel >= level;
}

/**
 * Why `level` cannot be the mock's feature level (`must be an integer from 60 to ...`, ending with
 * `shown`, the value as its user wrote it), or undefined when it can: an integer from
 * {@link OLDEST_MOCK_LEVEL} to the mock's own level.
 */
export function featureLevelRefusal(level: number, shown = String(level)): string | undefined {
  if (Number.isInteger(level) && level >= OLDEST_MOCK_LEVEL && level <= MOCK_FEATURE_LEVEL) return undefined;
  return `must be an integer from ${OLDEST_MOCK_LEVEL} to ${MOCK_FEATURE_LEVEL}, got ${shown}`;
}

/** A `featureLevel` option, checked by {@link featureLevelRefusal}. */
export function checkedFeatureLevel(level: number | undefined): number {
  if (level === undefined) return MOCK_FEATURE_LEVEL;
  const refusal = featureLevelRefusal(level);
  if (refusal) throw new RangeError(`[teamchat-mock] featureLevel ${refusal}`);
  return level;
}
