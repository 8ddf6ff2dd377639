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
  // The mock's realm has its system groups at every level it can be and lists them with the
  // others; it keeps their marker (93) rather than list them unmarked.
  'is_system_group',
]);
