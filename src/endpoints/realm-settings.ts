import { defineEndpoint } from '../contract/endpoint';
import { GROUP_ID_REALM_SETTINGS, RENAMED_REALM_SETTINGS, RENAMED_SETTINGS } from '../contract/requirements';
import {
  TestWelcomeBotCustomMessageParams,
  TestWelcomeBotCustomMessageResponse,
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
  // The settings newer servers added (older ones ignore them): the SDK refuses them below their
  // level, sends those renamed under their older names, and the two once taken as a group's ID as one.
  requires: [
    ...RENAMED_REALM_SETTINGS,
    // Before the two settings' own levels (209, 225): what only 314 takes names 314 below them too.
    ...GROUP_ID_REALM_SETTINGS,
    { param: 'giphy_rating', since: 55 },
    { param: 'enable_spectator_access', since: 109 },
    { param: 'org_type', since: 128 },
    { param: 'want_advertise_in_communities_directory', since: 129 },
    { param: 'create_multiuse_invite_group', since: 209 },
    { param: 'jitsi_server_url', since: 212 },
    { param: 'can_access_all_users_group', since: 225 },
    { param: 'zulip_update_announcements_stream_id', since: 242 },
    { param: 'require_unique_names', since: 246 },
    { param: 'can_create_public_channel_group', since: 264 },
    { param: 'can_create_private_channel_group', since: 266 },
    { param: 'direct_message_initiator_group', since: 270 },
    { param: 'direct_message_permission_group', since: 270 },
    { param: 'can_create_web_public_channel_group', since: 280 },
    { param: 'can_delete_any_message_group', since: 281 },
    { param: 'can_delete_own_message_group', since: 291 },
    { param: 'can_create_groups', since: 299 },
    { param: 'can_manage_all_groups', since: 299 },
    { param: 'can_add_custom_emoji_group', since: 307 },
    { param: 'can_move_messages_between_channels_group', since: 310 },
    { param: 'can_move_messages_between_topics_group', since: 316 },
    { param: 'can_invite_users_group', since: 321 },
    { param: 'can_add_subscribers_group', since: 341 },
    { param: 'can_create_bots_group', since: 344 },
    { param: 'can_create_write_only_bots_group', since: 344 },
    { param: 'enable_guest_user_dm_warning', since: 348 },
    { param: 'can_summarize_topics_group', since: 350 },
    { param: 'can_mention_many_users_group', since: 352 },
    { param: 'can_manage_billing_group', since: 363 },
    { param: 'can_resolve_topics_group', since: 367 },
    { param: 'topics_policy', since: 392 },
    { param: 'can_set_topics_policy_group', since: 392 },
    { param: 'can_set_delete_message_policy_group', since: 407 },
    { param: 'require_e2ee_push_notifications', since: 409 },
    { param: 'welcome_message_custom_text', since: 416 },
    { param: 'send_channel_events_messages', since: 434 },
  ],
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
  requires: RENAMED_SETTINGS,
});

/**
 * `POST /realm/test_welcome_bot_custom_message`: Welcome Bot sends the calling administrator the
 * custom welcome message new users would get, as a preview.
 */
export const testWelcomeBotCustomMessage = defineEndpoint({
  id: 'test-welcome-bot-custom-message',
  method: 'POST',
  path: '/realm/test_welcome_bot_custom_message',
  params: TestWelcomeBotCustomMessageParams,
  response: TestWelcomeBotCustomMessageResponse,
  access: { auth: 'api_key', minRole: 'administrator' },
  retrySafe: false,
  featureLevel: 416,
});
