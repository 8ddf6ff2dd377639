import type { GroupSettingValue } from '../../src/schemas/group-setting';
import type { MockState } from './state';

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
export function inCreationOrder<Entry extends { readonly holder: SettingHolder; readonly setting: string }>(state: MockState, entries: readonly Entry[]): Entry[] {
  const ranked = entries.map((entry, index) => ({ entry, index, rank: anonymousGroupRank(state, entry.holder, entry.setting) }));
  return ranked.sort((a, b) => a.rank - b.rank || a.index - b.index).map(({ entry }) => entry);
}
