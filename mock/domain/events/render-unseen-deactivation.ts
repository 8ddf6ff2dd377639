import type { GroupSettingValue } from '../../../src/schemas/group-setting';
import type { UserRecord } from '../../store/store';
import { inCreationOrder, type SettingHolder } from '../anonymous-setting-groups';
import { directSystemGroupIds } from '../groups';
import { REALM_GROUP_SETTING_NAMES } from '../realm-config/realm-settings';
import type { MockState } from '../state';
import { settingForApi, USER_GROUP_SETTING_NAMES } from '../user-groups/settings';
import type { EventQueue } from './queue';
import { renderUserGroupEvent } from './render-user-group';

/**
 * What a limited guest who may not see a user gets when that user is deactivated, instead of the
 * `realm_user` update (the server's `send_events_for_user_deactivation`): `remove_members` for
 * each group the user was a direct member of, by ID, then each anonymous permission setting that
 * named them, with its new value, in the order of those anonymous groups' IDs (their creation).
 */
export function renderUnseenDeactivation(state: MockState, queue: EventQueue, user: UserRecord) {
  const groups = state.store.tables.userGroup.all().sort((a, b) => a.id - b.id);
  const direct = [
    ...directSystemGroupIds(state, user),
    ...groups.filter((group) => !group.is_system_group && group.members.includes(user.id)).map((group) => group.id),
  ].sort((a, b) => a - b);
  const events: ({ readonly type: string } & Record<string, unknown>)[] = [];
  for (const groupId of direct) {
    const event = renderUserGroupEvent(queue, { kind: 'user_group_changed', groupId, op: 'remove_members', userIds: [user.id] });
    if (event) events.push(event);
  }
  const names = (value: GroupSettingValue) => typeof value !== 'number' && value.direct_members.includes(user.id);
  const settings: { holder: SettingHolder; setting: string; event: { readonly type: string } & Record<string, unknown> }[] = [];
  for (const group of groups) {
    for (const name of USER_GROUP_SETTING_NAMES) {
      if (!names(group[name])) continue;
      settings.push({ holder: group.id, setting: name, event: { type: 'user_group', op: 'update', group_id: group.id, data: { [name]: settingForApi(state, group[name]) } } });
    }
  }
  for (const setting of REALM_GROUP_SETTING_NAMES) {
    const value = state.realm[setting];
    if (names(value)) settings.push({ holder: 'realm', setting, event: { type: 'realm', op: 'update_dict', property: 'default', data: { [setting]: settingForApi(state, value) } } });
  }
  return [...events, ...inCreationOrder(state, settings).map(({ event }) => event)];
}
