import { ApiErrorBase, type ApiErrorInit } from './api-error-base';
// The families in this order: bundles place their classes as imported, and this order gzips smallest.
import {
  BadEventQueueIdError,
  BadRequestError,
  ExpectationMismatchError,
  RateLimitError,
  RequestConfusingVarError,
  RequestVariableInvalidError,
  RequestVariableMissingError,
} from './request-errors';
import {
  BadNarrowError,
  MoveMessagesTimeLimitExceededError,
  ReactionAlreadyExistsError,
  ReactionDoesNotExistError,
  StreamWildcardMentionNotAllowedError,
  TopicWildcardMentionNotAllowedError,
} from './message-errors';
import {
  AuthenticationFailedError,
  InvalidApiKeyError,
  NonexistentSubdomainError,
  PasswordAuthDisabledError,
  PasswordResetRequiredError,
  PermissionDeniedError,
  RealmDeactivatedError,
  UnauthorizedError,
  UnauthorizedPrincipalError,
  UserDeactivatedError,
} from './auth-errors';
import {
  InvalidPushDeviceTokenError,
  InvalidRemotePushDeviceTokenError,
  NoActivePushDeviceError,
  PushServiceNotConfiguredError,
} from './push-errors';
import {
  BadImageError,
  CannotDeactivateGroupInUseError,
  CannotDeactivateLastUserError,
  ChannelAlreadyExistsError,
  StreamDoesNotExistError,
  SystemGroupRequiredError,
} from './organization-errors';
import { InvitationFailedError } from './invitation-failed';

export * from './auth-errors';
export { InvitationFailedError, type SkippedInvitee } from './invitation-failed';
export * from './message-errors';
export * from './organization-errors';
export * from './push-errors';
export * from './request-errors';

/**
 * An error whose code this SDK version does not know (or an envelope without a code,
 * reported as `UNKNOWN`). Every extra field of the known classes is declared `undefined` here:
 * its `code` is any string, so `err.code === 'CHANNEL_ALREADY_EXISTS'` narrows an {@link ApiError}
 * to that class or this one, and `err.channel_name` compiles only if both declare it
 * (test/api-error-narrowing.test.ts holds the list complete).
 *
 * @example
 * const failure = await client.messages.send({ type: 'channel', to: 'general', topic: 't', content: 'hi' }).catch((error: unknown) => error);
 * if (failure instanceof UnrecognizedApiError) console.log(failure.message);
 */
export class UnrecognizedApiError extends ApiErrorBase<string> {
  override readonly name: string = 'UnrecognizedApiError';

  declare readonly stream?: undefined;
  declare readonly stream_id?: undefined;
  declare readonly var_name?: undefined;
  declare readonly var_name1?: undefined;
  declare readonly var_name2?: undefined;
  declare readonly retry_after?: undefined;
  declare readonly desc?: undefined;
  declare readonly queue_id?: undefined;
  declare readonly errors?: undefined;
  declare readonly channel_name?: undefined;
  declare readonly setting_name?: undefined;
  declare readonly first_message_id_allowed_to_move?: undefined;
  declare readonly total_messages_allowed_to_move?: undefined;
  declare readonly total_messages_in_topic?: undefined;
  declare readonly sent_invitations?: undefined;
  declare readonly license_limit_reached?: undefined;
  declare readonly daily_limit_reached?: undefined;
}

/** The error class for each known code. */
export const API_ERROR_CLASSES = {
  BAD_REQUEST: BadRequestError,
  UNAUTHORIZED: UnauthorizedError,
  UNAUTHORIZED_PRINCIPAL: UnauthorizedPrincipalError,
  PERMISSION_DENIED: PermissionDeniedError,
  STREAM_DOES_NOT_EXIST: StreamDoesNotExistError,
  CHANNEL_ALREADY_EXISTS: ChannelAlreadyExistsError,
  STREAM_WILDCARD_MENTION_NOT_ALLOWED: StreamWildcardMentionNotAllowedError,
  TOPIC_WILDCARD_MENTION_NOT_ALLOWED: TopicWildcardMentionNotAllowedError,
  INVALID_PUSH_DEVICE_TOKEN: InvalidPushDeviceTokenError,
  INVALID_REMOTE_PUSH_DEVICE_TOKEN: InvalidRemotePushDeviceTokenError,
  PUSH_SERVICE_NOT_CONFIGURED: PushServiceNotConfiguredError,
  NO_ACTIVE_PUSH_DEVICE: NoActivePushDeviceError,
  REQUEST_VARIABLE_MISSING: RequestVariableMissingError,
  REQUEST_CONFUSING_VAR: RequestConfusingVarError,
  REQUEST_VARIABLE_INVALID: RequestVariableInvalidError,
  SYSTEM_GROUP_REQUIRED: SystemGroupRequiredError,
  EXPECTATION_MISMATCH: ExpectationMismatchError,
  RATE_LIMIT_HIT: RateLimitError,
  BAD_NARROW: BadNarrowError,
  BAD_EVENT_QUEUE_ID: BadEventQueueIdError,
  AUTHENTICATION_FAILED: AuthenticationFailedError,
  USER_DEACTIVATED: UserDeactivatedError,
  REALM_DEACTIVATED: RealmDeactivatedError,
  PASSWORD_AUTH_DISABLED: PasswordAuthDisabledError,
  PASSWORD_RESET_REQUIRED: PasswordResetRequiredError,
  NONEXISTENT_SUBDOMAIN: NonexistentSubdomainError,
  INVALID_API_KEY: InvalidApiKeyError,
  REACTION_ALREADY_EXISTS: ReactionAlreadyExistsError,
  REACTION_DOES_NOT_EXIST: ReactionDoesNotExistError,
  CANNOT_DEACTIVATE_LAST_USER: CannotDeactivateLastUserError,
  CANNOT_DEACTIVATE_GROUP_IN_USE: CannotDeactivateGroupInUseError,
  MOVE_MESSAGES_TIME_LIMIT_EXCEEDED: MoveMessagesTimeLimitExceededError,
  INVITATION_FAILED: InvitationFailedError,
  BAD_IMAGE: BadImageError,
} as const;

/** An error code this SDK version knows. */
export type KnownApiErrorCode = keyof typeof API_ERROR_CLASSES;

/** Any API error: one class per known code, or {@link UnrecognizedApiError}. */
export type ApiError = InstanceType<(typeof API_ERROR_CLASSES)[KnownApiErrorCode]> | UnrecognizedApiError;

/**
 * Use for `instanceof`: `err instanceof ApiError` narrows `err` to the union of all API
 * error classes, after which `err.code === 'STREAM_DOES_NOT_EXIST'` narrows to
 * {@link StreamDoesNotExistError}.
 *
 * @example
 * try { await client.messages.send({ type: 'channel', to: 'Nowhere', topic: 't', content: 'x' }) }
 * catch (err) {
 *   if (err instanceof ApiError && err.code === 'STREAM_DOES_NOT_EXIST') console.log(err.stream);
 * }
 */
export const ApiError = ApiErrorBase as unknown as abstract new (init: ApiErrorInit) => ApiError;
