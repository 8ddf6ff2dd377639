import type { settings } from '../../src/endpoints/index';
import type { Implementation } from '../http/operation';
import { updateSettings } from '../domain/user-settings/operations';

/** The caller's own settings: decode → domain → payload. */
export const settingsRoutes = {
  updateSettings: ({ state, user, params }) => {
    updateSettings(state, user, params);
    return {};
  },
} satisfies { [Name in keyof typeof settings]: Implementation<(typeof settings)[Name]> };
