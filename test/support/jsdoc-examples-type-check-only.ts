import type { JsdocExample } from './jsdoc-examples';

/**
 * Why an example is type-checked but not run in-process, or undefined when it runs: what it needs
 * is not in a test's process (a browser, files, the environment, a test runner's hooks, a server
 * that fails on purpose).
 */
export function typeCheckOnlyReason(example: JsdocExample): string | undefined {
  return BY_FILE.find(([file]) => example.file === file)?.[1] ?? BY_SYMBOL.get(`${example.symbol} ${example.file}`);
}

const BY_FILE: readonly (readonly [string, string])[] = [
  ['mock/runtimes/browser.ts', 'a browser: msw service worker'],
  ['src/node.ts', 'the environment and a zuliprc file'],
  ['src/uploads/node-files.ts', 'files on disk'],
];

const BY_SYMBOL = new Map<string, string>([
  ['TypingNotifier src/events/typing-notifier.ts', 'a browser: the DOM'],
  ['TypingResource.notifier src/resources/typing.ts', 'a browser: the DOM'],
  ['READABLE_STATE_VERSIONS mock/persistence/state-document.ts', 'a file on disk'],
  ['StateFormatError mock/persistence/load-state.ts', 'a file on disk'],
  ['parseSeed mock/seed/load.ts', 'a file on disk'],
  ['setupMockServer mock/runtimes/node.ts', "a test runner's hooks"],
  ['MockServer.reset mock/index.ts', "a test runner's hooks"],
  ['RequestJournal mock/http/journal.ts', "a test runner's expect"],
  ['ApiClient src/api-client.ts', 'a real site (chat.example.com)'],
  ['ChatClient src/client.ts', 'a real site (chat.example.com)'],
  ['UnrecognizedApiError src/errors/api-errors.ts', 'a server newer than the SDK (an error code it does not know)'],
  ['RateLimitError src/errors/request-errors.ts', 'a server that limits the rate'],
  ['ServerError src/errors/server-error.ts', 'a failing server'],
  ['NetworkError src/errors/transport-errors.ts', 'a failing network'],
  ['TimeoutError src/errors/transport-errors.ts', 'a server that does not answer in time'],
  ['UnexpectedResponseError src/errors/transport-errors.ts', 'a server that answers no JSON envelope (a proxy page)'],
  ['ResponseValidationError src/errors/transport-errors.ts', 'a server whose answer breaks the schema'],
]);

/**
 * Examples that should run but do not yet (`symbol file` → what they get): most act on an object
 * the example neither creates nor finds in the default realm (an invite, a push device, a default
 * channel group), or need another caller than an administrator (a bot, an owner). The test expects each to fail and
 * fails once one runs, so that this list only shrinks.
 */
export const NOT_YET_RUNNING = new Map<string, string>([
  ['RealmDeactivatedError src/errors/auth-errors.ts', 'needs a deactivated organization (an owner deactivates it) before the login'],
  ['PasswordAuthDisabledError src/errors/auth-errors.ts', 'needs an organization without password login'],
  ['PasswordResetRequiredError src/errors/auth-errors.ts', 'needs an account whose password must be reset first'],
  ['NonexistentSubdomainError src/errors/auth-errors.ts', 'needs a site with no organization at its address'],
  ['InvalidApiKeyError src/errors/auth-errors.ts', 'a call with a wrong key over basic auth is UNAUTHORIZED; only the api_key query parameter of file URLs is INVALID_API_KEY'],
  ['StreamWildcardMentionNotAllowedError src/errors/message-errors.ts', 'needs a caller not allowed to mention everyone in a large channel (the client is an administrator)'],
  ['TopicWildcardMentionNotAllowedError src/errors/message-errors.ts', 'needs a caller not allowed to mention everyone in a busy topic (the client is an administrator)'],
  ['MoveMessagesTimeLimitExceededError src/errors/message-errors.ts', 'needs a member moving messages older than the move limit (the client is an administrator)'],
  ['CannotDeactivateGroupInUseError src/errors/organization-errors.ts', 'the group deactivated is used by no setting'],
  ['CannotDeactivateLastUserError src/errors/organization-errors.ts', "needs the organization's last owner as caller"],
  ['InvalidRemotePushDeviceTokenError src/errors/push-errors.ts', 'needs a server that sends notifications through the push bouncer'],
  ['AttachmentsResource.delete src/resources/attachments.ts', 'remove-attachment: Invalid attachment (BAD_REQUEST, HTTP 400)'],
  ['BotStorageResource src/resources/bot-storage.ts', 'update-storage: This endpoint is only available to bots. (PERMISSION_DENIED, HTTP 400)'],
  ['BotStorageResource.update src/resources/bot-storage.ts', 'update-storage: This endpoint is only available to bots. (PERMISSION_DENIED, HTTP 400)'],
  ['BotStorageResource.get src/resources/bot-storage.ts', 'get-storage: This endpoint is only available to bots. (PERMISSION_DENIED, HTTP 400)'],
  ['BotStorageResource.remove src/resources/bot-storage.ts', 'remove-storage: This endpoint is only available to bots. (PERMISSION_DENIED, HTTP 400)'],
  ['ChannelsResource.updateDefaultGroup src/resources/channels.ts', 'update-default-stream-group-info: Default channel group with id \'1\' does not exist. (BAD_REQUEST, HTTP 400)'],
  ['ChannelsResource.updateDefaultGroupChannels src/resources/channels.ts', 'update-default-stream-group-streams: Default channel group with id \'1\' does not exist. (BAD_REQUEST, HTTP 400)'],
  ['ChannelsResource.deleteDefaultGroup src/resources/channels.ts', 'remove-default-stream-group: Default channel group with id \'1\' does not exist. (BAD_REQUEST, HTTP 400)'],
  ['MessagesResource.report src/resources/messages.ts', 'report-message: Message reporting is not enabled in this organization. (BAD_REQUEST, HTTP 400)'],
  ['NavigationViewsResource.edit src/resources/navigation-views.ts', 'edit-navigation-view: Navigation view does not exist. (BAD_REQUEST, HTTP 404)'],
  ['NavigationViewsResource.remove src/resources/navigation-views.ts', 'remove-navigation-view: Navigation view does not exist. (BAD_REQUEST, HTTP 404)'],
  ['PresenceResource.get src/resources/presence.ts', 'get-user-presence: No such user (BAD_REQUEST, HTTP 400)'],
  ['PushResource.testNotification src/resources/push.ts', 'test-notify: Device not recognized (INVALID_PUSH_DEVICE_TOKEN, HTTP 400)'],
  ['PushResource.addApnsToken src/resources/push.ts', 'add-apns-token: Invalid APNS token (BAD_REQUEST, HTTP 400)'],
  ['PushResource.removeApnsToken src/resources/push.ts', 'remove-apns-token: Invalid APNS token (BAD_REQUEST, HTTP 400)'],
  ['PushResource.removeFcmToken src/resources/push.ts', 'remove-fcm-token: Token does not exist (BAD_REQUEST, HTTP 400)'],
  ['PushResource.registerDevice src/resources/push.ts', 'register-push-device: Server is not configured to use push notification service. (PUSH_SERVICE_NOT_CONFIGURED,'],
  ['PushResource.e2eeTestNotification src/resources/push.ts', 'e2ee-test-notify: No active registered push device (NO_ACTIVE_PUSH_DEVICE, HTTP 400)'],
  ['RealmExportsResource.delete src/resources/realm-exports.ts', 'delete-realm-export: Invalid data export ID (BAD_REQUEST, HTTP 400)'],
  ['RealmResource.addDomain src/resources/realm.ts', 'add-realm-domain: Must be an organization owner (UNAUTHORIZED_PRINCIPAL, HTTP 400)'],
  ['RealmResource.updateDomain src/resources/realm.ts', 'update-realm-domain: Must be an organization owner (UNAUTHORIZED_PRINCIPAL, HTTP 400)'],
  ['RealmResource.removeDomain src/resources/realm.ts', 'remove-realm-domain: Must be an organization owner (UNAUTHORIZED_PRINCIPAL, HTTP 400)'],
  ['UploadsResource.temporaryUrl src/resources/uploads.ts', 'get-file-temporary-url: expected a JSON envelope but got HTTP 404 (no such route or object)'],
  ['ResumableUploadError src/uploads/resumable-upload.ts', "needs an upload over the server's size limit"],
]);
