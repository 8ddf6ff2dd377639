/**
 * teamchat-sdk: a typed client for the team-chat (Zulip-compatible) REST API.
 *
 * @packageDocumentation
 * @module teamchat-sdk
 */
export { ApiClient, type RequestOptions } from './api-client';
export { ChatClient } from './client';
export {
  defineEndpoint,
  type Endpoint,
  type EndpointAccess,
  type EndpointInput,
  type EndpointParams,
  type EndpointResult,
  type HttpMethod,
  type PlainViewMethods,
  type RateLimitDomain,
  ROLE_VALUES,
  type RoleName,
} from './contract/endpoint';
export type { LegacyRoute, ParamRequirement, WireParams } from './contract/feature-levels';
export { type EndpointName, endpoints } from './endpoints/index';
export * from './operations';
export * from './errors/index';
export type { ChatClientOptions, IgnoredParametersInfo } from './options';
export { type ApplyEventContext, applyEvent, type RegisteredState } from './events/apply-event';
export { type AttachmentsState, applyAttachmentEvent } from './events/apply-attachments';
export type { EventStreamOptions, RegisteredStreamEvent, StreamEvent, StreamRegisterOptions, StreamRetry } from './events/event-stream';
export { type QueueNarrowPair, toQueueNarrow } from './events/queue-narrow';
export { type EventMessage, EventsResource, type OnMessageOptions, type RegisterQueueParams } from './resources/events';
export { type HasOperand, type IsOperand, Narrow, type NarrowInput, narrow, toNarrowTerms } from './narrow';
export { type ReplyableMessage, type ReplyTarget, replyTo } from './reply';
export type { IterateMessagesOptions, ListMessagesParams, MatchesNarrowParams } from './resources/message-history';
export { FlagsResource, type UpdateFlagsForNarrowParams, type UpdateFlagsParams } from './resources/flags';
export { AlertWordsResource } from './resources/alert-words';
export { BotStorageResource } from './resources/bot-storage';
export { DraftsResource } from './resources/drafts';
export { SavedSnippetsResource } from './resources/saved-snippets';
export { NavigationViewsResource } from './resources/navigation-views';
export { VideoCallsResource } from './resources/video-calls';
export { RealmResource } from './resources/realm';
export { InvitesResource } from './resources/invites';
export { RealmExportsResource } from './resources/realm-exports';
export { ChannelsResource } from './resources/channels';
export { ChannelFoldersResource } from './resources/channel-folders';
export { CustomEmojiResource, type CustomEmojiUploadParams } from './resources/custom-emoji';
export type { ImageUpload } from './uploads/image-file';
export { SubscriptionsResource } from './resources/subscriptions';
export { LinkifiersResource } from './resources/linkifiers';
export { MessagesResource } from './resources/messages';
export { PushResource } from './resources/push';
export { ReactionsResource } from './resources/reactions';
export { ScheduledMessagesResource } from './resources/scheduled-messages';
export { RemindersResource } from './resources/reminders';
export { ServerResource } from './resources/server';
export { SettingsResource } from './resources/settings';
export * from './schemas/settings';
export { TopicsResource } from './resources/topics';
export { type TypingNotifierOptions, TypingResource, type TypingTrackerOptions } from './resources/typing';
export { type SendTypingStatus, TypingNotifier, type TypingTarget } from './events/typing-notifier';
export { DEFAULT_TYPING_PERIODS, type TypingPeriods } from './events/typing-periods';
export { TypingTracker } from './events/typing-tracker';
export * from './schemas/draft';
export * from './schemas/scheduled-message';
export * from './schemas/reminder';
export * from './schemas/saved-snippet';
export * from './schemas/navigation-view';
export * from './schemas/video-call';
export { UsersResource } from './resources/users';
export {
  AUTO_RESUMABLE_BYTES,
  RESUMABLE_UPLOAD_LEVEL,
  type UploadContent,
  type UploadOptions,
  UploadsResource,
} from './resources/uploads';
export { type ResumableUploadOptions, ResumableUploadError, type ResumableUploadResult } from './uploads/resumable-upload';
export { AttachmentsResource } from './resources/attachments';
export * from './schemas/upload';
export { UserGroupsResource } from './resources/user-groups';
export { BotsResource, type WithBotAvatar } from './resources/bots';
export * from './schemas/user-group';
export * from './schemas/bot';
export * from './schemas/realm-settings';
export * from './schemas/user-status';
export * from './schemas/muted-users';
export * from './schemas/onboarding';
export { ProfileFieldsResource } from './resources/profile-fields';
export * from './schemas/profile-field';
export { PresenceResource } from './resources/presence';
export * from './schemas/presence';
export { RealmUser, User } from './schemas/user';
export { ErrorEnvelope, successBody } from './schemas/common';
export * from './schemas/channel';
export * from './schemas/channel-create';
export * from './schemas/channel-folder';
export * from './schemas/default-channel-group';
export * from './schemas/event-queue';
export { VideoChatProvider } from './schemas/register-realm';
export * from './schemas/group-setting';
export * from './schemas/events';
export * from './schemas/history';
export * from './schemas/flags';
export * from './schemas/flags-narrow';
export * from './schemas/message';
export * from './schemas/message-deletion';
export * from './schemas/message-report';
export * from './schemas/narrow';
export * from './schemas/message-render';
export * from './schemas/push';
export * from './schemas/reaction';
export * from './schemas/realm-config';
export * from './schemas/invite';
export * from './schemas/realm-export';
export * from './schemas/avatars';
export * from './schemas/custom-emoji';
export * from './schemas/read-receipts';
export * from './schemas/server';
export * from './schemas/submessage';
export * from './schemas/topic';
export * from './schemas/typing';
export * from './schemas/unread';
export { ApiCall, type ResponseInfo, type WithResponse } from './transport/api-call';
export type { CallOptions, ValidationMode } from './transport/call-options';
export type { ClientLogger, LogLevel } from './transport/logger';
export type { RateLimitStatus } from './transport/rate-limit';
export type { SuccessBody } from './transport/envelope';
export { SDK_VERSION } from './version';
