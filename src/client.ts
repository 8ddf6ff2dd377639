import { ApiClient } from './api-client';
import type { ChatClientOptions } from './options';
import type { EndpointCaller } from './resources/caller';
import { AlertWordsResource } from './resources/alert-words';
import { AttachmentsResource } from './resources/attachments';
import { BotStorageResource } from './resources/bot-storage';
import { ChannelFoldersResource } from './resources/channel-folders';
import { DraftsResource } from './resources/drafts';
import { ChannelsResource } from './resources/channels';
import { CustomEmojiResource } from './resources/custom-emoji';
import { EventsResource } from './resources/events';
import { FlagsResource } from './resources/flags';
import { InvitesResource } from './resources/invites';
import { LinkifiersResource } from './resources/linkifiers';
import { MessagesResource } from './resources/messages';
import { PresenceResource } from './resources/presence';
import { ProfileFieldsResource } from './resources/profile-fields';
import { PushResource } from './resources/push';
import { ReactionsResource } from './resources/reactions';
import { SavedSnippetsResource } from './resources/saved-snippets';
import { NavigationViewsResource } from './resources/navigation-views';
import { RealmResource } from './resources/realm';
import { RealmExportsResource } from './resources/realm-exports';
import { ScheduledMessagesResource } from './resources/scheduled-messages';
import { RemindersResource } from './resources/reminders';
import { ServerResource } from './resources/server';
import { SettingsResource } from './resources/settings';
import { SubscriptionsResource } from './resources/subscriptions';
import { TopicsResource } from './resources/topics';
import { TypingResource } from './resources/typing';
import { UploadsResource } from './resources/uploads';
import { UserGroupsResource } from './resources/user-groups';
import { BotsResource } from './resources/bots';
import { UsersResource } from './resources/users';
import { VideoCallsResource } from './resources/video-calls';

/**
 * A client of the team-chat API: one typed method per operation, grouped by resource.
 *
 * @example
 * const client = new ChatClient({ site: 'https://chat.example.com', email: 'bot@example.com', apiKey });
 * const { id } = await client.messages.send({ type: 'channel', to: 'general', topic: 'hello', content: 'Hi!' });
 */
export class ChatClient extends ApiClient {
  /** The class name shown by `toString`. */
  protected override readonly kind: string = 'ChatClient';
  /** The caller's alert words: list, add, remove. */
  readonly alertWords: AlertWordsResource;
  /** A bot's own key-value storage: update, get, remove. */
  readonly botStorage: BotStorageResource;
  /** The caller's drafts, synchronised across their clients: list, create, edit, delete. */
  readonly drafts: DraftsResource;
  /** The caller's saved snippets, text to insert into messages: list, create, edit, delete. */
  readonly savedSnippets: SavedSnippetsResource;
  /** The caller's pinned and hidden sidebar views (feature level 390): list, add, edit, remove. */
  readonly navigationViews: NavigationViewsResource;
  /** Channels: list, look up, subscribers, update and archive. */
  readonly channels: ChannelsResource;
  /** The organization's channel folders: list, create, update, reorder (feature level 389). */
  readonly channelFolders: ChannelFoldersResource;
  /** The organization's custom emoji: list, upload, deactivate. */
  readonly customEmoji: CustomEmojiResource;
  /** Real-time events: queues, the long-poll stream, message handlers. */
  readonly events: EventsResource;
  /** Personal message flags (read, starred, collapsed) and marking messages as read. */
  readonly flags: FlagsResource;
  /** Invitations to the organization: list, send by email, reusable links, revoke, resend. */
  readonly invites: InvitesResource;
  /** The organization's linkifiers: list, add, update, remove, reorder. */
  readonly linkifiers: LinkifiersResource;
  /** Messages: send, fetch, list and delete. */
  readonly messages: MessagesResource;
  /** Your mobile push devices and test notifications. */
  readonly push: PushResource;
  /** The organization's custom profile fields. */
  readonly profileFields: ProfileFieldsResource;
  /** Who is online: report your own status, read everyone's. */
  readonly presence: PresenceResource;
  /** Emoji reactions on messages: add and remove. */
  readonly reactions: ReactionsResource;
  /** Organization configuration: allowed signup domains and code playgrounds. */
  readonly realm: RealmResource;
  /** The organization's data exports and who consented to private ones (administrators). */
  readonly realmExports: RealmExportsResource;
  /** Messages the caller scheduled to be sent later: list, create, update, delete. */
  readonly scheduledMessages: ScheduledMessagesResource;
  /** Reminders of messages, which Notification Bot sends the caller: list, create, delete. */
  readonly reminders: RemindersResource;
  /** Server settings and obtaining API keys. */
  readonly server: ServerResource;
  /** The caller's own settings. */
  readonly settings: SettingsResource;
  /** The caller's subscriptions: list, subscribe (creating channels), unsubscribe, personal settings. */
  readonly subscriptions: SubscriptionsResource;
  /** Channel topics: list, delete, and the caller's visibility preferences. */
  readonly topics: TopicsResource;
  /** Typing notifications: send them, a notifier for a compose box, a tracker for received ones. */
  readonly typing: TypingResource;
  /** Uploading files to link from messages, and temporary URLs to open them. */
  readonly uploads: UploadsResource;
  /** The caller's uploaded files: list them with the messages linking to them, delete them. */
  readonly attachments: AttachmentsResource;
  /** The organization's user groups: list, create, change, deactivate, members and subgroups. */
  readonly userGroups: UserGroupsResource;
  /** Bots the caller administers, and API key regeneration. */
  readonly bots: BotsResource;
  /** The organization's users: list, get, create, update, deactivate, reactivate. */
  readonly users: UsersResource;
  /** Video calls to link from messages: BigBlueButton join URLs. */
  readonly videoCalls: VideoCallsResource;

  constructor(options: ChatClientOptions) {
    super(options);
    const call: EndpointCaller = (endpoint, params, options) => this.call(endpoint, params, options);
    this.alertWords = new AlertWordsResource(call);
    this.botStorage = new BotStorageResource(call);
    this.drafts = new DraftsResource(call);
    this.savedSnippets = new SavedSnippetsResource(call);
    this.navigationViews = new NavigationViewsResource(call);
    this.channels = new ChannelsResource(call);
    this.channelFolders = new ChannelFoldersResource(call);
    this.customEmoji = new CustomEmojiResource(call);
    this.events = new EventsResource(call);
    this.flags = new FlagsResource(call);
    this.invites = new InvitesResource(call);
    this.linkifiers = new LinkifiersResource(call);
    this.messages = new MessagesResource(call);
    this.push = new PushResource(call);
    this.profileFields = new ProfileFieldsResource(call);
    this.presence = new PresenceResource(call);
    this.reactions = new ReactionsResource(call);
    this.realm = new RealmResource(call);
    this.realmExports = new RealmExportsResource(call);
    this.scheduledMessages = new ScheduledMessagesResource(call);
    this.reminders = new RemindersResource(call);
    this.server = new ServerResource(call);
    this.settings = new SettingsResource(call);
    this.subscriptions = new SubscriptionsResource(call);
    this.topics = new TopicsResource(call);
    this.typing = new TypingResource(call);
    this.uploads = new UploadsResource(call, {
      fetch: (url, init) => this.rawFetch(url, init),
      featureLevel: () => this.serverFeatureLevel(),
      timeout: this.requestTimeout,
    });
    this.attachments = new AttachmentsResource(call);
    this.userGroups = new UserGroupsResource(call);
    this.bots = new BotsResource(call);
    this.users = new UsersResource(call);
    this.videoCalls = new VideoCallsResource(call);
  }
}
