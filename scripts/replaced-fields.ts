/**
 * The newer fields the mock sends at every feature level although they replaced an older field,
 * which it does not reproduce (docs/mock.md "Older servers"). `scripts/response-field-levels-update.ts`
 * leaves them out of the table of fields to drop below their level (dropping them would leave the
 * client with neither); `test/older-answers-levels.test.ts` allows them.
 */

/**
 * Fields that stand where an older server sent another field (a rename, or a group setting that
 * replaced a `*_policy` integer), which the mock does not reproduce: it sends the newer field at
 * every level (docs/mock.md "Older servers"). Matched by name at any depth.
 */
export const REPLACED_FIELDS: ReadonlySet<string> = new Set([
  // The mock's realm has its system groups at every level it can be and lists them with the
  // others; it keeps their marker (93) rather than list them unmarked.
  'is_system_group',
]);

/**
 * The realm's group settings that replaced a `*_policy` integer (or a role, or a boolean): the mock
 * keeps them as the realm's settings at every level (`REALM_GROUP_SETTINGS` without `since`) and
 * sends them in register (`realm_` prefixed) and `realm` `update_dict` events, where these stay.
 */
export const REPLACED_REALM_SETTINGS: readonly string[] = [
  'can_add_custom_emoji_group',
  'can_add_subscribers_group',
  'can_create_bots_group',
  'can_create_groups',
  'can_create_private_channel_group',
  'can_create_public_channel_group',
  'can_create_web_public_channel_group',
  'can_create_write_only_bots_group',
  'can_delete_any_message_group',
  'can_delete_own_message_group',
  'can_manage_all_groups',
  'can_mention_many_users_group',
  'can_move_messages_between_channels_group',
  'can_move_messages_between_topics_group',
  'can_resolve_topics_group',
  'direct_message_initiator_group',
  'direct_message_permission_group',
];
