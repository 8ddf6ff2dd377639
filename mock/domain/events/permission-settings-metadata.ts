import { REALM_GROUP_SETTING_NAMES, REALM_GROUP_SETTINGS, type RealmGroupSettingRules } from '../realm-config/realm-settings';
import { CHANNEL_GROUP_SETTINGS, CHANNEL_PERMISSION_SETTINGS, type ChannelGroupSetting, knowsChannelSettingAt } from '../subscriptions/settings';
import { USER_GROUP_SETTINGS, type UserGroupSetting } from '../user-groups/settings';

/** The server's default group for each channel setting (`channel_creator`: the creator, as an anonymous group). */
const CHANNEL_DEFAULTS: Record<ChannelGroupSetting, string> = {
  can_add_subscribers_group: 'role:nobody',
  can_administer_channel_group: 'channel_creator',
  can_delete_any_message_group: 'role:nobody',
  can_delete_own_message_group: 'role:nobody',
  can_move_messages_out_of_channel_group: 'role:nobody',
  can_move_messages_within_channel_group: 'role:nobody',
  can_remove_subscribers_group: 'role:administrators',
  can_send_message_group: 'role:everyone',
  can_subscribe_group: 'role:nobody',
  can_resolve_topics_group: 'role:nobody',
};

/** The level from which the creator default is named `channel_creator` (`stream_creator_or_nobody` before). */
const CHANNEL_CREATOR_NAME = 427;

function channelDefault(name: ChannelGroupSetting, has: (level: number) => boolean): string {
  const group = CHANNEL_DEFAULTS[name];
  return group === 'channel_creator' && !has(CHANNEL_CREATOR_NAME) ? 'stream_creator_or_nobody' : group;
}

/** The server's default group for each user group setting (`group_creator`: the creator, as an anonymous group). */
const GROUP_DEFAULTS: Record<UserGroupSetting, string> = {
  can_add_members_group: 'group_creator',
  can_join_group: 'role:nobody',
  can_leave_group: 'role:everyone',
  can_manage_group: 'group_creator',
  can_mention_group: 'role:everyone',
  can_remove_members_group: 'role:nobody',
};

/** One setting's metadata as the API describes it (`GroupPermissionSetting`); no setting may be `role:internet`. */
function metadata(rules: Omit<RealmGroupSettingRules, 'defaultGroup'>, defaultGroup: string, forSystemGroups: string | null) {
  return {
    require_system_group: rules.systemGroups !== undefined,
    allow_internet_group: false,
    allow_nobody_group: rules.allowNobody ?? true,
    allow_everyone_group: rules.allowEveryone,
    default_group_name: defaultGroup,
    default_for_system_groups: forSystemGroups,
    allowed_system_groups: [...(rules.systemGroups ?? [])],
  };
}

/**
 * `server_supported_permission_settings`: what values the realm, channel and user group
 * settings the mock implements may take, from the same catalogues its checks use.
 */
export function serverSupportedPermissionSettings(has: (level: number) => boolean) {
  const realmSettings = REALM_GROUP_SETTING_NAMES.filter((name) => {
    const since = (REALM_GROUP_SETTINGS[name] as RealmGroupSettingRules).since;
    return since === undefined || has(since);
  });
  return {
    realm: Object.fromEntries(
      realmSettings.map((name) => {
        const rules: RealmGroupSettingRules = REALM_GROUP_SETTINGS[name];
        return [name, metadata(rules, rules.defaultGroup, null)];
      }),
    ),
    stream: Object.fromEntries(
      CHANNEL_PERMISSION_SETTINGS.filter((name) => knowsChannelSettingAt(has, name)).map((name) => [name, metadata(CHANNEL_GROUP_SETTINGS[name], channelDefault(name, has), null)]),
    ),
    group: Object.fromEntries(
      (Object.keys(USER_GROUP_SETTINGS) as UserGroupSetting[]).map((name) => [name, metadata(USER_GROUP_SETTINGS[name], GROUP_DEFAULTS[name], 'role:nobody')]),
    ),
  };
}
