import { ApiFailure } from '../errors';

/**
 * Event and state types the real server knows (its events schema and its register state
 * sections). The server accepts names outside this list silently.
 */
const SERVER_EVENT_TYPES = new Set([
  'alert_words', 'attachment', 'channel_folder', 'channel_folders', 'custom_profile_fields', 'default_stream_groups', 'default_streams',
  'delete_message', 'drafts', 'giphy', 'has_zoom_token', 'heartbeat', 'invites_changed', 'message',
  'muted_topics', 'muted_users', 'navigation_view', 'navigation_views', 'onboarding_steps', 'presence', 'push_device',
  'reaction', 'realm', 'realm_billing',
  'realm_bot', 'realm_domains', 'realm_embedded_bots', 'realm_emoji', 'realm_export',
  'realm_export_consent', 'realm_filters', 'realm_linkifiers', 'realm_playgrounds', 'realm_user',
  'realm_user_settings_defaults', 'realm_user_groups', 'realm_incoming_webhook_bots',
  'recent_private_conversations', 'reminders', 'restart', 'saved_snippets', 'scheduled_messages',
  'starred_messages', 'stop_words', 'stream', 'submessage', 'subscription', 'typing',
  'typing_edit_message', 'update_display_settings', 'update_global_notifications',
  'update_message', 'update_message_flags', 'user_group', 'user_settings', 'user_status',
  'user_topic', 'video_calls', 'web_reload_client',
]);

/**
 * Event types with no state section: server restarts, widget interactions (`POST /submessage`,
 * whose events travel with messages no register state holds), Zoom. Accepted, as a fresh
 * register has nothing of theirs to miss.
 */
const EVENT_ONLY_TYPES = ['restart', 'web_reload_client', 'submessage', 'has_zoom_token'];

/**
 * The types whose events and initial state the mock implements, or that a client cannot miss
 * anything of. `reaction` and `attachment` have events and no state section (the server's
 * register answer holds no messages).
 */
export const MOCK_EVENT_TYPES: readonly string[] = [
  'message',
  'heartbeat',
  'user_topic',
  'muted_topics',
  'realm',
  'delete_message',
  'update_message_flags',
  'reaction',
  'update_message',
  'alert_words',
  'realm_linkifiers',
  'realm_filters',
  'drafts',
  'saved_snippets',
  // The events' type is singular, the register state's plural, as the server names them.
  'navigation_view',
  'navigation_views',
  'scheduled_messages',
  'reminders',
  'attachment',
  'custom_profile_fields',
  'presence',
  'user_status',
  'muted_users',
  'typing',
  'typing_edit_message',
  'realm_domains',
  'realm_playgrounds',
  'realm_emoji',
  'starred_messages',
  'recent_private_conversations',
  'subscription',
  'stream',
  // The register state is named `channel_folders`, its events `channel_folder`, as on the server.
  'channel_folders',
  'channel_folder',
  'realm_user',
  'default_streams',
  'default_stream_groups',
  'user_settings',
  'update_display_settings',
  'update_global_notifications',
  'realm_user_groups',
  'user_group',
  'realm_bot',
  'realm_user_settings_defaults',
  'onboarding_steps',
  'push_device',
  // Events only, to administrators (and an invitation's inviter): the server's register state has no section for them.
  'realm_export_consent',
  'invites_changed',
  'realm_export',
  // State the mock has no operation to change: always empty or false (see unmodelled-state.ts).
  'video_calls',
  'realm_billing',
  'realm_embedded_bots',
  'realm_incoming_webhook_bots',
  'stop_words',
  'giphy',
  ...EVENT_ONLY_TYPES,
];

const IMPLEMENTED = new Set(MOCK_EVENT_TYPES);

/**
 * Refuses a type the real server has and the mock does not implement yet, so that a client is
 * never silently starved of events; names the server does not know pass, as on the server.
 */
export function checkEventTypes(types: readonly string[] | undefined): void {
  const missing = (types ?? []).filter((type) => SERVER_EVENT_TYPES.has(type) && !IMPLEMENTED.has(type));
  if (missing.length === 0) return;
  throw new ApiFailure(
    `The mock does not implement the event type${missing.length > 1 ? 's' : ''} ${missing.join(', ')} yet`,
    'NOT_IMPLEMENTED',
    501,
  );
}
