import * as alertWords from './alert-words';
import * as avatars from './avatars';
import * as bots from './bots';
import * as channelFolders from './channel-folders';
import * as customEmoji from './custom-emoji';
import * as defaultChannelGroups from './default-channel-groups';
import * as drafts from './drafts';
import * as channels from './channels';
import * as events from './events';
import * as history from './history';
import * as invites from './invites';
import * as linkifiers from './linkifiers';
import * as messageDeletion from './message-deletion';
import * as messageReports from './message-reports';
import * as flags from './flags';
import * as flagsNarrow from './flags-narrow';
import * as messageEdits from './message-edits';
import * as messageReads from './messages';
import * as presence from './presence';
import * as profileFields from './profile-fields';
import * as onboarding from './onboarding';
import * as mutedUsers from './muted-users';
import * as navigationViews from './navigation-views';
import * as push from './push';
import * as reactions from './reactions';
import * as savedSnippets from './saved-snippets';
import * as scheduledMessages from './scheduled-messages';
import * as reminders from './reminders';
import * as realmConfig from './realm-config';
import * as realmExports from './realm-exports';
import * as realmSettings from './realm-settings';
import * as server from './server';
import * as settings from './settings';
import * as submessages from './submessages';
import * as subscriptions from './subscriptions';
import * as topics from './topics';
import * as typing from './typing';
import * as uploads from './uploads';
import * as userGroups from './user-groups';
import * as userStatus from './user-status';
import * as users from './users';
import * as videoCalls from './video-calls';
import * as messageSend from './send-message';

/** Sending and fetching single messages (sending has a file of its own, for small bundles). */
const messages = { ...messageSend, ...messageReads } as const;

/**
 * Every declared operation, keyed by a camel-case name. The mock registers one route
 * per entry and its route table is typed against this object, so a declaration without
 * a route (or the reverse) fails to compile.
 */
export const endpoints = {
  ...alertWords,
  ...avatars,
  ...bots,
  ...channelFolders,
  ...customEmoji,
  ...defaultChannelGroups,
  ...drafts,
  ...channels,
  ...events,
  ...history,
  ...invites,
  ...linkifiers,
  ...flags,
  ...flagsNarrow,
  ...messageEdits,
  ...messages,
  ...messageDeletion,
  ...messageReports,
  ...mutedUsers,
  ...navigationViews,
  ...onboarding,
  ...presence,
  ...profileFields,
  ...push,
  ...reactions,
  ...savedSnippets,
  ...scheduledMessages,
  ...reminders,
  ...realmConfig,
  ...realmExports,
  ...realmSettings,
  ...server,
  ...settings,
  ...submessages,
  ...subscriptions,
  ...topics,
  ...typing,
  ...uploads,
  ...userGroups,
  ...userStatus,
  ...users,
  ...videoCalls,
} as const;

/** The name of a declared operation. */
export type EndpointName = keyof typeof endpoints;

export {
  alertWords,
  avatars,
  bots,
  channelFolders,
  customEmoji,
  defaultChannelGroups,
  drafts,
  channels,
  events,
  flags,
  flagsNarrow,
  history,
  invites,
  linkifiers,
  messageDeletion,
  messageEdits,
  messageReports,
  messages,
  mutedUsers,
  navigationViews,
  onboarding,
  presence,
  profileFields,
  push,
  reactions,
  savedSnippets,
  scheduledMessages,
  reminders,
  realmConfig,
  realmExports,
  realmSettings,
  server,
  settings,
  submessages,
  subscriptions,
  topics,
  typing,
  uploads,
  userGroups,
  userStatus,
  users,
  videoCalls,
};
