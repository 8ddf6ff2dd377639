import type { realmSettings } from '../../src/endpoints/index';
import { updateRealm } from '../domain/realm-config/update-realm';
import { updateRealmUserSettingsDefaults } from '../domain/user-settings/realm-defaults';
import { sendTestWelcomeBotCustomMessage } from '../domain/onboarding/welcome-bot';
import type { Implementation } from '../http/operation';

/** Organization settings: decode → domain → payload. */
export const realmSettingsRoutes = {
  updateRealm: ({ state, user, params }) => updateRealm(state, user, params),
  updateRealmUserSettingsDefaults: ({ state, params }) => {
    updateRealmUserSettingsDefaults(state, params);
    return {};
  },
  testWelcomeBotCustomMessage: ({ state, user, params }) => ({
    message_id: sendTestWelcomeBotCustomMessage(state, user, params.welcome_message_custom_text),
  }),
} satisfies { [Name in keyof typeof realmSettings]: Implementation<(typeof realmSettings)[Name]> };
