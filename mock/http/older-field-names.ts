/** The older name of a field a server at some level renamed, and the levels that sent it so. */
export interface OlderFieldName {
  readonly name: string;
  /** The older name on an event itself (not in its objects), where it differs. */
  readonly eventName?: string;
  /** The first level that sent the field, under the older name. */
  readonly since: number;
  /** The level of the rename: from it, the newer name. */
  readonly until: number;
}

/**
 * Answer and event fields a later level renamed (the changelog's 131, 197, 198 and 241), by their newer
 * name: below `until` a server sends the same value under the older name, from `since` (the level
 * the reference gives the field, which dates it by its first name). The table of newer fields
 * (`response-field-levels.json`) dates each at its `until`, so the answer shaper drops it there
 * (`older-answers.ts`), and puts the older name in its place.
 */
export const OLDER_FIELD_NAMES: Readonly<Record<string, OlderFieldName>> = {
  // A user group's subgroups from 127: `subgroups` in group objects (answers, `user_group` `add`
  // events), `subgroup_ids` in `add_subgroups` and `remove_subgroups` events.
  direct_subgroup_ids: { name: 'subgroups', eventName: 'subgroup_ids', since: 127, until: 131 },
  can_remove_subscribers_group: { name: 'can_remove_subscribers_group_id', since: 142, until: 197 },
  can_mention_group: { name: 'can_mention_group_id', since: 191, until: 198 },
  // The announcement channels, older than feature levels: register's `realm_*`, the realm
  // settings' own names in `realm` events (the property of `update`s, the data of `update_dict`s)
  // and in `PATCH /realm`'s answer.
  realm_new_stream_announcements_stream_id: { name: 'realm_notifications_stream_id', since: 0, until: 241 },
  realm_signup_announcements_stream_id: { name: 'realm_signup_notifications_stream_id', since: 0, until: 241 },
  new_stream_announcements_stream_id: { name: 'notifications_stream_id', since: 0, until: 241 },
  signup_announcements_stream_id: { name: 'signup_notifications_stream_id', since: 0, until: 241 },
};
