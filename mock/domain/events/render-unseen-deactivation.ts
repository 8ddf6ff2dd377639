import type { UserRecord } from '../../store/store';
import { settingsNamingUser } from '../anonymous-setting-groups';
import { directGroupIds } from '../groups';
import { hasLevel, LEVEL } from '../feature-levels';
import type { MockState } from '../state';
import { settingForApi } from '../user-groups/settings';
import type { EventQueue } from './queue';
import { renderUserGroupEvent } from './render-user-group';

/**
 * What a limited guest who may not see a user gets when that user is deactivated, instead of the
 * `realm_user` update (the server's `send_events_for_user_deactivation`): `remove_members` for
 * each group the user was a direct member of, by ID, then each anonymous permission setting that
 * named them, with its new value, in the order of those anonymous groups' IDs (their creation).
 * Servers before level 303, whose groups kept deactivated users, sent nothing of this.
 */
export function renderUnseenDeactivation(state: MockState, queue: EventQueue, user: UserRecord) {
  const events: ({ readonly type: string } & Record<string, unknown>)[] = [];
  if (!hasLevel(state, LEVEL.deactivatedUsersOutOfGroups)) return events;
  for (const groupId of directGroupIds(state, user)) {
    const event = renderUserGroupEvent(queue, { kind: 'user_group_changed', groupId, op: 'remove_members', userIds: [user.id] });
    if (event) events.push(event);
  }
  for (const { holder, setting, value } of settingsNamingUser(state, user.id)) {
    const data = { [setting]: settingForApi(state, value) };
    events.push(holder === 'realm' ? { type: 'realm', op: 'update_dict', property: 'default', data } : { type: 'user_group', op: 'update', group_id: holder, data });
  }
  return events;
}
