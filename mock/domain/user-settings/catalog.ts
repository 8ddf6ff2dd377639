/**
 * The user settings of the real server (its `UserBaseSettings`), with their defaults, and which
 * legacy register keys and events carry them for clients without the `user_settings_object`
 * capability (`display` and `notification` are its two legacy groups).
 */
export const USER_SETTING_DEFAULTS = {
  twenty_four_hour_time: false,
  dense_mode: false,
  web_mark_read_on_scroll_policy: 1,
  web_channel_default_view: 1,
  starred_message_counts: true,
  receives_typing_notifications: true,
  web_suggest_update_timezone: true,
  fluid_layout_width: false,
  high_contrast_mode: false,
  web_font_size_px: 16,
  web_line_height_percent: 140,
  color_scheme: 1,
  enable_drafts_synchronization: true,
  translate_emoticons: false,
  display_emoji_reaction_users: true,
  default_language: 'en',
  web_home_view: 'inbox',
  web_escape_navigates_to_home_view: true,
  left_side_userlist: false,
  emojiset: 'google',
  demote_inactive_streams: 1,
  user_list_style: 3,
  web_animate_image_previews: 'on_hover',
  web_stream_unreads_count_display_policy: 2,
  hide_ai_features: false,
  timezone: '',
  enable_stream_desktop_notifications: false,
  enable_stream_email_notifications: false,
  enable_stream_push_notifications: false,
  enable_stream_audible_notifications: false,
  notification_sound: 'zulip',
  enable_desktop_notifications: true,
  enable_sounds: true,
  email_notifications_batching_period_seconds: 120,
  enable_offline_email_notifications: true,
  enable_offline_push_notifications: true,
  enable_online_push_notifications: true,
  enable_followed_topic_desktop_notifications: true,
  enable_followed_topic_email_notifications: true,
  enable_followed_topic_push_notifications: true,
  enable_followed_topic_audible_notifications: true,
  enable_digest_emails: true,
  enable_marketing_emails: true,
  enable_login_emails: true,
  message_content_in_email_notifications: true,
  pm_content_in_desktop_notifications: true,
  wildcard_mentions_notify: true,
  enable_followed_topic_wildcard_mentions_notify: true,
  desktop_icon_count_display: 1,
  realm_name_in_email_notifications_policy: 1,
  automatically_follow_topics_policy: 3,
  automatically_unmute_topics_in_muted_streams_policy: 2,
  automatically_follow_topics_where_mentioned: true,
  presence_enabled: true,
  enter_sends: false,
  send_private_typing_notifications: true,
  send_stream_typing_notifications: true,
  send_read_receipts: true,
  allow_private_data_export: false,
  email_address_visibility: 1,
  web_navigate_to_sent_message: true,
  resolved_topic_notice_auto_read_policy: 'except_followed',
  web_left_sidebar_unreads_count_summary: true,
  web_left_sidebar_show_channel_folders: true,
  web_inbox_show_channel_folders: true,
} as const;

/**
 * Settings newer than the oldest level the mock can be, by the level that added each (the
 * changelog's): absent from register below it, and unknown parameters there. A setting that
 * renamed an older one is sent and taken under the older name below its level
 * ({@link OLDER_SETTING_NAMES}).
 */
export const SETTING_LEVELS: Partial<Record<UserSettingName, number>> = {
  send_private_typing_notifications: 105,
  send_read_receipts: 105,
  send_stream_typing_notifications: 105,
  display_emoji_reaction_users: 125,
  // The organization's setting before (realm-config/realm-email-visibility.ts).
  email_address_visibility: 163,
  realm_name_in_email_notifications_policy: 168,
  user_list_style: 141,
  web_mark_read_on_scroll_policy: 175,
  enable_followed_topic_desktop_notifications: 189,
  enable_followed_topic_email_notifications: 189,
  enable_followed_topic_push_notifications: 189,
  enable_followed_topic_audible_notifications: 189,
  enable_followed_topic_wildcard_mentions_notify: 189,
  web_stream_unreads_count_display_policy: 210,
  automatically_follow_topics_policy: 214,
  automatically_unmute_topics_in_muted_streams_policy: 214,
  web_home_view: 219,
  web_escape_navigates_to_home_view: 219,
  automatically_follow_topics_where_mentioned: 235,
  web_font_size_px: 245,
  web_line_height_percent: 245,
  receives_typing_notifications: 253,
  web_navigate_to_sent_message: 268,
  web_channel_default_view: 269,
  web_animate_image_previews: 275,
  allow_private_data_export: 293,
  web_suggest_update_timezone: 329,
  hide_ai_features: 350,
  resolved_topic_notice_auto_read_policy: 385,
  web_left_sidebar_unreads_count_summary: 398,
  web_left_sidebar_show_channel_folders: 411,
  web_inbox_show_channel_folders: 431,
};

/**
 * Settings a later level removed, by that level (the changelog's): `dense_mode` at 364, which
 * servers from 245 to 363 kept beside `web_font_size_px` and `web_line_height_percent`, each
 * setting on its own.
 */
export const SETTING_REMOVAL_LEVELS: Partial<Record<UserSettingName, number>> = {
  dense_mode: 364,
};

/** Whether a server at `level` has the setting. */
export function hasSetting(name: UserSettingName, level: number): boolean {
  return level >= (SETTING_LEVELS[name] ?? 0) && level < (SETTING_REMOVAL_LEVELS[name] ?? Infinity);
}

/**
 * Before this level (274, the server's migration 0556) a new user's, and the organization's,
 * information density defaults were the compact ones: `dense_mode` on, 14 px and 122 %.
 */
const NON_COMPACT_DEFAULTS_LEVEL = 274;

/** The defaults of a server below {@link NON_COMPACT_DEFAULTS_LEVEL}. */
const COMPACT_DEFAULTS = { ...USER_SETTING_DEFAULTS, dense_mode: true, web_font_size_px: 14, web_line_height_percent: 122 };

/**
 * From this level (230, the server's migration 0491) the home view's default is the inbox; before
 * it, recent conversations.
 */
const INBOX_HOME_VIEW_DEFAULT_LEVEL = 230;

/** The defaults of a server below {@link INBOX_HOME_VIEW_DEFAULT_LEVEL}. */
const RECENT_TOPICS_HOME_DEFAULTS = { ...COMPACT_DEFAULTS, web_home_view: 'recent_topics' };

/**
 * Before this level a new user's, and the organization's, automatic follow and unmute policies
 * were "never" (4) from their level, 214; the server's migration 0482 (b0d588bd98, while at 218,
 * as the UI enabled them) made them "on initiation" and "on send".
 */
const AUTOMATIC_VISIBILITY_DEFAULTS_LEVEL = 218;

/** The defaults of a server below {@link AUTOMATIC_VISIBILITY_DEFAULTS_LEVEL} (compact, recent conversations home). */
const NEVER_AUTOMATIC_VISIBILITY_DEFAULTS = {
  ...RECENT_TOPICS_HOME_DEFAULTS,
  automatically_follow_topics_policy: 4,
  automatically_unmute_topics_in_muted_streams_policy: 4,
};

/** Every setting's default on a server at `level`. */
export function settingDefaultsAt(level: number): Readonly<Record<UserSettingName, unknown>> {
  if (level >= NON_COMPACT_DEFAULTS_LEVEL) return USER_SETTING_DEFAULTS;
  if (level >= INBOX_HOME_VIEW_DEFAULT_LEVEL) return COMPACT_DEFAULTS;
  return level >= AUTOMATIC_VISIBILITY_DEFAULTS_LEVEL ? RECENT_TOPICS_HOME_DEFAULTS : NEVER_AUTOMATIC_VISIBILITY_DEFAULTS;
}

/** The name a setting had before the level in {@link SETTING_LEVELS}, and how its value read then. */
export interface OlderSettingName {
  readonly name: string;
  /** The level that added the setting under the older name; before it, neither name. @default every level */
  readonly since?: number;
  /** The value under the older name; the same value when omitted. */
  readonly toOlder?: (value: unknown) => unknown;
  /** The setting's value for a value given under the older name; the same value when omitted. */
  readonly fromOlder?: (value: unknown) => unknown;
}

/** `realm_name_in_email_notifications_policy`'s "always", which the older `realm_name_in_notifications: true` was. */
const REALM_NAME_ALWAYS = 2;
/** Its "automatic", which `realm_name_in_notifications: false` was (the server's migration 0432 kept it). */
const REALM_NAME_AUTOMATIC = 1;

/**
 * Settings that renamed (or replaced) an older one at their level (the changelog's 168 and 219):
 * below it a server sends and takes the older name, in register, events and `PATCH /settings` and
 * `PATCH /realm/user_settings_defaults`.
 */
export const OLDER_SETTING_NAMES: Partial<Record<UserSettingName, OlderSettingName>> = {
  // `default_view` from 42, below the oldest level the mock can be.
  web_home_view: { name: 'default_view' },
  web_escape_navigates_to_home_view: { name: 'escape_navigates_to_default_view', since: 107 },
  realm_name_in_email_notifications_policy: {
    name: 'realm_name_in_notifications',
    toOlder: (policy) => policy === REALM_NAME_ALWAYS,
    fromOlder: (always) => (always === true ? REALM_NAME_ALWAYS : REALM_NAME_AUTOMATIC),
  },
};

/** The older name a server at `level` knows a setting by, if it is one it knew by another name. */
export function olderSettingName(name: string, level: number): OlderSettingName | undefined {
  const older = OLDER_SETTING_NAMES[name as UserSettingName];
  return older && !hasSetting(name as UserSettingName, level) && level >= (older.since ?? 0) ? older : undefined;
}

/** A setting's name and value as a server at `level` sends them (the older name below a rename). */
export function settingAtLevel(name: string, value: unknown, level: number): readonly [string, unknown] {
  const older = olderSettingName(name, level);
  if (!older) return [name, value];
  return [older.name, older.toOlder ? older.toOlder(value) : value];
}

/**
 * The settings a server at `level` has, of a full set, each under the name it had there (a
 * renamed one under its older name, where it stands).
 */
export function settingsAtLevel(settings: Readonly<Record<string, unknown>>, level: number): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const name in settings) {
    if (hasSetting(name as UserSettingName, level)) {
      result[name] = settings[name];
      continue;
    }
    const older = olderSettingName(name, level);
    if (older) result[older.name] = older.toOlder ? older.toOlder(settings[name]) : settings[name];
  }
  return result;
}

/**
 * The values of `resolved_topic_notice_auto_read_policy`, an enum the API names (the server
 * stores its number): a notice is read for everyone, for all but the topic's followers, or never.
 */
export const RESOLVED_TOPIC_NOTICE_POLICIES = ['always', 'except_followed', 'never'] as const;

/** The settings the server parses into an enum (their API values are the enum's names). */
export const ENUM_SETTINGS: ReadonlySet<UserSettingName> = new Set(['resolved_topic_notice_auto_read_policy']);

/** A user setting's name. */
export type UserSettingName = keyof typeof USER_SETTING_DEFAULTS;

/** A user's settings, every one of them. */
export type UserSettings = { -readonly [Name in UserSettingName]: (typeof USER_SETTING_DEFAULTS)[Name] extends boolean ? boolean : (typeof USER_SETTING_DEFAULTS)[Name] extends number ? number : string };

/** Settings kept on the user record, because other operations read them there. */
export const ON_USER_RECORD = new Set<UserSettingName>([
  'automatically_follow_topics_policy',
  'automatically_unmute_topics_in_muted_streams_policy',
  'automatically_follow_topics_where_mentioned',
  'send_read_receipts',
  'translate_emoticons',
  'email_address_visibility',
  'timezone',
]);

/** The legacy groups: top-level register keys and `update_display_settings` events. */
export const LEGACY_DISPLAY_SETTINGS = new Set<UserSettingName>([
  'color_scheme',
  'dense_mode',
  'default_language',
  'web_home_view',
  'demote_inactive_streams',
  'emojiset',
  'enable_drafts_synchronization',
  'enter_sends',
  'fluid_layout_width',
  'high_contrast_mode',
  'left_side_userlist',
  'starred_message_counts',
  'translate_emoticons',
  'twenty_four_hour_time',
  'timezone',
]);

/** The legacy notification settings: top-level register keys and `update_global_notifications` events. */
export const LEGACY_NOTIFICATION_SETTINGS = new Set<UserSettingName>([
  'desktop_icon_count_display',
  'email_notifications_batching_period_seconds',
  'enable_desktop_notifications',
  'enable_digest_emails',
  'enable_login_emails',
  'enable_marketing_emails',
  'enable_offline_email_notifications',
  'enable_offline_push_notifications',
  'enable_online_push_notifications',
  'enable_sounds',
  'enable_stream_audible_notifications',
  'enable_stream_desktop_notifications',
  'enable_stream_email_notifications',
  'enable_stream_push_notifications',
  'message_content_in_email_notifications',
  'notification_sound',
  'pm_content_in_desktop_notifications',
  'presence_enabled',
  'realm_name_in_email_notifications_policy',
  'wildcard_mentions_notify',
]);

/** Integer settings and the values each takes. */
export const INTEGER_CHOICES: Partial<Record<UserSettingName, readonly number[]>> = {
  web_mark_read_on_scroll_policy: [1, 2, 3],
  web_channel_default_view: [1, 3, 2, 4],
  color_scheme: [1, 2, 3],
  demote_inactive_streams: [1, 2, 3],
  user_list_style: [1, 2, 3],
  web_stream_unreads_count_display_policy: [1, 2, 3],
  desktop_icon_count_display: [1, 2, 3, 4],
  realm_name_in_email_notifications_policy: [1, 2, 3],
  automatically_follow_topics_policy: [1, 2, 3, 4],
  automatically_unmute_topics_in_muted_streams_policy: [1, 2, 3, 4],
  email_address_visibility: [1, 2, 3, 4, 5],
};

/** Choices newer than their setting, by the level that added each (the inbox view at 210, with the view). */
export const CHOICE_LEVELS: Partial<Record<UserSettingName, Readonly<Record<number | string, number>>>> = {
  web_channel_default_view: { 3: 383, 4: 401 },
  web_home_view: { inbox: 210 },
};

/** String settings with a fixed set of values. */
export const STRING_CHOICES: Partial<Record<UserSettingName, readonly string[]>> = {
  emojiset: ['google', 'twitter', 'text', 'google-blob'],
  web_home_view: ['recent_topics', 'inbox', 'all_messages'],
  web_animate_image_previews: ['always', 'on_hover', 'never'],
};

/**
 * The settings `PATCH /settings` checks while parsing its parameters (a choice list, or the time
 * zone database), in the order the server declares them: a request with several bad values is
 * refused for the first of them in this order.
 */
export const PARSE_CHECKED_SETTINGS: readonly UserSettingName[] = [
  'web_mark_read_on_scroll_policy',
  'web_channel_default_view',
  'color_scheme',
  'web_home_view',
  'emojiset',
  'demote_inactive_streams',
  'web_stream_unreads_count_display_policy',
  'timezone',
  'desktop_icon_count_display',
  'realm_name_in_email_notifications_policy',
  'automatically_follow_topics_policy',
  'automatically_unmute_topics_in_muted_streams_policy',
  'user_list_style',
  'web_animate_image_previews',
  'email_address_visibility',
];

/**
 * The order in which `PATCH /settings` changes settings, each with its events: its parameters'
 * order (10.2's, with `dense_mode` where 363's had it; the settings of later levels after them),
 * the time zone apart and last, since it is no property setting on the server.
 */
export const PATCH_SETTINGS_ORDER: readonly UserSettingName[] = [
  'twenty_four_hour_time', 'dense_mode', 'web_mark_read_on_scroll_policy', 'web_channel_default_view',
  'starred_message_counts', 'receives_typing_notifications', 'fluid_layout_width',
  'high_contrast_mode', 'color_scheme', 'web_font_size_px', 'web_line_height_percent',
  'translate_emoticons', 'display_emoji_reaction_users', 'default_language', 'web_home_view',
  'web_escape_navigates_to_home_view', 'left_side_userlist', 'emojiset', 'demote_inactive_streams',
  'web_stream_unreads_count_display_policy', 'email_notifications_batching_period_seconds',
  'enable_drafts_synchronization', 'enable_stream_desktop_notifications',
  'enable_stream_email_notifications', 'enable_stream_push_notifications',
  'enable_stream_audible_notifications', 'wildcard_mentions_notify',
  'enable_followed_topic_desktop_notifications', 'enable_followed_topic_email_notifications',
  'enable_followed_topic_push_notifications', 'enable_followed_topic_audible_notifications',
  'enable_followed_topic_wildcard_mentions_notify', 'notification_sound',
  'enable_desktop_notifications', 'enable_sounds', 'enable_offline_email_notifications',
  'enable_offline_push_notifications', 'enable_online_push_notifications', 'enable_digest_emails',
  'enable_login_emails', 'enable_marketing_emails', 'message_content_in_email_notifications',
  'pm_content_in_desktop_notifications', 'desktop_icon_count_display',
  'realm_name_in_email_notifications_policy', 'automatically_follow_topics_policy',
  'automatically_unmute_topics_in_muted_streams_policy',
  'automatically_follow_topics_where_mentioned', 'presence_enabled', 'enter_sends',
  'send_private_typing_notifications', 'send_stream_typing_notifications', 'send_read_receipts',
  'allow_private_data_export', 'user_list_style', 'web_animate_image_previews',
  'email_address_visibility', 'web_navigate_to_sent_message', 'web_suggest_update_timezone',
  'hide_ai_features', 'resolved_topic_notice_auto_read_policy',
  'web_left_sidebar_unreads_count_summary', 'web_left_sidebar_show_channel_folders',
  'web_inbox_show_channel_folders',
  'timezone',
];

/**
 * The choice settings `PATCH /realm/user_settings_defaults` declares as a `Literal` of their values
 * (`PATCH /settings` checks the same values against a list): a value outside them is refused as
 * `Invalid <name>` only.
 */
export const DEFAULTS_LITERAL_SETTINGS: ReadonlySet<UserSettingName> = new Set(['web_home_view', 'web_animate_image_previews']);

/** The same for `PATCH /realm/user_settings_defaults`, whose parameters come in another order (and without the time zone). */
export const DEFAULTS_PARSE_CHECKED_SETTINGS: readonly UserSettingName[] = [
  'web_mark_read_on_scroll_policy',
  'web_channel_default_view',
  'web_stream_unreads_count_display_policy',
  'color_scheme',
  'web_home_view',
  'emojiset',
  'demote_inactive_streams',
  'desktop_icon_count_display',
  'realm_name_in_email_notifications_policy',
  'automatically_follow_topics_policy',
  'automatically_unmute_topics_in_muted_streams_policy',
  'user_list_style',
  'web_animate_image_previews',
  'email_address_visibility',
];

/**
 * The notification sounds the server ships: the names of the `.ogg` files in its
 * `static/audio/notification_sounds`, in Python's sorted order (`get_available_notification_sounds`).
 * `none`, which turns sounds off, is accepted beside them.
 */
export const NOTIFICATION_SOUNDS = [
  'ascend', 'beep_boop', 'bink', 'bright', 'brlip', 'chime', 'deep tom', 'ding', 'double tap', 'down',
  'dry bongos', 'dutdut', 'fast ascend', 'flute', 'friendly', 'kick roll', 'loud tintong',
  'metallic snare', 'pan', 'shaker', 'simple', 'stairs', 'subtle', 'swish', 'tintong', 'up',
  'wood block', 'zaping', 'zing', 'zulip',
];

/** The emoji sets a user may choose, as register's `emojiset_choices` lists them. */
export const EMOJISET_CHOICES = [
  { key: 'google', text: 'Google' },
  { key: 'twitter', text: 'Twitter' },
  { key: 'text', text: 'Plain text' },
  { key: 'google-blob', text: 'Google blobs' },
];

/**
 * The languages the server offers for `default_language` (its `get_available_language_codes`):
 * English and each locale with a committed `django.po` catalog under `locale/` in Zulip 10.2, as
 * Django writes the code (`zh_TW` is `zh-tw`).
 */
export const LANGUAGE_CODES = new Set([
  'ar', 'be', 'bg', 'bqi', 'ca', 'cs', 'cy', 'da', 'de', 'en', 'en-gb', 'eo', 'es', 'fa', 'fi', 'fr',
  'gl', 'gu', 'hi', 'hu', 'id', 'it', 'ja', 'ko', 'lt', 'lv', 'ml', 'mn', 'nl', 'no', 'pl', 'pt',
  'pt-br', 'pt-pt', 'ro', 'ru', 'si', 'sr', 'sv', 'ta', 'tl', 'tr', 'uk', 'vi', 'zh-hans', 'zh-tw',
]);
