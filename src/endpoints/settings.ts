import { defineEndpoint } from '../contract/endpoint';
import { RENAMED_SETTINGS } from '../contract/requirements';
import { UpdateSettingsParams, UpdateSettingsResponse } from '../schemas/settings';

/** `PATCH /settings`: change the caller's own name, password or settings (humans only). */
export const updateSettings = defineEndpoint({
  id: 'update-settings',
  method: 'PATCH',
  path: '/settings',
  params: UpdateSettingsParams,
  response: UpdateSettingsResponse,
  access: { auth: 'api_key', humansOnly: true },
  retrySafe: true,
  featureLevel: 1,
  requires: RENAMED_SETTINGS,
});
