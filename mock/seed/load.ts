import { LinkPreviewPages } from '../domain/link-embeds/pages';
import { type CamoOptions, camoSettings } from '../domain/camo/settings';
import { checkedFeatureLevel } from '../domain/feature-levels';
import { PushService } from '../domain/push/service';
import { FaultInjector } from '../http/faults';
import { RequestJournal } from '../http/journal';
import { ROLE_VALUES } from '../../src/contract/endpoint';
import { type Clock, unixSeconds } from '../domain/clock';
import { EventRegistry } from '../domain/events/registry';
import { createSystemGroups } from '../domain/groups';
import { customGroupDefaults } from '../domain/user-groups/settings';
import { RateLimiter, type RateLimitOptions } from '../domain/rate-limits';
import {
  DEFAULT_SUBSCRIPTION_SETTINGS,
  defaultChannelPermissions,
  pickSubscriptionColor,
  renderChannelDescription,
} from '../domain/subscriptions/defaults';
import type { MockLogger, MockState, RealmSettings } from '../domain/state';
import { isCrossRealmBotEmail } from '../domain/system-bots';
import { apiEmailFor } from '../domain/users';
import { Store } from '../store/store';
import { deterministicApiKey } from './api-keys';
import { defaultRealmProperties } from '../domain/realm-config/realm-properties';
import { Seed, type SeedData, type SeedInput } from './schema';
import { SeedError, userByEmailOrFail } from './errors';
import { seedIssueText } from './issues';
import { insertMessages } from './messages';
import { ensureSystemBots } from '../domain/system-bot-accounts';
import { type OutgoingWebhookOptions, ServiceBotWorker } from '../domain/service-bots/worker';
import { RealmTimer } from '../domain/realm-timer';
import { alignReplacedPolicies, REPLACED_POLICIES } from '../domain/realm-config/replaced-policies';
import { automaticVisibilityDefaults } from '../domain/accounts/insert-user';

/**
 * Validates a seed; throws {@link SeedError} naming the first bad field.
 *
 * @example
 * import { readFileSync } from 'node:fs';
 * const seed = parseSeed(JSON.parse(readFileSync('seed.json', 'utf8'))); // throws SeedError naming a bad field
 */
export function parseSeed(input: unknown): SeedData {
  const result = Seed.safeParse(input);
  if (result.success) return result.data;
  throw new SeedError(seedIssueText(Seed, result.error.issues, input));
}

function insertUsers(state: MockState, seed: SeedData): void {
  const { store, clock } = state;
  const automaticDefaults = automaticVisibilityDefaults(state.featureLevel);
  seed.users.forEach((user, index) => {
    if (store.userByDeliveryEmail(user.email))
      throw new SeedError(`users[${index}].email: '${user.email}' appears twice`);
    const id = user.id ?? store.ids.next('user');
    if (store.tables.user.get(id)) throw new SeedError(`users[${index}].id: ${id} is used twice`);
    store.ids.reserve('user', id);
    store.tables.user.insert({
      id,
      email: apiEmailFor(state, id, user.email, user.email_address_visibility),
      delivery_email: user.email,
      full_name: user.full_name,
      role: ROLE_VALUES[user.role],
      is_active: user.is_active,
      is_bot: user.bot_type !== undefined,
      bot_type: user.bot_type ?? null,
      bot_owner_id: null,
      api_key: user.api_key ?? deterministicApiKey(user.email),
      password: user.password,
      date_joined: clock.now(),
      timezone: user.timezone,
      avatar_version: 1,
      email_address_visibility: user.email_address_visibility,
      is_imported_stub: false,
      // A seeded bot with a system bot's address is that system bot.
      is_system_bot: user.bot_type !== undefined && isCrossRealmBotEmail(user.email),
      recipient_id: store.ids.next('recipient'),
      automatically_follow_topics_policy: user.automatically_follow_topics_policy ?? automaticDefaults.automatically_follow_topics_policy,
      automatically_unmute_topics_in_muted_streams_policy: user.automatically_unmute_topics_in_muted_streams_policy ?? automaticDefaults.automatically_unmute_topics_in_muted_streams_policy,
      automatically_follow_topics_where_mentioned: user.automatically_follow_topics_where_mentioned,
      send_read_receipts: user.send_read_receipts,
      translate_emoticons: user.translate_emoticons,
      can_create_users: user.can_create_users,
      can_change_user_emails: user.can_change_user_emails,
    });
  });
  seed.users.forEach((user, index) => {
    if (user.bot_owner === undefined) return;
    if (user.bot_type === undefined) throw new SeedError(`users[${index}].bot_owner: only bots have owners`);
    const owner = userByEmailOrFail(store, user.bot_owner, `users[${index}].bot_owner`);
    const bot = userByEmailOrFail(store, user.email, `users[${index}].email`);
    store.tables.user.update(bot.id, { bot_owner_id: owner.id });
  });
}

function insertChannels(state: MockState, seed: SeedData): void {
  const { store } = state;
  seed.channels.forEach((channel, index) => {
    if (store.channelByName(channel.name))
      throw new SeedError(`channels[${index}].name: '${channel.name}' appears twice`);
    const id = store.ids.next('channel');
    store.tables.channel.insert({
      id,
      name: channel.name,
      description: channel.description,
      rendered_description: renderChannelDescription(state, channel.description),
      invite_only: channel.invite_only,
      is_web_public: channel.is_web_public,
      history_public_to_subscribers: channel.invite_only ? channel.history_public_to_subscribers : true,
      date_created: unixSeconds(state.clock),
      creator_id: null,
      first_message_id: null,
      is_archived: false,
      topics_policy: channel.topics_policy,
      ...defaultChannelPermissions(state, null),
      message_retention_days: null,
      folder_id: null,
      is_recently_active: true,
      recipient_id: store.ids.next('recipient'),
    });
    if (channel.is_default) {
      if (channel.invite_only) throw new SeedError(`channels[${index}].is_default: a private channel cannot be default`);
      state.realm.default_channel_ids.push(id);
    }
    channel.subscribers.forEach((email, subscriberIndex) => {
      const user = userByEmailOrFail(store, email, `channels[${index}].subscribers[${subscriberIndex}]`);
      store.tables.subscription.insert({
        id: store.ids.next('subscription'),
        user_id: user.id,
        channel_id: id,
        active: true,
        is_muted: false,
        color: pickSubscriptionColor(state, user.id),
        ...DEFAULT_SUBSCRIPTION_SETTINGS,
      });
    });
    channel.muted_by.forEach((email, mutedIndex) => {
      const field = `channels[${index}].muted_by[${mutedIndex}]`;
      const subscription = store.subscription(userByEmailOrFail(store, email, field).id, id);
      if (!subscription) throw new SeedError(`${field}: '${email}' is not among the subscribers`);
      store.tables.subscription.update(subscription.id, { is_muted: true });
    });
  });
}

function insertUserGroups(state: MockState, seed: SeedData): void {
  const { store } = state;
  seed.user_groups.forEach((group, index) => {
    if (store.userGroupByName(group.name))
      throw new SeedError(`user_groups[${index}].name: '${group.name}' appears twice`);
    const members = group.members.map(
      (email, memberIndex) => userByEmailOrFail(store, email, `user_groups[${index}].members[${memberIndex}]`).id,
    );
    store.tables.userGroup.insert({
      id: store.ids.next('userGroup'),
      name: group.name,
      description: group.description,
      is_system_group: false,
      max_role: null,
      members: [...new Set(members)],
      direct_subgroup_ids: [],
      deactivated: false,
      creator_id: null,
      date_created: unixSeconds(state.clock),
      ...customGroupDefaults(state, null),
    });
  });
  // Permission groups may name groups listed later, so they are resolved once all exist.
  seed.user_groups.forEach((group, index) => {
    const permission = store.userGroupByName(group.can_mention_group);
    if (!permission) {
      throw new SeedError(`user_groups[${index}].can_mention_group: no group named '${group.can_mention_group}'`);
    }
    const id = store.userGroupByName(group.name)?.id ?? 0;
    store.tables.userGroup.update(id, { can_mention_group: permission.id });
  });
}

function insertRealmEmoji(state: MockState, seed: SeedData): void {
  const { store } = state;
  seed.realm_emoji.forEach((emoji, index) => {
    if (!emoji.deactivated && store.activeRealmEmojiByName(emoji.name)) {
      throw new SeedError(`realm_emoji[${index}].name: '${emoji.name}' is already an active custom emoji`);
    }
    const author = emoji.author === undefined ? null : userByEmailOrFail(store, emoji.author, `realm_emoji[${index}].author`);
    store.tables.realmEmoji.insert({
      id: store.ids.next('realmEmoji'),
      name: emoji.name,
      author_id: author?.id ?? null,
      deactivated: emoji.deactivated,
    });
  });
}

/** Where and how a realm runs. */
export interface RealmOptions {
  readonly clock: Clock;
  readonly logger: MockLogger;
  /** The realm's address, reported in server settings and avatar URLs. */
  readonly url: string;
  /** Push notification delivery (default: no bouncer). */
  readonly push?: PushService;
  /** Characters a bot may keep in its storage (default: the server's 10,000,000). */
  readonly botStorageLimit?: number;
  /** The API rate limits; `false` turns them off. */
  readonly rateLimits?: RateLimitOptions | false | undefined;
  /** The feature level the server behaves as (default: the mock's own). */
  readonly featureLevel?: number | undefined;
  /** How long after an upload its thumbnails exist (default 0: at once). */
  readonly thumbnailDelayMs?: number | undefined;
  /** Whether limited guests see presence only of the users they may see (default false). */
  readonly limitGuestPresence?: boolean | undefined;
  /** The server's `SECRET_KEY` (default {@link DEFAULT_SECRET_KEY}). */
  readonly secretKey?: string | undefined;
  /** The server's Camo settings; `false` turns Camo off (default: a production server's, with the mock's public key). */
  readonly camo?: CamoOptions | false | undefined;
  /** The pages the embed worker finds (default: none, every fetch fails). */
  readonly linkPreviews?: LinkPreviewPages | undefined;
  /** How outgoing webhooks are called (default: the global `fetch`, the server's 10-second timeout). */
  readonly outgoingWebhooks?: OutgoingWebhookOptions | undefined;
}

/** The `SECRET_KEY` of a mock server not given one: public, so that signed values can be checked. */
const DEFAULT_SECRET_KEY = 'teamchat-mock-secret-key';

/** The server's `USER_STATE_SIZE_LIMIT`. */
const DEFAULT_BOT_STORAGE_LIMIT = 10_000_000;

/**
 * A realm's state around a store and settings: fresh event queues, rate-limit counters, journal
 * and faults, attached and ready (below the levels of group settings that replaced policies,
 * those settings as one of the policy's numbers sets them). What a seed builds, and what a
 * restored snapshot runs on.
 */
export function realmState(store: Store, realm: RealmSettings, options: RealmOptions): MockState {
  const events = new EventRegistry(options.clock);
  const state: MockState = {
    store,
    realm,
    clock: options.clock,
    logger: options.logger,
    events,
    push: options.push ?? new PushService(),
    botStorageLimit: options.botStorageLimit ?? DEFAULT_BOT_STORAGE_LIMIT,
    rateLimiter: new RateLimiter(options.clock, options.rateLimits),
    journal: new RequestJournal(),
    faults: new FaultInjector(),
    featureLevel: checkedFeatureLevel(options.featureLevel),
    thumbnailDelayMs: options.thumbnailDelayMs ?? 0,
    limitGuestPresence: options.limitGuestPresence ?? false,
    secretKey: options.secretKey ?? DEFAULT_SECRET_KEY,
    camo: camoSettings(options.camo),
    linkPreviews: options.linkPreviews ?? new LinkPreviewPages(),
    serviceBots: new ServiceBotWorker(options.outgoingWebhooks),
    promotionTimer: new RealmTimer(),
    deliveryTimer: new RealmTimer(),
    activityTimer: new RealmTimer(),
  };
  events.attach(state);
  alignReplacedPolicies(state);
  return state;
}

/**
 * Who manages all groups on a new realm: owners, and below level 299 members, the default of
 * `user_group_edit_policy` (1), which it stands for there (members manage the groups they are in,
 * `user-groups/access.ts`).
 */
function initialManageAllGroups(level: number): 'role:owners' | 'role:members' {
  return level < REPLACED_POLICIES.user_group_edit_policy.until ? 'role:members' : 'role:owners';
}

/** Builds a realm from a seed (validated here): settings, system groups, users, groups, channels, custom emoji, messages. */
export function createRealm(seedInput: SeedInput | unknown, options: RealmOptions): MockState {
  const seed = parseSeed(seedInput);
  const store = new Store();
  const systemGroups = createSystemGroups({ store });
  const realm: RealmSettings = {
    id: 1,
    name: seed.realm.name,
    string_id: seed.realm.string_id,
    description: seed.realm.description,
    url: options.url.replace(/\/+$/, ''),
    date_created: unixSeconds(options.clock),
    fake_email_domain: seed.realm.fake_email_domain,
    topics_policy: seed.realm.topics_policy,
    empty_topic_display_name: 'general chat',
    max_message_length: 10_000,
    max_topic_length: 60,
    max_stream_name_length: 60,
    max_file_upload_size_mib: seed.realm.max_file_upload_size_mib,
    first_visible_message_id: 0,
    deactivated: false,
    dev_auth_enabled: true,
    password_auth_enabled: true,
    enable_read_receipts: true,
    system_groups: systemGroups,
    can_mention_many_users_group: systemGroups['role:administrators'],
    direct_message_permission_group: systemGroups['role:everyone'],
    direct_message_initiator_group: systemGroups['role:everyone'],
    can_delete_any_message_group: systemGroups['role:administrators'],
    can_delete_own_message_group: systemGroups['role:everyone'],
    message_content_delete_limit_seconds: 600,
    allow_message_editing: true,
    message_content_edit_limit_seconds: 600,
    move_messages_within_stream_limit_seconds: 604_800,
    move_messages_between_streams_limit_seconds: 604_800,
    message_edit_history_visibility_policy: 'all',
    can_move_messages_between_topics_group: systemGroups['role:everyone'],
    can_move_messages_between_channels_group: systemGroups['role:members'],
    can_resolve_topics_group: systemGroups['role:everyone'],
    can_set_delete_message_policy_group: systemGroups['role:moderators'],
    can_set_topics_policy_group: systemGroups['role:members'],
    can_create_groups: systemGroups['role:members'],
    can_add_custom_emoji_group: systemGroups['role:members'],
    can_manage_all_groups: systemGroups[initialManageAllGroups(checkedFeatureLevel(options.featureLevel))],
    can_create_bots_group: systemGroups['role:members'],
    can_create_write_only_bots_group: systemGroups['role:members'],
    can_create_public_channel_group: systemGroups['role:members'],
    can_create_private_channel_group: systemGroups['role:members'],
    can_create_web_public_channel_group: systemGroups['role:owners'],
    can_add_subscribers_group: systemGroups['role:members'],
    can_invite_users_group: systemGroups['role:members'],
    create_multiuse_invite_group: systemGroups['role:administrators'],
    can_access_all_users_group: systemGroups['role:everyone'],
    can_manage_billing_group: systemGroups['role:administrators'],
    can_summarize_topics_group: systemGroups['role:everyone'],
    moderation_request_channel_id: null,
    // The development realm's: open to sign-ups without invitations, and to spectators.
    ...defaultRealmProperties(),
    invite_required: false,
    enable_spectator_access: true,
    // New organizations have it off; the development realm turns it on (populate_db).
    send_channel_events_messages: true,
    new_stream_announcements_stream_id: null,
    signup_announcements_stream_id: null,
    zulip_update_announcements_stream_id: null,
    message_retention_days: seed.realm.message_retention_days,
    default_channel_ids: [],
    user_settings_defaults: {},
    // A development realm is a business organization (populate_db).
    org_type: 10,
    provisional_member_ids: [],
    anonymous_setting_groups: [],
  };
  const state = realmState(store, realm, options);
  insertUsers(state, seed);
  insertUserGroups(state, seed);
  insertChannels(state, seed);
  insertRealmEmoji(state, seed);
  insertMessages(state, seed);
  ensureSystemBots(state);
  return state;
}
