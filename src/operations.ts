/**
 * Every declared operation as its own export, for {@link ApiClient.call}: an app that imports
 * only the operations it calls ships only their schemas.
 *
 * @module
 */
export * from './endpoints/alert-words';
export * from './endpoints/avatars';
export * from './endpoints/bots';
export * from './endpoints/channel-folders';
export * from './endpoints/channels';
export * from './endpoints/custom-emoji';
export * from './endpoints/default-channel-groups';
export * from './endpoints/drafts';
export * from './endpoints/events';
export * from './endpoints/flags';
export * from './endpoints/flags-narrow';
export * from './endpoints/history';
export * from './endpoints/invites';
export * from './endpoints/linkifiers';
export * from './endpoints/message-deletion';
export * from './endpoints/message-edits';
export * from './endpoints/message-reports';
export * from './endpoints/messages';
export * from './endpoints/muted-users';
export * from './endpoints/navigation-views';
export * from './endpoints/onboarding';
export * from './endpoints/presence';
export * from './endpoints/profile-fields';
export * from './endpoints/push';
export * from './endpoints/reactions';
export * from './endpoints/saved-snippets';
export * from './endpoints/realm-config';
export * from './endpoints/realm-exports';
export * from './endpoints/realm-settings';
export * from './endpoints/scheduled-messages';
export * from './endpoints/reminders';
export * from './endpoints/send-message';
export * from './endpoints/server';
export * from './endpoints/settings';
export * from './endpoints/submessages';
export * from './endpoints/subscriptions';
export * from './endpoints/topics';
export * from './endpoints/typing';
export * from './endpoints/uploads';
export * from './endpoints/user-groups';
export * from './endpoints/user-status';
export * from './endpoints/users';
export * from './endpoints/video-calls';
