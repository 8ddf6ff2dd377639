import { realmIconUrl } from '../realm-config/icon';
import type { MockState } from '../state';
import { staticFileUrl } from '../static-files';
import { PASSWORD_MIN_LENGTH } from '../user-settings/operations';

/** The video call providers a server without Zoom or BigBlueButton credentials offers. */
const VIDEO_CHAT_PROVIDERS = {
  disabled: { name: 'None', id: 0 },
  jitsi_meet: { name: 'Jitsi Meet', id: 1 },
};

/** The server's default Jitsi server (`JITSI_SERVER_URL`), which a realm without its own uses. */
const SERVER_JITSI_URL = 'https://meet.jit.si';

/**
 * The `realm` register keys of settings the mock has no operation for, at the server's values for
 * a development realm (the Realm model's defaults, a business organization on the self-hosted
 * plan), and of the server's configuration. Nothing changes them, so no event is owed.
 */
export function realmServerValues(state: MockState) {
  const { realm } = state;
  return {
    realm_uri: realm.url,
    // Deprecated at feature level 392 in favour of `realm_topics_policy`, which it follows.
    realm_mandatory_topics: realm.topics_policy === 'disable_empty_topic',
    realm_icon_url: realmIconUrl(state),
    realm_icon_source: 'G',
    realm_date_created: realm.date_created,
    realm_presence_disabled: false,
    realm_default_language: 'en',
    realm_waiting_period_threshold: 0,
    realm_bot_domain: realm.fake_email_domain,
    realm_inline_image_preview: true,
    realm_inline_url_embed_preview: false,
    realm_video_chat_provider: VIDEO_CHAT_PROVIDERS.jitsi_meet.id,
    realm_available_video_chat_providers: structuredClone(VIDEO_CHAT_PROVIDERS),
    jitsi_server_url: SERVER_JITSI_URL,
    // The mock delivers push notifications (as `GET /server_settings` says).
    realm_push_notifications_enabled: true,
    realm_enable_guest_user_indicator: true,
    realm_org_type: 10,
    realm_plan_type: 1,
    // The mock sends no new-user or Zulip update announcements: no channel for them.
    realm_signup_announcements_stream_id: -1,
    realm_zulip_update_announcements_stream_id: -1,
    password_min_length: PASSWORD_MIN_LENGTH,
    max_avatar_file_size_mib: 5,
    server_needs_upgrade: false,
    server_emoji_data_url: staticFileUrl(state, 'generated/emoji/emoji_api.json'),
  };
}
