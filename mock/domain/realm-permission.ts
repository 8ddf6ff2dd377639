import type { UserRecord } from '../store/store';
import { isInGroupSetting } from './group-setting';
import { REALM_GROUP_SETTINGS, type RealmGroupSetting } from './realm-config/realm-settings';
import type { MockState } from './state';
import { isGuest } from './users';

/**
 * Whether a user holds one of the realm's group permissions, as the server's
 * `user_has_permission_for_group_setting` decides: membership of the setting's group, and never a
 * guest for a setting that may not be everyone (`allow_everyone_group=False`), whatever group a
 * guest was put in.
 */
export function hasRealmPermission(state: MockState, user: UserRecord, setting: RealmGroupSetting): boolean {
  if (!REALM_GROUP_SETTINGS[setting].allowEveryone && isGuest(user)) return false;
  return isInGroupSetting(state, user, state.realm[setting]);
}
