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
  // Channels' `can_remove_subscribers_group_id` before 197.
  'can_remove_subscribers_group',
  // User groups' `can_mention_group_id` before 198.
  'can_mention_group',
  // User groups' `subgroups` from 127 to 130 (the mock sends the newer name below 127 too).
  'direct_subgroup_ids',
  // The mock's realm has its system groups at every level it can be and lists them with the
  // others; it keeps their marker (93) rather than list them unmarked.
  'is_system_group',
  // Personal settings (`user_settings`, `realm_user_settings_defaults`, the legacy top-level copies):
  // `default_view` and `escape_navigates_to_default_view` before 219, `dense_mode` before 245,
  // the realm's `email_address_visibility` before 163, `realm_name_in_notifications` before 168.
  'web_home_view',
  'web_escape_navigates_to_home_view',
  'web_font_size_px',
  'web_line_height_percent',
  'email_address_visibility',
  'realm_name_in_email_notifications_policy',
]);

/**
 * The realm's group settings that replaced a `*_policy` integer the mock sends, deprecated, at
 * every level (`realm_create_*_stream_policy`, `realm_wildcard_mention_policy`): the mock keeps them
 * as the realm's settings at every level (`REALM_GROUP_SETTINGS` without `since`) and sends them
 * in register (`realm_` prefixed) and `realm` `update_dict` events, where these stay. The others
 * are absent below their levels, where the policy they replaced stands
 * (mock/domain/realm-config/replaced-policies.ts).
 */
export const REPLACED_REALM_SETTINGS: readonly string[] = [
  'can_create_private_channel_group',
  'can_create_public_channel_group',
  'can_create_web_public_channel_group',
  'can_mention_many_users_group',
];
