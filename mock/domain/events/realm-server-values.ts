import { hasLevel, LEVEL } from '../feature-levels';
import { MAX_REMINDER_NOTE_LENGTH } from '../reminders/content';
import { realmIconUrl, realmLogoUrl } from '../realm-config/icon';
import { DEACTIVATED_REALM_DELETION_DAYS } from '../realm-deactivation';
import { GIPHY_RATING_OPTIONS, VIDEO_CHAT_PROVIDERS } from '../realm-config/realm-properties';
import type { MockState } from '../state';
import { staticFileUrl } from '../static-files';
import { PASSWORD_MIN_LENGTH } from '../user-settings/operations';
import { serverSupportedPermissionSettings } from './permission-settings-metadata';
import { MAX_BULK_NEW_SUBSCRIPTION_MESSAGES } from '../subscriptions/subscribe';
import { serverReportMessageTypes } from '../messages/report-types';

/** The server's default external account fields (`DEFAULT_EXTERNAL_ACCOUNTS`). */
const DEFAULT_EXTERNAL_ACCOUNTS = {
  twitter: { text: 'Twitter', url_pattern: 'https://twitter.com/%(username)s', name: 'Twitter username', hint: '' },
  github: { text: 'GitHub', url_pattern: 'https://github.com/%(username)s', name: 'GitHub username', hint: '' },
};

/**
 * The `realm` register keys of settings the mock has no operation for, at the server's values for
 * a development realm (the Realm model's defaults, a business organization on the self-hosted
 * plan), and of the server's configuration (its default settings, except where the mock behaves
 * as the development server: web-public channels allowed, no password strength check). Nothing
 * else changes them, so no event is owed (the icon and logos change by their own operations,
 * which send theirs). Keys newer than the realm's server level are left out.
 */
export function realmServerValues(state: MockState) {
  const { realm } = state;
  const has = (level: number) => hasLevel(state, level);
  const images = state.store.avatarImages;
  return {
    realm_uri: realm.url,
    // Deprecated at feature level 392 in favour of `realm_topics_policy`, which it follows.
    realm_mandatory_topics: realm.topics_policy === 'disable_empty_topic',
    realm_icon_url: realmIconUrl(state),
    realm_icon_source: images.realmImage('icon').source,
    realm_logo_url: realmLogoUrl(state, false),
    realm_logo_source: images.realmImage('logo').source,
    realm_night_logo_url: realmLogoUrl(state, true),
    realm_night_logo_source: images.realmImage('night_logo').source,
    realm_date_created: realm.date_created,
    realm_presence_disabled: false,
    realm_bot_domain: realm.fake_email_domain,
    realm_available_video_chat_providers: structuredClone(VIDEO_CHAT_PROVIDERS),
    // The mock delivers push notifications (as `GET /server_settings` says), with no end date.
    realm_push_notifications_enabled: true,
    ...(has(231) ? { realm_push_notifications_enabled_end_timestamp: null } : {}),
    realm_plan_type: 1,
    zulip_plan_is_not_limited: true,
    upgrade_text_for_wide_organization_logo: 'Available on Zulip Cloud Standard. Upgrade to access.',
    // Removed at feature level 426.
    ...(has(426) ? {} : { realm_is_zephyr_mirror_realm: false }),
    // Self-hosted: no upload quota.
    ...(has(LEVEL.registerLimitsInMib)
      ? { realm_upload_quota_mib: null, max_icon_file_size_mib: 5, max_logo_file_size_mib: 5 }
      : { realm_upload_quota: null, max_icon_file_size: 5, max_logo_file_size: 5 }),
    realm_default_external_accounts: structuredClone(DEFAULT_EXTERNAL_ACCOUNTS),
    password_min_length: PASSWORD_MIN_LENGTH,
    ...(has(338) ? { password_max_length: 100 } : {}),
    // The mock checks no password's strength, as the development server's settings ask.
    password_min_guesses: 0,
    max_avatar_file_size_mib: 5,
    settings_send_digest_emails: true,
    development_environment: false,
    // When the server started: the realm's creation on its clock, or its last restart.
    server_generation: state.events.restartedAt ?? realm.date_created,
    server_inline_image_preview: true,
    server_inline_url_embed_preview: true,
    server_avatar_changes_disabled: false,
    server_name_changes_disabled: false,
    ...(has(110) ? { server_web_public_streams_enabled: true } : {}),
    // No topic summarization model is configured.
    ...(has(350) ? { server_can_summarize_topics: false } : {}),
    giphy_rating_options: structuredClone(GIPHY_RATING_OPTIONS),
    ...(has(221) ? { server_supported_permission_settings: serverSupportedPermissionSettings(has) } : {}),
    ...(has(332)
      ? {
          server_min_deactivated_realm_deletion_days: DEACTIVATED_REALM_DELETION_DAYS.min,
          server_max_deactivated_realm_deletion_days: DEACTIVATED_REALM_DELETION_DAYS.max,
        }
      : {}),
    ...(has(LEVEL.bulkSubscriptionMessages) ? { max_bulk_new_subscription_messages: MAX_BULK_NEW_SUBSCRIPTION_MESSAGES } : {}),
    ...(has(LEVEL.reportMessageTypes) ? { server_report_message_types: serverReportMessageTypes() } : {}),
    ...(has(LEVEL.reminderNote) ? { max_reminder_note_length: MAX_REMINDER_NOTE_LENGTH } : {}),
    server_needs_upgrade: false,
    server_emoji_data_url: staticFileUrl(state, 'generated/emoji/emoji_api.json'),
  };
}
