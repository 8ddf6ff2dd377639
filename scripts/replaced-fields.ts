/**
 * The newer fields the mock sends at every feature level although they replaced an older field,
 * which it does not reproduce (docs/mock.md "Older servers"). `scripts/response-field-levels-update.ts`
 * leaves them out of the table of fields to drop below their level (dropping them would leave the
 * client with neither); `test/older-answers-levels.test.ts` allows them.
 */

/**
 * Fields that stand where an older server sent another field (a rename), which the mock does not
 * reproduce: it sends the newer field at
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
