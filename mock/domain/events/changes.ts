import type { DefaultChannelGroup } from '../../../src/schemas/channel';
import type { ChannelFolder } from '../../../src/schemas/channel-folder';
import type { OnboardingStep } from '../onboarding/steps';
import type { Draft } from '../../../src/schemas/draft';
import type { SavedSnippet } from '../../../src/schemas/saved-snippet';
import type { NavigationView } from '../../../src/schemas/navigation-view';
import type { ScheduledMessage } from '../../../src/schemas/scheduled-message';
import type { Reminder } from '../../../src/schemas/reminder';
import type { Attachment } from '../../../src/schemas/upload';
import type { CustomProfileField } from '../../../src/schemas/profile-field';
import type { UserGroup } from '../../../src/schemas/user-group';
import type { Bot } from '../../../src/schemas/bot';
import type { RealmExport } from '../../../src/schemas/realm-export';
import type { ReactionRecord } from '../../store/reactions';
import type { SubmessageRecord } from '../../store/models';
import type { UnreadEntry } from '../flags/unread';
import type { PropagateMode } from '../messages/edit/request';

/**
 * What a domain operation records after changing the store. The event layer turns each change
 * into the real server's events, per queue; operations never build payloads themselves. Each
 * queue's events are built as the change is recorded, so a change that carries no list (default
 * channels, custom emoji, linkifiers, playgrounds, muted users) is sent as the store holds it then.
 */
export type Change =
  | MessageSent
  | UserTopicChanged
  | MessagesDeleted
  | ChannelFirstMessageChanged
  | MessageFlagsChanged
  | ReactionChanged
  | SubmessageAdded
  | MessageUpdated
  | MessageRerendered
  | MessagesAccessLost
  | AlertWordsChanged
  | LinkifiersChanged
  | DraftsChanged
  | SavedSnippetsChanged
  | PushDeviceChanged
  | NavigationViewChanged
  | ScheduledMessagesChanged
  | RemindersChanged
  | AttachmentChanged
  | CustomProfileFieldsChanged
  | PresenceChanged
  | UserStatusChanged
  | MutedUsersChanged
  | DefaultChannelGroupsChanged
  | OnboardingStepsChanged
  | TypingNotified
  | EditTypingNotified
  | RealmDomainsChanged
  | RealmPlaygroundsChanged
  | RealmEmojiChanged
  | ChannelCreated
  | ChannelFolderChanged
  | SubscriptionsAdded
  | SubscriptionsRemoved
  | SubscriptionPropertyChanged
  | ChannelUpdated
  | ChannelAccessChanged
  | RoleChannelSightChanged
  | ChannelArchived
  | ChannelUnarchived
  | RealmUserAdded
  | RealmUserAccessChanged
  | RealmUserUpdated
  | DeliveryEmailVisibilityChanged
  | DefaultChannelsChanged
  | UserSettingChanged
  | ExportConsentChanged
  | InvitesChanged
  | RealmExportsChanged
  | UserGroupChanged
  | RealmBotChanged
  | RealmChanged
  | RealmUserSettingsDefaultsChanged
  | ServerRestarted;

/** The server's event system restarted (an upgrade): its queues survive. */
export interface ServerRestarted {
  readonly kind: 'server_restarted';
  /** The new `server_generation`, UNIX seconds. */
  readonly generation: number;
}

/** A default of the settings new users start with changed. */
interface RealmUserSettingsDefaultsChanged {
  readonly kind: 'realm_user_settings_defaults_changed';
  readonly property: string;
  readonly value: unknown;
}

/**
 * Organization settings changed (`PATCH /realm`): one, by `update`, or several at once by
 * `update_dict`, the server's format for some settings; or the organization was deactivated.
 */
export type RealmChanged = { readonly kind: 'realm_changed' } & (
  | { readonly op: 'update'; readonly property: string; readonly value: unknown }
  | {
      readonly op: 'update_dict';
      readonly data: Readonly<Record<string, unknown>>;
      /** The event's `property`: `default` unless given (the icon's and logos' events name theirs). */
      readonly property?: string;
    }
  | { readonly op: 'deactivated' }
);

/**
 * A bot was created or changed, for those who administer it (its owner and the administrators).
 * An owner change removes the bot from a previous owner's list and adds it to the new one's;
 * administrators see an `update` of `owner_id`.
 */
export type RealmBotChanged = { readonly kind: 'realm_bot_changed'; readonly botId: number } & (
  | { readonly op: 'add'; readonly bot: Bot }
  | { readonly op: 'update'; readonly data: Readonly<Record<string, unknown>> }
  | { readonly op: 'owner_changed'; readonly previousOwnerId: number | null; readonly bot: Bot }
);

/**
 * A user group was created, changed, deactivated or reactivated, or its members or subgroups
 * changed. Deactivation and reactivation become `update` events for clients that keep
 * deactivated groups (`include_deactivated_groups`), `remove` and `add` for the others.
 */
export type UserGroupChanged = { readonly kind: 'user_group_changed'; readonly groupId: number } & (
  | { readonly op: 'add'; readonly group: UserGroup }
  | {
      readonly op: 'update';
      readonly data: Readonly<Record<string, unknown>>;
      /** A deactivated group's new name: only clients that keep deactivated groups are told. */
      readonly renamesDeactivatedGroup?: boolean;
    }
  | { readonly op: 'add_members' | 'remove_members'; readonly userIds: readonly number[] }
  | { readonly op: 'add_subgroups' | 'remove_subgroups'; readonly subgroupIds: readonly number[] }
  | { readonly op: 'deactivated' }
  | { readonly op: 'reactivated'; readonly group: UserGroup }
  /** Deleted (below level 294): every client is told `remove`, whatever it keeps of deactivated groups. */
  | { readonly op: 'deleted' }
);

/** One of a user's settings changed (`PATCH /settings`). */
export interface UserSettingChanged {
  readonly kind: 'user_setting_changed';
  readonly userId: number;
  readonly property: string;
  readonly value: unknown;
}

/** A human's consent to private data exports, changed or back with their reactivated account. */
export interface ExportConsentChanged {
  readonly kind: 'export_consent_changed';
  readonly userId: number;
  readonly consented: boolean;
}

/**
 * An invitation was created, revoked or expired: to the administrators (bots included) and the
 * invitation's inviter, when there is one.
 */
export interface InvitesChanged {
  readonly kind: 'invites_changed';
  readonly referrerId: number | undefined;
}

/** The realm's data exports changed: the whole list as it is now, to the human administrators. */
export interface RealmExportsChanged {
  readonly kind: 'realm_exports_changed';
  readonly exports: readonly RealmExport[];
}

/** The realm's default channel groups changed: the whole list as it is now, to the active non-guests. */
export interface DefaultChannelGroupsChanged {
  readonly kind: 'default_channel_groups_changed';
  readonly groups: readonly DefaultChannelGroup[];
}

/** The realm's default channels changed; the event carries the whole list. */
interface DefaultChannelsChanged {
  readonly kind: 'default_channels_changed';
}

/** A user's drafts changed; the event carries the drafts as stored then. */
export type DraftsChanged = { readonly kind: 'drafts_changed'; readonly userId: number } & (
  | { readonly op: 'add'; readonly drafts: readonly Draft[] }
  | { readonly op: 'update'; readonly draft: Draft }
  | { readonly op: 'remove'; readonly draftId: number }
);

/**
 * The bouncer took (`active`) or refused (`failed`, with its error code) one of a user's
 * registrations for end-to-end encrypted notifications.
 */
export interface PushDeviceChanged {
  readonly kind: 'push_device_changed';
  readonly userId: number;
  readonly pushAccountId: number;
  readonly status: 'active' | 'failed';
  readonly errorCode?: string;
}

/** A user's saved snippets changed; the event carries the snippet as stored then. */
export type SavedSnippetsChanged = { readonly kind: 'saved_snippets_changed'; readonly userId: number } & (
  | { readonly op: 'add' | 'update'; readonly snippet: SavedSnippet }
  | { readonly op: 'remove'; readonly snippetId: number }
);

/** A user's navigation views changed: a view added, changed (only what the request changed) or removed. */
export type NavigationViewChanged = { readonly kind: 'navigation_view_changed'; readonly userId: number } & (
  | { readonly op: 'add'; readonly view: NavigationView }
  | { readonly op: 'update'; readonly fragment: string; readonly data: { readonly is_pinned?: boolean; readonly name?: string } }
  | { readonly op: 'remove'; readonly fragment: string }
);

/** A user's reminders changed (scheduled, deleted or sent); the event carries them as stored then. */
export type RemindersChanged = { readonly kind: 'reminders_changed'; readonly userId: number } & (
  | { readonly op: 'add'; readonly reminders: readonly Reminder[] }
  | { readonly op: 'remove'; readonly reminderId: number }
);

/** A user's scheduled messages changed (scheduled, edited, failed, deleted or sent); the event carries them as stored then. */
export type ScheduledMessagesChanged = { readonly kind: 'scheduled_messages_changed'; readonly userId: number } & (
  | { readonly op: 'add'; readonly scheduledMessages: readonly ScheduledMessage[] }
  | { readonly op: 'update'; readonly scheduledMessage: ScheduledMessage }
  | { readonly op: 'remove'; readonly scheduledMessageId: number }
);

/** A user marked an onboarding step seen: the steps still to show them, to their own queues. */
interface OnboardingStepsChanged {
  readonly kind: 'onboarding_steps_changed';
  readonly userId: number;
  readonly steps: readonly OnboardingStep[];
}

/** A user muted or unmuted someone: their queues get the whole list. */
interface MutedUsersChanged {
  readonly kind: 'muted_users_changed';
  readonly userId: number;
}

/** A user changed their status: the event carries what they gave. */
interface UserStatusChanged {
  readonly kind: 'user_status_changed';
  readonly userId: number;
  readonly status: Readonly<Record<string, string | boolean>>;
}

/** A user's presence was created, or they came online: everyone is told. */
export interface PresenceChanged {
  readonly kind: 'presence_changed';
  readonly userId: number;
}

/** The organization's custom profile fields changed; the event carries the whole list. */
interface CustomProfileFieldsChanged {
  readonly kind: 'custom_profile_fields_changed';
  readonly fields: readonly CustomProfileField[];
}

/** An upload was added, linked from messages, or removed: told to `userId` (its uploader, or for a new link the linking message's sender). */
export type AttachmentChanged = {
  readonly kind: 'attachment_changed';
  readonly userId: number;
  /** Bytes taken by every upload of the realm, after the change. */
  readonly uploadSpaceUsed: number;
} & (
  | { readonly op: 'add' | 'update'; readonly attachment: Attachment }
  | { readonly op: 'remove'; readonly attachmentId: number }
);

/** Someone started or stopped composing (nothing is stored; the change is the notification). */
export interface TypingNotified {
  readonly kind: 'typing_notified';
  readonly op: 'start' | 'stop';
  readonly senderId: number;
  /** Direct: every participant, sender included, in request order; channel: where. */
  readonly target:
    | { readonly type: 'direct'; readonly recipientIds: readonly number[] }
    | { readonly type: 'stream'; readonly channelId: number; readonly topic: string };
  /** Who is told. */
  readonly deliverTo: ReadonlySet<number>;
}

/** Someone started or stopped editing a message. */
export interface EditTypingNotified {
  readonly kind: 'edit_typing_notified';
  readonly op: 'start' | 'stop';
  readonly senderId: number;
  readonly messageId: number;
  readonly recipient:
    | { readonly type: 'channel'; readonly channelId: number; readonly topic: string }
    | { readonly type: 'direct'; readonly userIds: readonly number[] };
  /** Who is told. */
  readonly deliverTo: ReadonlySet<number>;
}

/** An allowed domain was added, changed or removed. */
export interface RealmDomainsChanged {
  readonly kind: 'realm_domains_changed';
  readonly op: 'add' | 'change' | 'remove';
  readonly domain: string;
  readonly allowSubdomains: boolean;
}

/** A custom emoji was added or deactivated; events carry every custom emoji then. */
interface RealmEmojiChanged {
  readonly kind: 'realm_emoji_changed';
}

/** The realm's code playgrounds changed; events carry the whole list then. */
interface RealmPlaygroundsChanged {
  readonly kind: 'realm_playgrounds_changed';
}

/**
 * A channel folder was created or changed (name, description, archived state), or the folders
 * were reordered (`order` as the request sent it): told to every user.
 */
export type ChannelFolderChanged = { readonly kind: 'channel_folder_changed' } & (
  | { readonly op: 'add'; readonly folder: ChannelFolder }
  | { readonly op: 'update'; readonly folderId: number; readonly data: Readonly<Record<string, unknown>> }
  | { readonly op: 'reorder'; readonly order: readonly number[] }
);

/** A channel was created (its subscriptions follow as their own change). */
export interface ChannelCreated {
  readonly kind: 'channel_created';
  readonly channelId: number;
}

/** Users were subscribed to channels: an `add` for each of them, `peer_add` for those who see subscribers. */
export interface SubscriptionsAdded {
  readonly kind: 'subscriptions_added';
  readonly additions: readonly { readonly userId: number; readonly channelId: number }[];
  /** Only the subscribed users' `add`, or only the others' `peer_add`; both when left out. */
  readonly audience?: 'subscribed' | 'peers';
}

/** Users were unsubscribed from channels: a `remove` for each of them, `peer_remove` for those who see subscribers. */
export interface SubscriptionsRemoved {
  readonly kind: 'subscriptions_removed';
  readonly removals: readonly { readonly userId: number; readonly channelId: number }[];
  /** Only the others' `peer_remove` (a deactivation); both when left out. */
  readonly audience?: 'peers';
}

/** One of a user's personal subscription settings changed. */
export interface SubscriptionPropertyChanged {
  readonly kind: 'subscription_property_changed';
  readonly userId: number;
  readonly channelId: number;
  readonly property: string;
  readonly value: unknown;
}

/** A channel setting changed; users who gained or lost sight of the channel are told so instead. */
export interface ChannelUpdated {
  readonly kind: 'channel_updated';
  readonly channelId: number;
  /** The channel's name before the change (the event's `name`). */
  readonly name: string;
  readonly property: string;
  readonly value: unknown;
  /** Fields the event carries beside `value` (`rendered_description`, the privacy settings). */
  readonly extra: Readonly<Record<string, unknown>>;
  /** Users who had metadata access to the channel before the change. */
  readonly hadAccess: ReadonlySet<number>;
}

/**
 * Who may see a channel changed without the channel changing (a user or subgroup joined or left a
 * group its settings name): users who gained sight of it get `stream` `create` and its
 * subscribers, those who lost it `delete`.
 */
export interface ChannelAccessChanged {
  readonly kind: 'channel_access_changed';
  readonly channelId: number;
  /** Users who had metadata access to the channel before the change. */
  readonly hadAccess: ReadonlySet<number>;
}

/**
 * A role change altered which active channels its user may see (guests see only the channels they
 * are subscribed to and web-public ones; administrators every private one; other roles those
 * their system groups open): the user alone gets one `stream` `create` for every channel gained
 * and the subscribers of each, then one `delete` for every channel lost.
 */
export interface RoleChannelSightChanged {
  readonly kind: 'role_channel_sight_changed';
  readonly userId: number;
  /** Channels the user sees now and did not before, ascending. */
  readonly gained: readonly number[];
  /** Channels the user saw before and no longer does, ascending. */
  readonly lost: readonly number[];
}

/** A channel was archived. */
export interface ChannelArchived {
  readonly kind: 'channel_archived';
  readonly channelId: number;
  readonly name: string;
}

/** An archived channel was unarchived. */
export interface ChannelUnarchived {
  readonly kind: 'channel_unarchived';
  readonly channelId: number;
}

/** A user joined the realm. */
export interface RealmUserAdded {
  readonly kind: 'realm_user_added';
  readonly userId: number;
}

/**
 * A guest of a realm that limits guests gained (`add`) or lost (`remove`) sight of a user through
 * a subscription change: told to that guest only.
 */
export interface RealmUserAccessChanged {
  readonly kind: 'realm_user_access_changed';
  readonly viewerId: number;
  readonly userId: number;
  readonly op: 'add' | 'remove';
}

/**
 * One property of a user changed, as the `person` of a `realm_user` update (`full_name`, `role`,
 * `is_active`, `new_email`, `delivery_email`). `delivery_email` goes only to viewers allowed to see it.
 */
export interface RealmUserUpdated {
  readonly kind: 'realm_user_updated';
  readonly userId: number;
  readonly person: Readonly<Record<string, unknown>>;
}

/**
 * A user changed who may see their real address (`email_address_visibility`): those who gain
 * sight of it get it in a `realm_user` update, those who lose it get `delivery_email: null`.
 */
export interface DeliveryEmailVisibilityChanged {
  readonly kind: 'delivery_email_visibility_changed';
  readonly userId: number;
  readonly before: number;
  readonly after: number;
}

/** A user's alert words changed. */
export interface AlertWordsChanged {
  readonly kind: 'alert_words_changed';
  readonly userId: number;
  /** The whole list after the change. */
  readonly words: readonly string[];
}

/** The realm's linkifiers changed (added, edited, removed or reordered); events carry the list then. */
interface LinkifiersChanged {
  readonly kind: 'linkifiers_changed';
}

/** A message was stored (its recipients' copies and flags included). */
export interface MessageSent {
  readonly kind: 'message_sent';
  readonly messageId: number;
  /** The sending client's queue and local ID, for `local_message_id` (local echo). */
  readonly localEcho?: { readonly queueId: string; readonly localId: string } | undefined;
}

/** A user's visibility policy for a topic changed (0 = back to inherit). */
export interface UserTopicChanged {
  readonly kind: 'user_topic_changed';
  readonly userId: number;
  readonly channelId: number;
  readonly topicName: string;
  readonly visibilityPolicy: number;
  /** UNIX seconds. */
  readonly lastUpdated: number;
  /** No deprecated `muted_topics` event (a topic move clearing the old topic's policy sends none). */
  readonly skipMutedTopicsEvent?: boolean;
}

/** Messages of one conversation (one channel topic, or one direct message) were deleted. */
export interface MessagesDeleted {
  readonly kind: 'messages_deleted';
  /** Ascending. */
  readonly messageIds: readonly number[];
  readonly messageType: 'stream' | 'private';
  /** For channel messages: the channel and the topic as stored. */
  readonly channelId?: number | undefined;
  readonly topic?: string | undefined;
  /** Who is told, decided before the copies were removed: who had access, and the acting user. */
  readonly userIds: ReadonlySet<number>;
}

/** A channel's `first_message_id` changed because its oldest message was deleted. */
export interface ChannelFirstMessageChanged {
  readonly kind: 'channel_first_message_changed';
  readonly channelId: number;
  readonly channelName: string;
  readonly firstMessageId: number | null;
  /** Who is told (the users told of the deletion). */
  readonly userIds: ReadonlySet<number>;
}

/** A user's flag changed on messages; `all` is mark-all-as-read (no IDs listed). */
export interface MessageFlagsChanged {
  readonly kind: 'message_flags_changed';
  readonly userId: number;
  readonly op: 'add' | 'remove';
  readonly flag: string;
  /** The IDs whose flag changed, in request order (repeated as the request repeats them). */
  readonly messageIds: readonly number[];
  readonly all: boolean;
  /** Only when `read` was removed: the messages now unread, for `message_details`. */
  readonly unreadDetails?: readonly UnreadEntry[] | undefined;
}

/** A user added or removed an emoji reaction on a message. */
export interface ReactionChanged {
  readonly kind: 'reaction_changed';
  readonly op: 'add' | 'remove';
  readonly messageId: number;
  /** The reaction added, or the one removed (no longer in the store). */
  readonly reaction: ReactionRecord;
}

/** A user added a submessage to a message (a widget interaction: a poll vote, a to-do task). */
export interface SubmessageAdded {
  readonly kind: 'submessage_added';
  readonly messageId: number;
  readonly submessage: SubmessageRecord;
}

/** A message's content was edited, and/or messages were moved to another topic or channel. */
export interface MessageUpdated {
  readonly kind: 'message_updated';
  readonly editorId: number;
  /** UNIX seconds. */
  readonly editTimestamp: number;
  /** The edited message (the one whose content changed, if any). */
  readonly messageId: number;
  /** Every message the edit moved (just `messageId` without a move), ascending. */
  readonly messageIds: readonly number[];
  /** Who is told, with their flags on `messageId` (`["read"]` for subscribers without a copy). */
  readonly recipients: ReadonlyMap<number, readonly string[]>;
  readonly content?: {
    readonly orig: string;
    readonly origRendered: string;
    readonly content: string;
    readonly rendered: string;
    readonly isMeMessage: boolean;
  };
  /** Channel messages: the channel before the edit. */
  readonly channel?: { readonly id: number; readonly name: string };
  /** Moves only. */
  readonly move?: {
    readonly propagateMode: PropagateMode;
    readonly origTopic: string;
    /** When the topic changed. */
    readonly newTopic?: string | undefined;
    /** When the channel changed. */
    readonly newChannelId?: number | undefined;
  };
}

/**
 * The server re-rendered a message without an edit (its thumbnails were made): an
 * `update_message` with `rendering_only` for the users with a copy.
 */
export interface MessageRerendered {
  readonly kind: 'message_rerendered';
  readonly messageId: number;
  /** UNIX seconds. */
  readonly timestamp: number;
  readonly content: string;
  readonly rendered: string;
}

/** Moved messages left the reach of some users: for them it is as if the messages were deleted. */
export interface MessagesAccessLost {
  readonly kind: 'messages_access_lost';
  readonly userIds: ReadonlySet<number>;
  readonly messageIds: readonly number[];
  /** Where the messages were. */
  readonly channelId: number;
  readonly topic: string;
}
