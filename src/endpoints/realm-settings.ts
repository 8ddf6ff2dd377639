import { defineEndpoint } from '../contract/endpoint';
import {
  UpdateRealmParams,
  UpdateRealmResponse,
  UpdateRealmUserSettingsDefaultsParams,
  UpdateRealmUserSettingsDefaultsResponse,
} from '../schemas/realm-settings';

/** `PATCH /realm`: change organization settings (administrators; some settings owners). */
export const updateRealm = defineEndpoint({
  id: 'update-realm',
  method: 'PATCH',
  path: '/realm',
  params: UpdateRealmParams,
  response: UpdateRealmResponse,
  access: { auth: 'api_key', minRole: 'administrator' },
  retrySafe: true,
  featureLevel: 1,
  jsonStrings: [
    'message_content_edit_limit_seconds',
    'message_content_delete_limit_seconds',
    'move_messages_within_stream_limit_seconds',
    'move_messages_between_streams_limit_seconds',
    'message_retention_days',
    'jitsi_server_url',
  ],
});

/** `PATCH /realm/user_settings_defaults`: the settings new users start with (administrators). */
export const updateRealmUserSettingsDefaults = defineEndpoint({
  id: 'update-realm-user-settings-defaults',
  method: 'PATCH',
  path: '/realm/user_settings_defaults',
  params: UpdateRealmUserSettingsDefaultsParams,
  response: UpdateRealmUserSettingsDefaultsResponse,
  access: { auth: 'api_key', minRole: 'administrator' },
  retrySafe: true,
  featureLevel: 96,
});
