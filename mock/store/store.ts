import { AlertWords } from './alert-words';
import { AttachmentIndex } from './attachments';
import { AvatarImages } from './avatar-images';
import { Presences } from './presence';
import { createDatabase } from './database';
import { IdAllocator } from './ids';
import { Linkifiers } from './linkifiers';
import type { ModelName, RecordOf } from './models';
import { MessageReactions } from './reactions';
import { Table } from './table';
import { UserMessages } from './user-messages';
import { DirectMessagePartners } from './direct-message-partners';
import { SendOrder } from './send-order';
import { AscendingIdSet, type ReadonlyAscendingIdSet } from './ascending-id-set';
import { PLACEHOLDER_CLASS } from '../domain/markdown/link-preview-kinds';

function topicKey(channelId: number, topic: string): string {
  return `${channelId}:${topic.toLowerCase()}`;
}

/** The primary key of a user's visibility policy for a channel topic. */
export function userTopicKey(userId: number, channelId: number, topic: string): string {
  return `${userId}:${topicKey(channelId, topic)}`;
}

/** Every table of a store, by model name. */
export type Tables = { readonly [Name in ModelName]: Table<Name> };

/** Keeps, per owning user, the primary keys of a table's records (for models with a `user_id`). */
function indexByUser<Name extends 'draft' | 'savedSnippet' | 'navigationView' | 'scheduledMessage' | 'pushDevice' | 'e2eePushDevice' | 'botStorageEntry', Key>(
  table: Table<Name>,
  keyOf: (record: RecordOf<Name>) => Key,
): Map<number, Set<Key>> {
  const index = new Map<number, Set<Key>>();
  table.onChange((previous, next) => {
    if (previous) index.get(previous.user_id)?.delete(keyOf(previous));
    if (next) {
      let keys = index.get(next.user_id);
      if (!keys) {
        keys = new Set();
        index.set(next.user_id, keys);
      }
      keys.add(keyOf(next));
    }
  });
  return index;
}

function addToIdSet<K>(map: Map<K, AscendingIdSet>, key: K, id: number): void {
  let set = map.get(key);
  if (!set) {
    set = new AscendingIdSet();
    map.set(key, set);
  }
  set.add(id);
}

function addToSet<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  set.add(value);
}

/**
 * The records of one realm: @mswjs/data tables plus the secondary indexes that keep the
 * hot lookups O(1) (users by email and name, channels and groups by name, subscriptions per
 * user and channel, messages and senders per topic). There is deliberately no index by API key:
 * authentication compares keys in constant time instead (domain/auth.ts).
 */
export class Store {
  readonly tables: Tables;
  readonly ids = new IdAllocator();
  /** Who has a copy of which message, with their flags. */
  readonly userMessages = new UserMessages();
  /** Who each user has direct message conversations with (for what limited guests may see). */
  readonly directMessagePartners: DirectMessagePartners;
  /**
   * Where message IDs ascend with send times (for searches of recent messages that stop early).
   * @internal
   */
  readonly sendOrder: SendOrder;
  /** Emoji reactions, per message. */
  readonly reactions = new MessageReactions();
  /** Each user's alert words. */
  readonly alertWords = new AlertWords();
  /** The realm's linkifiers, in processing order. */
  readonly linkifiers = new Linkifiers();
  /**
   * Messages whose HTML is still to be rendered (seeded messages no later change to the realm can
   * render differently); read HTML through `renderedContentOf`, which renders them on first use.
   */
  readonly pendingRenders = new Set<number>();
  /** Messages whose HTML still shows a loading placeholder for an uploaded image's thumbnail. */
  readonly pendingThumbnails = new Set<number>();
  /** Uploaded images (by path) whose thumbnails a request for one made before the worker did. */
  readonly thumbnailsMadeOnDemand = new Set<string>();
  /** Per user: the users they muted, with when (UNIX seconds), in muting order. */
  readonly mutedUsers = new Map<number, Map<number, number>>();
  /** Users' statuses (text and emoji), for those who set one. */
  readonly userStatuses = new Map<number, UserStatusRecord>();
  /** Who is online: each user's last active and connected times. */
  readonly presences = new Presences();
  /** Uploaded files: their bytes and lookups by path, uploader and linking message. */
  readonly attachments: AttachmentIndex;
  /** Uploaded avatars and the organization's icon and logos. */
  readonly avatarImages = new AvatarImages();
  /** Per user, the settings changed from their defaults that live off the user record. */
  readonly userSettings = new Map<number, Readonly<Record<string, unknown>>>();
  /** Per account created in the mock: the onboarding steps it has seen (seeded users, absent, have seen them all). */
  readonly onboardingStepsSeen = new Map<number, ReadonlySet<string>>();
  /** When each user last made an authenticated request (clock milliseconds). */
  readonly lastActiveAt = new Map<number, number>();
  readonly #userByDeliveryEmail = new Map<string, number>();
  readonly #userByApiEmail = new Map<string, number>();
  readonly #systemBotByEmail = new Map<string, number>();
  readonly #usersByFullName = new Map<string, Set<number>>();
  readonly #deactivatedUserIds = new Set<number>();
  readonly #channelByName = new Map<string, number>();
  readonly #subscribersByChannel = new Map<number, Set<number>>();
  readonly #subscriptionByUserChannel = new Map<string, number>();
  readonly #subscriptionUsersByChannel = new Map<number, Set<number>>();
  readonly #subscriptionIdsByUser = new Map<number, Set<number>>();
  /** Per topic: how many of its messages each sender has, so deletions and moves keep it exact. */
  readonly #topicSenderCounts = new Map<string, Map<number, number>>();
  readonly #topicMessageIds = new Map<string, AscendingIdSet>();
  /** Per channel: the lower-cased names of its topics that hold at least one message. */
  readonly #channelTopics = new Map<number, Set<string>>();
  /** Per channel topic: the keys of the users' visibility policy records for it. */
  readonly #userTopicKeysByTopic = new Map<string, Set<string>>();
  readonly #channelMessageIds = new Map<number, AscendingIdSet>();
  readonly #userGroupByName = new Map<string, number>();
  readonly #activeRealmEmojiByName = new Map<string, number>();
  readonly #draftsByUser: ReadonlyMap<number, ReadonlySet<number>>;
  readonly #savedSnippetsByUser: ReadonlyMap<number, ReadonlySet<number>>;
  readonly #navigationViewsByUser: ReadonlyMap<number, ReadonlySet<number>>;
  readonly #scheduledMessagesByUser: ReadonlyMap<number, ReadonlySet<number>>;
  readonly #pendingScheduledMessages = new Set<number>();
  readonly #pushDevicesByUser: ReadonlyMap<number, ReadonlySet<string>>;
  readonly #e2eePushDevicesByUser: ReadonlyMap<number, ReadonlySet<string>>;
  readonly #botStorageByUser: ReadonlyMap<number, ReadonlySet<string>>;

  constructor() {
    const db = createDatabase();
    const table = <Name extends ModelName>(name: Name) => new Table(db.creator(name), db.maps, name);
    this.tables = {
      bot: table('bot'),
      user: table('user'),
      channel: table('channel'),
      subscription: table('subscription'),
      userGroup: table('userGroup'),
      directMessageGroup: table('directMessageGroup'),
      message: table('message'),
      userTopic: table('userTopic'),
      realmEmoji: table('realmEmoji'),
      draft: table('draft'),
      savedSnippet: table('savedSnippet'),
      navigationView: table('navigationView'),
      scheduledMessage: table('scheduledMessage'),
      pushDevice: table('pushDevice'),
      e2eePushDevice: table('e2eePushDevice'),
      realmDomain: table('realmDomain'),
      realmPlayground: table('realmPlayground'),
      botStorageEntry: table('botStorageEntry'),
      emailInvite: table('emailInvite'),
      multiuseInvite: table('multiuseInvite'),
      invitesSentDay: table('invitesSentDay'),
      realmExport: table('realmExport'),
      defaultChannelGroup: table('defaultChannelGroup'),
      channelFolder: table('channelFolder'),
      attachment: table('attachment'),
      customProfileField: table('customProfileField'),
      profileValue: table('profileValue'),
    };
    this.attachments = new AttachmentIndex(this.tables.attachment);
    this.directMessagePartners = new DirectMessagePartners(this.tables.message, this.tables.directMessageGroup);
    this.sendOrder = new SendOrder(this.tables.message);
    this.#draftsByUser = indexByUser(this.tables.draft, (record) => record.id);
    this.#savedSnippetsByUser = indexByUser(this.tables.savedSnippet, (record) => record.id);
    this.#navigationViewsByUser = indexByUser(this.tables.navigationView, (record) => record.id);
    this.#scheduledMessagesByUser = indexByUser(this.tables.scheduledMessage, (record) => record.id);
    this.tables.scheduledMessage.onChange((previous, next) => {
      if (previous) this.#pendingScheduledMessages.delete(previous.id);
      if (next && !next.delivered && !next.failed) this.#pendingScheduledMessages.add(next.id);
    });
    this.#pushDevicesByUser = indexByUser(this.tables.pushDevice, (record) => record.key);
    this.#e2eePushDevicesByUser = indexByUser(this.tables.e2eePushDevice, (record) => record.key);
    this.#botStorageByUser = indexByUser(this.tables.botStorageEntry, (record) => record.key);
    // System bots belong to the server's internal realm: their addresses are a namespace of their
    // own, so a realm user may hold the same address.
    this.tables.user.onChange((previous, next) => {
      if (previous) {
        if (previous.is_system_bot) {
          this.#systemBotByEmail.delete(previous.delivery_email.toLowerCase());
        } else {
          this.#userByDeliveryEmail.delete(previous.delivery_email.toLowerCase());
          this.#userByApiEmail.delete(previous.email.toLowerCase());
        }
        this.#usersByFullName.get(previous.full_name.toLowerCase())?.delete(previous.id);
        this.#deactivatedUserIds.delete(previous.id);
      }
      if (next) {
        if (!next.is_active) this.#deactivatedUserIds.add(next.id);
        if (next.is_system_bot) {
          this.#systemBotByEmail.set(next.delivery_email.toLowerCase(), next.id);
        } else {
          this.#userByDeliveryEmail.set(next.delivery_email.toLowerCase(), next.id);
          this.#userByApiEmail.set(next.email.toLowerCase(), next.id);
        }
        addToSet(this.#usersByFullName, next.full_name.toLowerCase(), next.id);
      }
    });
    this.tables.channel.onChange((previous, next) => {
      if (previous) this.#channelByName.delete(previous.name.toLowerCase());
      if (next) this.#channelByName.set(next.name.toLowerCase(), next.id);
    });
    this.tables.subscription.onChange((previous, next) => {
      if (previous) {
        this.#subscribersByChannel.get(previous.channel_id)?.delete(previous.user_id);
        this.#subscriptionByUserChannel.delete(`${previous.user_id}:${previous.channel_id}`);
        this.#subscriptionUsersByChannel.get(previous.channel_id)?.delete(previous.user_id);
        this.#subscriptionIdsByUser.get(previous.user_id)?.delete(previous.id);
      }
      if (next) {
        this.#subscriptionByUserChannel.set(`${next.user_id}:${next.channel_id}`, next.id);
        addToSet(this.#subscriptionIdsByUser, next.user_id, next.id);
        addToSet(this.#subscriptionUsersByChannel, next.channel_id, next.user_id);
        if (next.active) addToSet(this.#subscribersByChannel, next.channel_id, next.user_id);
      }
    });
    this.tables.userGroup.onChange((previous, next) => {
      if (previous) this.#userGroupByName.delete(previous.name);
      if (next) this.#userGroupByName.set(next.name, next.id);
    });
    this.tables.realmEmoji.onChange((previous, next) => {
      if (previous && !previous.deactivated) this.#activeRealmEmojiByName.delete(previous.name);
      if (next && !next.deactivated) this.#activeRealmEmojiByName.set(next.name, next.id);
    });
    this.tables.message.onChange((previous, next) => {
      if (previous && previous.channel_id !== null) this.#unindexChannelMessage(previous);
      if (next && next.channel_id !== null) this.#indexChannelMessage(next);
      if (next?.rendered_content.includes(PLACEHOLDER_CLASS)) this.pendingThumbnails.add(next.id);
      else if (previous) this.pendingThumbnails.delete(previous.id);
      // New HTML (an edit) or a deletion ends the wait: rendering the old content later would undo it.
      if (previous && next?.rendered_content !== previous.rendered_content) this.pendingRenders.delete(previous.id);
    });
    this.tables.userTopic.onChange((previous, next) => {
      if (previous) {
        this.#userTopicKeysByTopic.get(topicKey(previous.channel_id, previous.topic_name))?.delete(previous.key);
      }
      if (next) addToSet(this.#userTopicKeysByTopic, topicKey(next.channel_id, next.topic_name), next.key);
    });
  }

  #indexChannelMessage(message: RecordOf<'message'>): void {
    const channelId = message.channel_id ?? 0;
    const key = topicKey(channelId, message.topic);
    addToIdSet(this.#topicMessageIds, key, message.id);
    addToIdSet(this.#channelMessageIds, channelId, message.id);
    addToSet(this.#channelTopics, channelId, message.topic.toLowerCase());
    let senders = this.#topicSenderCounts.get(key);
    if (!senders) {
      senders = new Map();
      this.#topicSenderCounts.set(key, senders);
    }
    senders.set(message.sender_id, (senders.get(message.sender_id) ?? 0) + 1);
  }

  #unindexChannelMessage(message: RecordOf<'message'>): void {
    const channelId = message.channel_id ?? 0;
    const key = topicKey(channelId, message.topic);
    this.#channelMessageIds.get(channelId)?.delete(message.id);
    const ids = this.#topicMessageIds.get(key);
    ids?.delete(message.id);
    if (ids?.size === 0) {
      this.#topicMessageIds.delete(key);
      this.#channelTopics.get(channelId)?.delete(message.topic.toLowerCase());
    }
    const senders = this.#topicSenderCounts.get(key);
    const count = senders?.get(message.sender_id) ?? 0;
    if (count > 1) senders?.set(message.sender_id, count - 1);
    else senders?.delete(message.sender_id);
    if (senders?.size === 0) this.#topicSenderCounts.delete(key);
  }

  /** A user's saved snippets, oldest first. */
  savedSnippetsOf(userId: number): RecordOf<'savedSnippet'>[] {
    const ids = [...(this.#savedSnippetsByUser.get(userId) ?? [])].sort((a, b) => a - b);
    return ids.flatMap((id) => this.tables.savedSnippet.get(id) ?? []);
  }

  /** A user's navigation views, in the order they were added. */
  navigationViewsOf(userId: number): RecordOf<'navigationView'>[] {
    const ids = [...(this.#navigationViewsByUser.get(userId) ?? [])].sort((a, b) => a - b);
    return ids.flatMap((id) => this.tables.navigationView.get(id) ?? []);
  }

  /** A user's drafts, in creation order. */
  draftsOf(userId: number): RecordOf<'draft'>[] {
    return [...(this.#draftsByUser.get(userId) ?? [])].flatMap((id) => this.tables.draft.get(id) ?? []);
  }

  /** The scheduled messages a user sent (delivered, failed or waiting), in creation order. */
  scheduledMessagesOf(userId: number): RecordOf<'scheduledMessage'>[] {
    return [...(this.#scheduledMessagesByUser.get(userId) ?? [])].flatMap((id) => this.tables.scheduledMessage.get(id) ?? []);
  }

  /** IDs of the scheduled messages neither delivered nor failed: what the delivery worker looks at. */
  pendingScheduledMessageIds(): ReadonlySet<number> {
    return this.#pendingScheduledMessages;
  }

  /** A user's registered push devices, in registration order. */
  pushDevicesOf(userId: number): RecordOf<'pushDevice'>[] {
    return [...(this.#pushDevicesByUser.get(userId) ?? [])].flatMap((key) => this.tables.pushDevice.get(key) ?? []);
  }

  /** A user's registrations for end-to-end encrypted notifications, in registration order. */
  e2eePushDevicesOf(userId: number): RecordOf<'e2eePushDevice'>[] {
    return [...(this.#e2eePushDevicesByUser.get(userId) ?? [])].flatMap((key) => this.tables.e2eePushDevice.get(key) ?? []);
  }

  /** A bot's stored entries, in insertion order. */
  botStorageOf(userId: number): RecordOf<'botStorageEntry'>[] {
    return [...(this.#botStorageByUser.get(userId) ?? [])].flatMap((key) => this.tables.botStorageEntry.get(key) ?? []);
  }

  /** IDs of the users who sent a message now in a channel topic (compared case-insensitively). */
  topicParticipants(channelId: number, topic: string): ReadonlySet<number> {
    return new Set(this.#topicSenderCounts.get(topicKey(channelId, topic))?.keys());
  }

  /** The lower-cased names of a channel's topics that hold at least one message. */
  channelTopicNamesLowerCased(channelId: number): ReadonlySet<string> {
    return this.#channelTopics.get(channelId) ?? new Set();
  }

  /** The visibility policy records any user has for a channel topic (compared case-insensitively). */
  userTopicsForTopic(channelId: number, topic: string): RecordOf<'userTopic'>[] {
    const keys = this.#userTopicKeysByTopic.get(topicKey(channelId, topic)) ?? new Set<string>();
    return [...keys].flatMap((key) => this.tables.userTopic.get(key) ?? []);
  }

  /** IDs of the messages in a channel topic (compared case-insensitively). */
  topicMessageIds(channelId: number, topic: string): ReadonlySet<number> {
    return this.#topicMessageIds.get(topicKey(channelId, topic)) ?? new Set();
  }

  /** IDs of the messages in a channel, every topic; also listed ascending and versioned (`AscendingIdSet`), for counts kept across requests. */
  channelMessageIds(channelId: number): ReadonlyAscendingIdSet {
    return this.#channelMessageIds.get(channelId) ?? new AscendingIdSet();
  }

  /** A user group by its exact name (group names are case-sensitive). */
  userGroupByName(name: string): RecordOf<'userGroup'> | undefined {
    const id = this.#userGroupByName.get(name);
    return id === undefined ? undefined : this.tables.userGroup.get(id);
  }

  /** The active (not deactivated) custom emoji with this exact name. */
  activeRealmEmojiByName(name: string): RecordOf<'realmEmoji'> | undefined {
    const id = this.#activeRealmEmojiByName.get(name);
    return id === undefined ? undefined : this.tables.realmEmoji.get(id);
  }

  /** A user's visibility policy record for a channel topic (compared case-insensitively). */
  userTopic(userId: number, channelId: number, topic: string): RecordOf<'userTopic'> | undefined {
    return this.tables.userTopic.get(userTopicKey(userId, channelId, topic));
  }

  /** A user of the realm by real email, case-insensitively (never a system bot). */
  userByDeliveryEmail(email: string): RecordOf<'user'> | undefined {
    const id = this.#userByDeliveryEmail.get(email.toLowerCase());
    return id === undefined ? undefined : this.tables.user.get(id);
  }

  /** The real emails of the realm's users, deactivated ones included (never a system bot): what misuse messages offer. */
  realmUserEmails(): string[] {
    return this.tables.user.all().flatMap((user) => (user.is_system_bot ? [] : [user.delivery_email]));
  }

  /**
   * A user by API email (real or placeholder), case-insensitively: a system bot's address names
   * the system bot, as the server looks those up first (`get_user_including_cross_realm`).
   */
  userByApiEmail(email: string): RecordOf<'user'> | undefined {
    const id = this.#systemBotByEmail.get(email.toLowerCase()) ?? this.#userByApiEmail.get(email.toLowerCase());
    return id === undefined ? undefined : this.tables.user.get(id);
  }

  /** A user of the realm by API email (real or placeholder), case-insensitively (never a system bot). */
  realmUserByApiEmail(email: string): RecordOf<'user'> | undefined {
    const id = this.#userByApiEmail.get(email.toLowerCase());
    return id === undefined ? undefined : this.tables.user.get(id);
  }

  /** A system bot (a user with `is_system_bot`) by its address, case-insensitively. */
  systemBotByEmail(email: string): RecordOf<'user'> | undefined {
    const id = this.#systemBotByEmail.get(email.toLowerCase());
    return id === undefined ? undefined : this.tables.user.get(id);
  }

  /** The user (lowest ID, as names need not be unique) with this full name, case-insensitively. */
  userByFullName(fullName: string): RecordOf<'user'> | undefined {
    const ids = this.#usersByFullName.get(fullName.toLowerCase());
    if (!ids || ids.size === 0) return undefined;
    return this.tables.user.get(Math.min(...ids));
  }

  /** A channel by name, case-insensitively. */
  channelByName(name: string): RecordOf<'channel'> | undefined {
    const id = this.#channelByName.get(name.toLowerCase());
    return id === undefined ? undefined : this.tables.channel.get(id);
  }

  /** Whether any account of the realm is deactivated (sending skips the per-subscriber check when none is). */
  hasDeactivatedUsers(): boolean {
    return this.#deactivatedUserIds.size > 0;
  }

  /** IDs of the deactivated accounts (usually few: counts of active users subtract them). */
  deactivatedUserIds(): ReadonlySet<number> {
    return this.#deactivatedUserIds;
  }

  /** IDs of the users with an active subscription to a channel. */
  subscriberIds(channelId: number): ReadonlySet<number> {
    return this.#subscribersByChannel.get(channelId) ?? new Set();
  }

  /** IDs of the users with a subscription record for a channel, active or not (former subscribers too). */
  subscriptionUserIds(channelId: number): ReadonlySet<number> {
    return this.#subscriptionUsersByChannel.get(channelId) ?? new Set();
  }

  /** The user's subscription to a channel (active or not). */
  subscription(userId: number, channelId: number): RecordOf<'subscription'> | undefined {
    const id = this.#subscriptionByUserChannel.get(`${userId}:${channelId}`);
    return id === undefined ? undefined : this.tables.subscription.get(id);
  }

  /** Every subscription record of a user, active or not, oldest first. */
  subscriptionsOfUser(userId: number): RecordOf<'subscription'>[] {
    const ids = [...(this.#subscriptionIdsByUser.get(userId) ?? [])].sort((a, b) => a - b);
    return ids.flatMap((id) => this.tables.subscription.get(id) ?? []);
  }

  /** Whether the user is actively subscribed to the channel. */
  isSubscribed(userId: number, channelId: number): boolean {
    return this.subscriberIds(channelId).has(userId);
  }
}

/** A user's status as stored: empty strings where nothing is set. */
export interface UserStatusRecord {
  readonly status_text: string;
  readonly emoji_name: string;
  readonly emoji_code: string;
  readonly reaction_type: string;
}

/** A user record. */
export type UserRecord = RecordOf<'user'>;
/** A subscription record (active or not). */
export type SubscriptionRecord = RecordOf<'subscription'>;
/** A channel record. */
export type ChannelRecord = RecordOf<'channel'>;
/** A message record. */
export type MessageRecord = RecordOf<'message'>;
/** A user group record. */
export type UserGroupRecord = RecordOf<'userGroup'>;
/** A custom (realm) emoji record. */
export type RealmEmojiRecord = RecordOf<'realmEmoji'>;
