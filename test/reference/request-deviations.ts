import type { Aspect } from '../support/request-contract';

type Deviations = Readonly<Record<`${string}: ${Aspect}`, string>>;

// Reasons that several entries share.
const JSON_UNION_RETENTION =
  'the server reads it as `Json[str] | Json[int]` (zerver/views/streams.py at 10.2): `"unlimited"` is JSON text, so it is declared in jsonStrings; the reference marks no JSON encoding';
const RAW_ANCHOR =
  'the server reads `anchor` as raw text (`str`, zerver/views/message_fetch.py and message_flags.py at 10.2) and parses a number itself; the SDK takes a message ID as a number and sends its digits';
const NULL_INSIDE_JSON = (type: string): string =>
  `the server's type is \`${type}\` (at 10.2): the JSON text null is read as None, the same as leaving the parameter out; the reference documents no null`;
const SUBSCRIBE_THROUGH_UPDATE =
  "update_subscriptions_backend (zerver/views/streams.py at 10.2) hands the request to add_subscriptions_backend, whose typed_endpoint reads this subscribe option from it; the reference documents only `add` and `delete`";
const EVENTS_UNDOCUMENTED =
  'get_events_backend (zerver/tornado/views.py at 10.2) reads it, as DocumentationStatus.INTENTIONALLY_UNDOCUMENTED: used when GET /events registers a queue itself';
const PARTIAL_SUBSCRIBERS =
  'level 412 made `include_subscribers` raw text `true`/`false`/`partial` (the reference, at 372, has `Json[bool]`); the SDK downgrades `partial` to `true` below 412 and the mock reads a JSON boolean there (test/wire-forms.test.ts)';
const IGNORED_BELOW = (level: number): string =>
  `sent ungated on purpose: a server below level ${String(level)} does not know the parameter and ignores it (listing it in ignored_parameters_unsupported from level 167), so the call still works there, without it`;
const SETTINGS_UNGATED =
  "the settings are sent ungated on purpose: a server below a setting's level ignores it and lists it in ignored_parameters_unsupported (from level 167), which the answer carries back; the newest ones are listed as `extra` below";
const NEWER_SETTING = (level: number): string =>
  `a user setting new in feature level ${String(level)}, after the reference's 372; older servers report it in ignored_parameters_unsupported`;

/**
 * Where an operation's declared parameters differ from the reference OpenAPI file on purpose:
 * `METHOD /path` -> `name: aspect` -> why (the server's source at 10.2, the spec, or the
 * changelog level that changed it). `test/contract-requests.test.ts` fails on a difference not
 * listed here, and on an entry that no longer differs.
 */
export const REQUEST_DEVIATIONS: Readonly<Record<string, Deviations>> = {
  'POST /messages': {
    'to: wire':
      'send_message_backend reads `to` as raw text (`str | None`, zerver/views/message_send.py at 10.2) and parses JSON itself when it can; the server\'s own OpenAPI check exempts exactly this parameter (zerver/tests/test_openapi.py)',
  },
  'GET /messages': {
    'anchor: type': RAW_ANCHOR,
    'narrow: type': NULL_INSIDE_JSON('Json[list[NarrowParameter] | None]'),
    'message_ids: type': NULL_INSIDE_JSON('Json[list[NonNegativeInt] | None]'),
  },
  'POST /messages/flags/narrow': {
    'anchor: type': RAW_ANCHOR,
    'narrow: type':
      "update_message_flags_for_narrow takes `narrow: Json[list[NarrowParameter] | None]` with no default (zerver/views/message_flags.py at 10.2): the parameter is required, and the JSON text null is read as None, which fetch_messages treats as no terms (all of the user's messages, as `[]` does); the reference documents no null",
  },
  'POST /typing': {
    'topic: since': 'only for a channel message, whose `type` is refused below level 58, where `topic` came with it; the requirement at 334 is for the empty topic',
    'to: type': NULL_INSIDE_JSON('Json[list[int] | None]'),
    'stream_id: type': NULL_INSIDE_JSON('Json[int | None]'),
  },
  'POST /register': {
    'client_capabilities: since': IGNORED_BELOW(13),
    'client_gravatar: type': NULL_INSIDE_JSON('Json[bool | None]') + '; null asks for the default by client',
    'include_subscribers: wire': PARTIAL_SUBSCRIBERS,
    'include_subscribers: type': PARTIAL_SUBSCRIBERS,
    'queue_lifespan_secs: extra':
      'events_register_backend reads it (`Json[int]`, zerver/views/events_register.py at 10.2) as DocumentationStatus.DOCUMENTATION_PENDING',
  },
  'GET /users/me/subscriptions': { 'include_subscribers: type': PARTIAL_SUBSCRIBERS },
  'GET /events': {
    'queue_id: required':
      'get_events_backend takes `queue_id: str | None = None` (zerver/tornado/views.py at 10.2): without one it registers a queue from the undocumented parameters below',
    'event_types: extra': EVENTS_UNDOCUMENTED,
    'narrow: extra': EVENTS_UNDOCUMENTED,
    'apply_markdown: extra': EVENTS_UNDOCUMENTED,
    'client_gravatar: extra': EVENTS_UNDOCUMENTED,
    'slim_presence: extra': EVENTS_UNDOCUMENTED,
    'all_public_streams: extra': EVENTS_UNDOCUMENTED,
    'lifespan_secs: extra': EVENTS_UNDOCUMENTED,
    'bulk_message_deletion: extra': EVENTS_UNDOCUMENTED,
    'stream_typing_notifications: extra': EVENTS_UNDOCUMENTED,
    'user_settings_object: extra': EVENTS_UNDOCUMENTED,
    'pronouns_field_type_supported: extra': EVENTS_UNDOCUMENTED,
    'linkifier_url_template: extra': EVENTS_UNDOCUMENTED,
    'user_list_incomplete: extra': EVENTS_UNDOCUMENTED,
    'include_deactivated_groups: extra': EVENTS_UNDOCUMENTED,
    'archived_channels: extra': EVENTS_UNDOCUMENTED,
    'empty_topic_name: extra': EVENTS_UNDOCUMENTED,
  },
  'POST /users/me/subscriptions': { 'message_retention_days: wire': JSON_UNION_RETENTION },
  'PATCH /streams/{stream_id}': { 'message_retention_days: wire': JSON_UNION_RETENTION },
  'PATCH /users/me/subscriptions': {
    'principals: extra': SUBSCRIBE_THROUGH_UPDATE,
    'authorization_errors_fatal: extra': SUBSCRIBE_THROUGH_UPDATE,
    'announce: extra': SUBSCRIBE_THROUGH_UPDATE,
    'invite_only: extra': SUBSCRIBE_THROUGH_UPDATE,
    'is_web_public: extra': SUBSCRIBE_THROUGH_UPDATE,
    'is_default_stream: extra': SUBSCRIBE_THROUGH_UPDATE,
    'history_public_to_subscribers: extra': SUBSCRIBE_THROUGH_UPDATE,
    'message_retention_days: extra': SUBSCRIBE_THROUGH_UPDATE,
    'can_add_subscribers_group: extra': SUBSCRIBE_THROUGH_UPDATE,
    'can_remove_subscribers_group: extra': SUBSCRIBE_THROUGH_UPDATE,
    'can_administer_channel_group: extra': SUBSCRIBE_THROUGH_UPDATE,
    'can_send_message_group: extra': SUBSCRIBE_THROUGH_UPDATE,
    'can_subscribe_group: extra': SUBSCRIBE_THROUGH_UPDATE,
  },
  'POST /realm/profile_fields': {
    'use_for_user_matching: extra':
      "10.2's create_realm_custom_profile_field does not read it (no server source at 10.2 names it; a 10.2 server reports it in ignored_parameters_unsupported). The spec lists it among the creation attributes with no feature level, and the spec wins: the SDK declares it at every level",
  },
  'PATCH /settings': {
    '*: since': SETTINGS_UNGATED,
    'web_left_sidebar_unreads_count_summary: extra': NEWER_SETTING(398),
    'web_left_sidebar_show_channel_folders: extra': NEWER_SETTING(411),
    'web_inbox_show_channel_folders: extra': NEWER_SETTING(431),
    'resolved_topic_notice_auto_read_policy: extra': NEWER_SETTING(385),
  },
  'PATCH /realm/user_settings_defaults': {
    '*: since': SETTINGS_UNGATED,
    'web_left_sidebar_unreads_count_summary: extra': NEWER_SETTING(398),
    'web_left_sidebar_show_channel_folders: extra': NEWER_SETTING(411),
    'web_inbox_show_channel_folders: extra': NEWER_SETTING(431),
    'resolved_topic_notice_auto_read_policy: extra': NEWER_SETTING(385),
  },
  'GET /user_uploads/{realm_id_str}/{filename}': {
    'realm_id_str: type':
      'the server routes `user_uploads/<realm_id_str>/<path:filename>` (zproject/urls.py at 10.2): the path segment is text, which the SDK passes on as given',
  },
  'PATCH /messages/{message_id}': {
    'send_notification_to_old_thread: since': IGNORED_BELOW(9),
    'send_notification_to_new_thread: since': IGNORED_BELOW(9),
  },
  'POST /users/me/presence': {
    'last_update_id: since': IGNORED_BELOW(263) + '; the answer then has no presence_last_update_id (optional in the response schema)',
    'history_limit_days: since': IGNORED_BELOW(288),
  },
  'GET /users/{user_id_or_email}/presence': {
    'user_id_or_email: since':
      'a path segment the SDK passes on as given: level 43 added user IDs; an email address works at every level',
  },
  'POST /users/me/status': {
    'emoji_name: since': IGNORED_BELOW(86),
    'emoji_code: since': IGNORED_BELOW(86),
    'reaction_type: since': IGNORED_BELOW(86),
  },
};
