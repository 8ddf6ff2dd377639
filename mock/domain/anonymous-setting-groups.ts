import type { GroupSettingValue } from '../../src/schemas/group-setting';
import { REALM_GROUP_SETTING_NAMES } from './realm-config/realm-settings';
import type { MockState } from './state';
import { USER_GROUP_SETTING_NAMES } from './user-groups/settings';

/** Who holds a permission setting: the realm, or a user group (by ID). */
export type SettingHolder = 'realm' | number;

function keyOf(holder: SettingHolder, setting: string): string {
  return holder === 'realm' ? `realm:${setting}` : `group:${holder}:${setting}`;
}

/**
 * Notes a setting's new value. The server keeps each anonymous value as a group row of its own:
 * a new one when the setting leaves a named group, the same one changed in place from one
 * anonymous value to the next, none once the setting names a group. The settings are listed in
 * the order their rows were created (`RealmSettings.anonymous_setting_groups`), which is the
 * order of those rows' IDs.
 */
export function noteSettingValue(state: MockState, holder: SettingHolder, setting: string, before: GroupSettingValue | undefined, after: GroupSettingValue): void {
  const key = keyOf(holder, setting);
  const listed = state.realm.anonymous_setting_groups;
  const keptInPlace = before !== undefined && typeof before !== 'number' && typeof after !== 'number';
  if (keptInPlace) return;
  const others = listed.filter((other) => other !== key);
  state.realm.anonymous_setting_groups = typeof after === 'number' ? others : [...others, key];
}

/**
 * Where a setting's anonymous group comes in the order the server created such groups: -1 for
 * one it has no record of (the seed's, made before any other).
 */
function anonymousGroupRank(state: MockState, holder: SettingHolder, setting: string): number {
  return state.realm.anonymous_setting_groups.indexOf(keyOf(holder, setting));
}

/** Settings in the order the server made their anonymous groups; ones it has no record of keep their order, first. */
function inCreationOrder<Entry extends { readonly holder: SettingHolder; readonly setting: string }>(state: MockState, entries: readonly Entry[]): Entry[] {
  const ranked = entries.map((entry, index) => ({ entry, index, rank: anonymousGroupRank(state, entry.holder, entry.setting) }));
  return ranked.sort((a, b) => a.rank - b.rank || a.index - b.index).map(({ entry }) => entry);
}

/** A permission setting of a group or the realm, with its stored value. */
export interface HeldSetting {
  readonly holder: SettingHolder;
  readonly setting: string;
  readonly value: GroupSettingValue;
}

/**
 * The permission settings of groups and the realm whose anonymous value names a user among its
 * direct members, in the order the server made their anonymous groups (it goes through them by
 * ID), as it tells them on the user's reactivation and to a guest who may not see the user on
 * their deactivation.
 */
export function settingsNamingUser(state: MockState, userId: number): HeldSetting[] {
  const settings: HeldSetting[] = [];
  const names = (value: GroupSettingValue) => typeof value !== 'number' && value.direct_members.includes(userId);
  for (const group of state.store.tables.userGroup.all().sort((a, b) => a.id - b.id)) {
    for (const setting of USER_GROUP_SETTING_NAMES) {
      if (names(group[setting])) settings.push({ holder: group.id, setting, value: group[setting] });
    }
  }
  for (const setting of REALM_GROUP_SETTING_NAMES) {
    if (names(state.realm[setting])) settings.push({ holder: 'realm', setting, value: state.realm[setting] });
  }
  return inCreationOrder(state, settings);
}
