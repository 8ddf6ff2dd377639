import type { RealmSettings, SystemGroupName } from '../state';

/**
 * The realm's group-valued permission settings, and which values each takes (the server's
 * configuration): its default group, and `since`, the feature level that added a setting the
 * oldest servers the mock can be lack (absent from register below it). In the server's order
 * (`Realm.REALM_PERMISSION_GROUP_SETTINGS`), which its checks and its lists of settings
 * (deactivation objections) follow.
 */
export const REALM_GROUP_SETTINGS = {
  create_multiuse_invite_group: { allowEveryone: false, ownersOnly: true, defaultGroup: 'role:administrators', since: 209 },
  can_access_all_users_group: {
    allowEveryone: true,
    allowNobody: false,
    systemGroups: ['role:everyone', 'role:members'],
    defaultGroup: 'role:everyone',
    since: 225,
  },
  can_add_subscribers_group: { allowEveryone: false, defaultGroup: 'role:members', since: 341 },
  can_add_custom_emoji_group: { allowEveryone: false, defaultGroup: 'role:members', since: 307 },
  can_create_bots_group: { allowEveryone: false, defaultGroup: 'role:members', since: 344 },
  can_create_groups: { allowEveryone: false, ownersOnly: true, defaultGroup: 'role:members', since: 299 },
  can_create_public_channel_group: { allowEveryone: false, defaultGroup: 'role:members', since: 264 },
  can_create_private_channel_group: { allowEveryone: false, defaultGroup: 'role:members', since: 266 },
  can_create_web_public_channel_group: {
    allowEveryone: false,
    systemGroups: ['role:moderators', 'role:administrators', 'role:owners', 'role:nobody'],
    defaultGroup: 'role:owners',
    since: 280,
  },
  can_create_write_only_bots_group: { allowEveryone: false, defaultGroup: 'role:members', since: 344 },
  can_delete_any_message_group: { allowEveryone: false, defaultGroup: 'role:administrators', since: 281 },
  can_delete_own_message_group: { allowEveryone: true, defaultGroup: 'role:everyone', since: 291 },
  can_invite_users_group: { allowEveryone: false, ownersOnly: true, defaultGroup: 'role:members', since: 321 },
  can_manage_all_groups: { allowEveryone: false, allowNobody: false, ownersOnly: true, defaultGroup: 'role:owners', since: 299 },
  can_manage_billing_group: { allowEveryone: false, allowNobody: false, ownersOnly: true, defaultGroup: 'role:administrators', since: 363 },
  can_mention_many_users_group: { allowEveryone: true, defaultGroup: 'role:administrators', since: 352 },
  can_move_messages_between_channels_group: { allowEveryone: false, defaultGroup: 'role:members', since: 310 },
  can_move_messages_between_topics_group: { allowEveryone: true, defaultGroup: 'role:everyone', since: 316 },
  can_resolve_topics_group: { allowEveryone: true, defaultGroup: 'role:everyone', since: 367 },
  can_set_delete_message_policy_group: { allowEveryone: false, defaultGroup: 'role:moderators', since: 407 },
  can_set_topics_policy_group: { allowEveryone: true, defaultGroup: 'role:members', since: 392 },
  can_summarize_topics_group: { allowEveryone: true, defaultGroup: 'role:everyone', since: 350 },
  direct_message_initiator_group: { allowEveryone: true, defaultGroup: 'role:everyone', since: 270 },
  direct_message_permission_group: { allowEveryone: true, defaultGroup: 'role:everyone', since: 270 },
} as const satisfies Partial<Record<keyof RealmSettings, RealmGroupSettingRules>>;

/** How the server configures one realm group setting. */
export interface RealmGroupSettingRules {
  readonly allowEveryone: boolean;
  readonly allowNobody?: boolean;
  /** Only owners may change it. */
  readonly ownersOnly?: boolean;
  /** Only these system groups (and so no other group, nor an anonymous one). */
  readonly systemGroups?: readonly SystemGroupName[];
  /** The group a new realm starts with. */
  readonly defaultGroup: SystemGroupName;
  /** The feature level that added it, where newer than the oldest the mock can be. */
  readonly since?: number;
}

/** A realm group setting's name. */
export type RealmGroupSetting = keyof typeof REALM_GROUP_SETTINGS;

/** The realm group settings' names, in the server's order. */
export const REALM_GROUP_SETTING_NAMES = Object.keys(REALM_GROUP_SETTINGS) as RealmGroupSetting[];

/** Whether a name is one of the realm's group settings. */
export function isRealmGroupSetting(name: string): name is RealmGroupSetting {
  return Object.hasOwn(REALM_GROUP_SETTINGS, name);
}
