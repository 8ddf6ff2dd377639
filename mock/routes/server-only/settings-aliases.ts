import { updateSettings } from '../../../src/endpoints/settings';
import type { Endpoint } from '../../../src/contract/endpoint';
import type { Implementation } from '../../http/operation';
import { asOlderServer } from '../older-servers';
import { settingsRoutes } from '../settings';

/**
 * The legacy paths of `PATCH /settings`: the server routes `PATCH /settings/display` and
 * `PATCH /settings/notifications` to the same view (`json_change_settings`), so each takes every
 * parameter `PATCH /settings` takes and answers as it does. Not in the SDK.
 */
const SETTINGS_ALIAS_PATHS = ['/settings/display', '/settings/notifications'] as const;

/** The aliases as a server at `level` runs them: `PATCH /settings` under another path and ID. */
export function settingsAliases(level: number): { endpoint: Endpoint; implementation: Implementation<Endpoint> }[] {
  const older = asOlderServer(updateSettings, settingsRoutes.updateSettings, level);
  return SETTINGS_ALIAS_PATHS.map((path) => ({
    endpoint: { ...older.endpoint, id: `update-settings-${path.slice('/settings/'.length)}`, path },
    implementation: older.implementation as Implementation<Endpoint>,
  }));
}
