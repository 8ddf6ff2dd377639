import type { realmSettings } from '../../src/endpoints/index';
import { updateRealm } from '../domain/realm-config/realm-settings';
import { updateRealmUserSettingsDefaults } from '../domain/user-settings/realm-defaults';
import type { Implementation } from '../http/operation';

/** Organization settings: decode → domain → payload. */
export const realmSettingsRoutes = {
  updateRealm: ({ state, user, params }) => updateRealm(state, user, params),
  updateRealmUserSettingsDefaults: ({ state, params }) => {
    updateRealmUserSettingsDefaults(state, params);
    return {};
  },
} satisfies { [Name in keyof typeof realmSettings]: Implementation<(typeof realmSettings)[Name]> };
