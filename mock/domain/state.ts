import type { LinkPreviewPages } from './link-embeds/pages';
import type { CamoSettings } from './camo/settings';
import type { ServiceBotWorker } from './service-bots/worker';
import type { GroupSettingValue } from '../../src/schemas/group-setting';
import type { Store } from '../store/store';
import type { FaultInjector } from '../http/faults';
import type { RequestJournal } from '../http/journal';
import type { Clock } from './clock';
import type { PushService } from './push/service';
import type { EventRegistry } from './events/registry';
import type { RateLimiter } from './rate-limits';
import type { RealmProperties } from './realm-config/realm-properties';
import type { RealmTimer } from './realm-timer';

/** The names of the system groups every realm has. */
export const SYSTEM_GROUP_NAMES = [
  'role:nobody',
  'role:owners',
  'role:administrators',
  'role:moderators',
  'role:fullmembers',
  'role:members',
  'role:everyone',
  'role:internet',
] as const;

/** A system group name. */
export type SystemGroupName = (typeof SYSTEM_GROUP_NAMES)[number];

/** Organization-level settings of the mock realm. */
export interface RealmSettings extends RealmProperties {
  id: number;
  name: string;
  /** The realm's subdomain identifier, reported as `sender_realm_str`. */
  string_id: string;
  description: string;
  /** The realm's address, e.g. `http://127.0.0.1:9991`. */
  url: string;
  /** When the realm was created, UNIX seconds. */
  date_created: number;
  /** Domain of placeholder emails `user{id}@{domain}` for users whose email is hidden. */
  fake_email_domain: string;
  /** Organization default for channels whose `topics_policy` is `inherit`. */
  topics_policy: 'allow_empty_topic' | 'disable_empty_topic';
  /** How the empty topic reads to clients that did not opt in to it. */
  empty_topic_display_name: string;
  max_message_length: number;
  max_topic_length: number;
  max_stream_name_length: number;
  /** Largest upload the server takes, in MiB (`max_file_upload_size_mib`). */
  max_file_upload_size_mib: number;
  /**
   * The oldest message ID the organization's plan lets anyone see (0: no limit). Older messages
   * are left out of history requests, which then report `history_limited`.
   */
  first_visible_message_id: number;
  deactivated: boolean;
  /** Whether `POST /dev_fetch_api_key` and `GET /dev_list_users` work. */
  dev_auth_enabled: boolean;
  /** Whether `POST /fetch_api_key` accepts passwords. */
  password_auth_enabled: boolean;
  /**
   * Whether `GET /messages/{id}/read_receipts` answers. The server's default is true for
   * organizations that require invitations, which new ones do.
   */
  enable_read_receipts: boolean;
  /** IDs of the system groups, by name. */
  system_groups: Record<SystemGroupName, number>;
  /** Group-valued permission settings: a user group's ID, or an anonymous group of members and subgroups. */
  can_mention_many_users_group: GroupSettingValue;
  direct_message_permission_group: GroupSettingValue;
  direct_message_initiator_group: GroupSettingValue;
  /** Who may delete any message (default: administrators). */
  can_delete_any_message_group: GroupSettingValue;
  /** Who may delete their own messages, within the time limit (default: everyone). */
  can_delete_own_message_group: GroupSettingValue;
  /** Seconds after sending during which a sender may delete a message; null = no limit. */
  message_content_delete_limit_seconds: number | null;
  /** Whether senders may edit the content of their messages (moves have their own settings). */
  allow_message_editing: boolean;
  /** Seconds after sending during which content may be edited; null = no limit. */
  message_content_edit_limit_seconds: number | null;
  /** Seconds after sending during which non-moderators may move a message to another topic; null = no limit. */
  move_messages_within_stream_limit_seconds: number | null;
  /** Seconds after sending during which non-moderators may move a message to another channel; null = no limit. */
  move_messages_between_streams_limit_seconds: number | null;
  /** Which edit history users may see: all of it, only moves, or none. */
  message_edit_history_visibility_policy: 'all' | 'moves' | 'none';
  can_move_messages_between_topics_group: GroupSettingValue;
  can_move_messages_between_channels_group: GroupSettingValue;
  can_resolve_topics_group: GroupSettingValue;
  /** Who may change channels' delete permissions (default: moderators; feature level 407). */
  can_set_delete_message_policy_group: GroupSettingValue;
  /** Who may change channels' `topics_policy` (default: members; feature level 392). */
  can_set_topics_policy_group: GroupSettingValue;
  /** Who may create user groups (default: members). */
  can_create_groups: GroupSettingValue;
  /** Who may upload custom emoji (default: members). */
  can_add_custom_emoji_group: GroupSettingValue;
  /** Who may manage every user group, as if in each one's `can_manage_group` (default: owners). */
  can_manage_all_groups: GroupSettingValue;
  /** Who may create bots of every type (default: members; administrators always may). */
  can_create_bots_group: GroupSettingValue;
  /** Who may create incoming webhook bots, which can only send messages (default: members). */
  can_create_write_only_bots_group: GroupSettingValue;
  /** Who may create public channels (default: members). */
  can_create_public_channel_group: GroupSettingValue;
  /** Who may create private channels (default: members). */
  can_create_private_channel_group: GroupSettingValue;
  /** Who may create web-public channels (default: owners). */
  can_create_web_public_channel_group: GroupSettingValue;
  /** Who may subscribe others to channels (default: members). */
  can_add_subscribers_group: GroupSettingValue;
  /** Who may send email invitations (default: members; never guests). */
  can_invite_users_group: GroupSettingValue;
  /** Who may create reusable invitation links (default: administrators). */
  create_multiuse_invite_group: GroupSettingValue;
  /** Whose members see every user: `role:everyone`, or `role:members` to limit guests to the users they share a channel with. */
  can_access_all_users_group: GroupSettingValue;
  /** Who may manage the plan and billing (default: administrators). */
  can_manage_billing_group: GroupSettingValue;
  /** Who may ask for topic summaries (default: everyone). */
  can_summarize_topics_group: GroupSettingValue;
  /** The private channel where moderation requests go (null: none). */
  moderation_request_channel_id: number | null;
  /** Where Notification Bot announces new channels (null: nowhere). */
  new_stream_announcements_stream_id: number | null;
  /** Where Notification Bot announces new users (null: nowhere). */
  signup_announcements_stream_id: number | null;
  /** Where the server posts its own announcements of Zulip updates (null: nowhere; the mock posts none). */
  zulip_update_announcements_stream_id: number | null;
  /** Days messages are kept; -1 forever. */
  message_retention_days: number;
  /** The personal settings new users start with, where they differ from the server's defaults. */
  user_settings_defaults: Readonly<Record<string, unknown>>;
  /** The channels new users join, by ID, ascending. */
  default_channel_ids: number[];
  /** The organization's type, one of the server's `ORG_TYPES` IDs (10: business). */
  org_type: number;
  /**
   * The members kept out of `role:fullmembers` as too new (provisional members), by ID,
   * ascending: the membership the server stores, recomputed when `waiting_period_threshold` or a
   * role changes, and as time passes (`user-groups/full-members.ts`). Replaced, never changed in
   * place: `isProvisionalMember` indexes each list once.
   */
  provisional_member_ids: readonly number[];
  /**
   * The permission settings (`realm:<setting>`, `group:<group_id>:<setting>`) whose anonymous
   * group the mock has seen created, oldest first: the order of those groups' IDs on the server,
   * which its events about several of them follow (`anonymous-setting-groups.ts`).
   */
  anonymous_setting_groups: readonly string[];
}

/** Receives the mock's diagnostics (unexpected errors, teaching warnings). */
export interface MockLogger {
  warn(message: string): void;
  error(message: string, error?: unknown): void;
}

/** Everything the domain functions work on: one independent realm. */
export interface MockState {
  readonly store: Store;
  readonly realm: RealmSettings;
  readonly clock: Clock;
  readonly logger: MockLogger;
  /** The realm's event queues; domain operations record their changes here. */
  readonly events: EventRegistry;
  /** Push notification delivery (the bouncer's configuration, what was sent). */
  readonly push: PushService;
  /** Characters a bot may keep in its storage (keys and values together). */
  readonly botStorageLimit: number;
  /** Counts each user's requests against the realm's rate-limit rules. */
  readonly rateLimiter: RateLimiter;
  /** Every request an operation answered, for assertions. */
  readonly journal: RequestJournal;
  /** Faults injected on purpose (network errors, 5xx, bad bodies, latency). */
  readonly faults: FaultInjector;
  /** The API feature level the realm's server has and behaves as. */
  readonly featureLevel: number;
  /** How long after an upload (on the realm's clock) its thumbnails exist; until then messages show a placeholder. */
  readonly thumbnailDelayMs: number;
  /** The server's `CAN_ACCESS_ALL_USERS_GROUP_LIMITS_PRESENCE`: limited guests see presence only of the users they may see. */
  readonly limitGuestPresence: boolean;
  /** The server's `SECRET_KEY`, which signs the details of BigBlueButton join URLs. */
  readonly secretKey: string;
  /** The server's Camo (`CAMO_URI`, `CAMO_KEY`), through which messages load external media; undefined without it. */
  readonly camo: CamoSettings | undefined;
  /** The pages the server's embed worker finds for links (what a test registered; others fail). */
  readonly linkPreviews: LinkPreviewPages;
  /** The outgoing webhook and embedded bot workers: what a sent message triggers runs here, after the send. */
  readonly serviceBots: ServiceBotWorker;
  /** The one timer that promotes provisional members to `role:fullmembers` when the next one qualifies. */
  readonly promotionTimer: RealmTimer;
  /** The one timer that runs the scheduled-message delivery worker at the next delivery time. */
  readonly deliveryTimer: RealmTimer;
  /** The one timer that runs the weekly job marking channels without recent messages inactive. */
  readonly activityTimer: RealmTimer;
}
