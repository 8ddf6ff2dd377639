import { ApiErrorBase, type ApiErrorInit, numberField, stringField } from './api-error-base';
import { InvitationFailedError } from './invitation-failed';

export { InvitationFailedError, type SkippedInvitee } from './invitation-failed';

/**
 * `BAD_REQUEST`: the generic invalid-request error.
 *
 * @example
 * const failure = await client.messages.send({ type: 'channel', to: 'general', topic: 't', content: 'hi' }).catch((error: unknown) => error);
 * if (failure instanceof BadRequestError) console.log(failure.message);
 */
export class BadRequestError extends ApiErrorBase<'BAD_REQUEST'> {
  override readonly name: string = 'BadRequestError';

  /**
   * A rejected linkifier's or code playground's problems by field (`pattern`, `url_template`, ...;
   * `__all__` for the whole object), each field's messages in order; `msg` is the first of them.
   */
  readonly errors?: Readonly<Record<string, readonly string[]>>;

  constructor(init: ApiErrorInit) {
    super(init);
    const errors = init.data['errors'];
    if (typeof errors === 'object' && errors !== null && !Array.isArray(errors)) this.errors = errors as Record<string, readonly string[]>;
  }
}
/**
 * `UNAUTHORIZED`: credentials missing or invalid, or the account is deactivated (HTTP 401).
 *
 * @example
 * const failure = await client.messages.send({ type: 'channel', to: 'general', topic: 't', content: 'hi' }).catch((error: unknown) => error);
 * if (failure instanceof UnauthorizedError) console.log(failure.message);
 */
export class UnauthorizedError extends ApiErrorBase<'UNAUTHORIZED'> {
  override readonly name: string = 'UnauthorizedError';
}
/**
 * `UNAUTHORIZED_PRINCIPAL`: the caller's role is too low ("Must be an organization administrator").
 *
 * @example
 * const failure = await client.messages.send({ type: 'channel', to: 'general', topic: 't', content: 'hi' }).catch((error: unknown) => error);
 * if (failure instanceof UnauthorizedPrincipalError) console.log(failure.message);
 */
export class UnauthorizedPrincipalError extends ApiErrorBase<'UNAUTHORIZED_PRINCIPAL'> {
  override readonly name: string = 'UnauthorizedPrincipalError';
}
/**
 * `PERMISSION_DENIED`: the caller lacks the needed account type.
 *
 * @example
 * const failure = await client.messages.send({ type: 'channel', to: 'general', topic: 't', content: 'hi' }).catch((error: unknown) => error);
 * if (failure instanceof PermissionDeniedError) console.log(failure.message);
 */
export class PermissionDeniedError extends ApiErrorBase<'PERMISSION_DENIED'> {
  override readonly name: string = 'PermissionDeniedError';
}
/**
 * `STREAM_WILDCARD_MENTION_NOT_ALLOWED`.
 *
 * @example
 * const failure = await client.messages.send({ type: 'channel', to: 'general', topic: 't', content: 'hi' }).catch((error: unknown) => error);
 * if (failure instanceof StreamWildcardMentionNotAllowedError) console.log(failure.message);
 */
export class StreamWildcardMentionNotAllowedError extends ApiErrorBase<'STREAM_WILDCARD_MENTION_NOT_ALLOWED'> {
  override readonly name: string = 'StreamWildcardMentionNotAllowedError';
}
/**
 * `TOPIC_WILDCARD_MENTION_NOT_ALLOWED`.
 *
 * @example
 * const failure = await client.messages.send({ type: 'channel', to: 'general', topic: 't', content: 'hi' }).catch((error: unknown) => error);
 * if (failure instanceof TopicWildcardMentionNotAllowedError) console.log(failure.message);
 */
export class TopicWildcardMentionNotAllowedError extends ApiErrorBase<'TOPIC_WILDCARD_MENTION_NOT_ALLOWED'> {
  override readonly name: string = 'TopicWildcardMentionNotAllowedError';
}
/**
 * `INVALID_PUSH_DEVICE_TOKEN`: the device token is not registered for the caller on this server.
 *
 * @example
 * const failure = await client.push.testNotification({ token: deviceToken }).catch((error: unknown) => error);
 * if (failure instanceof InvalidPushDeviceTokenError) console.log(failure.message);
 */
export class InvalidPushDeviceTokenError extends ApiErrorBase<'INVALID_PUSH_DEVICE_TOKEN'> {
  override readonly name: string = 'InvalidPushDeviceTokenError';
}
/**
 * `INVALID_REMOTE_PUSH_DEVICE_TOKEN`: the server knows the device token, its push bouncer does not.
 *
 * @example
 * const failure = await client.push.testNotification({ token: deviceToken }).catch((error: unknown) => error);
 * if (failure instanceof InvalidRemotePushDeviceTokenError) console.log(failure.message);
 */
export class InvalidRemotePushDeviceTokenError extends ApiErrorBase<'INVALID_REMOTE_PUSH_DEVICE_TOKEN'> {
  override readonly name: string = 'InvalidRemotePushDeviceTokenError';
}
/**
 * `PUSH_SERVICE_NOT_CONFIGURED`: the server sends no notifications through the push bouncer, so it
 * cannot register devices for end-to-end encrypted notifications (feature level 406).
 *
 * @example
 * const failure = await client.push.registerDevice(registration).catch((error: unknown) => error);
 * if (failure instanceof PushServiceNotConfiguredError) console.log(failure.message);
 */
export class PushServiceNotConfiguredError extends ApiErrorBase<'PUSH_SERVICE_NOT_CONFIGURED'> {
  override readonly name: string = 'PushServiceNotConfiguredError';
}
/**
 * `NO_ACTIVE_PUSH_DEVICE`: no registration (or not the one named) is active for end-to-end
 * encrypted notifications (feature level 420).
 *
 * @example
 * const failure = await client.push.e2eeTestNotification().catch((error: unknown) => error);
 * if (failure instanceof NoActivePushDeviceError) console.log(failure.message);
 */
export class NoActivePushDeviceError extends ApiErrorBase<'NO_ACTIVE_PUSH_DEVICE'> {
  override readonly name: string = 'NoActivePushDeviceError';
}
/**
 * `AUTHENTICATION_FAILED`: wrong username or password (fetch-api-key).
 *
 * @example
 * const failure = await new ChatClient({ site }).server.fetchApiKey({ username, password }).catch((error: unknown) => error);
 * if (failure instanceof AuthenticationFailedError) console.log(failure.message);
 */
export class AuthenticationFailedError extends ApiErrorBase<'AUTHENTICATION_FAILED'> {
  override readonly name: string = 'AuthenticationFailedError';
}
/**
 * `USER_DEACTIVATED` (fetch-api-key).
 *
 * @example
 * const failure = await client.messages.send({ type: 'channel', to: 'general', topic: 't', content: 'hi' }).catch((error: unknown) => error);
 * if (failure instanceof UserDeactivatedError) console.log(failure.message);
 */
export class UserDeactivatedError extends ApiErrorBase<'USER_DEACTIVATED'> {
  override readonly name: string = 'UserDeactivatedError';
}
/**
 * `REALM_DEACTIVATED` (fetch-api-key).
 *
 * @example
 * const failure = await client.messages.send({ type: 'channel', to: 'general', topic: 't', content: 'hi' }).catch((error: unknown) => error);
 * if (failure instanceof RealmDeactivatedError) console.log(failure.message);
 */
export class RealmDeactivatedError extends ApiErrorBase<'REALM_DEACTIVATED'> {
  override readonly name: string = 'RealmDeactivatedError';
}
/**
 * `PASSWORD_AUTH_DISABLED` (fetch-api-key).
 *
 * @example
 * const failure = await new ChatClient({ site }).server.fetchApiKey({ username, password }).catch((error: unknown) => error);
 * if (failure instanceof PasswordAuthDisabledError) console.log(failure.message);
 */
export class PasswordAuthDisabledError extends ApiErrorBase<'PASSWORD_AUTH_DISABLED'> {
  override readonly name: string = 'PasswordAuthDisabledError';
}
/**
 * `PASSWORD_RESET_REQUIRED` (fetch-api-key).
 *
 * @example
 * const failure = await new ChatClient({ site }).server.fetchApiKey({ username, password }).catch((error: unknown) => error);
 * if (failure instanceof PasswordResetRequiredError) console.log(failure.message);
 */
export class PasswordResetRequiredError extends ApiErrorBase<'PASSWORD_RESET_REQUIRED'> {
  override readonly name: string = 'PasswordResetRequiredError';
}
/**
 * `NONEXISTENT_SUBDOMAIN`: no organization at this address (HTTP 404).
 *
 * @example
 * const failure = await client.messages.send({ type: 'channel', to: 'general', topic: 't', content: 'hi' }).catch((error: unknown) => error);
 * if (failure instanceof NonexistentSubdomainError) console.log(failure.message);
 */
export class NonexistentSubdomainError extends ApiErrorBase<'NONEXISTENT_SUBDOMAIN'> {
  override readonly name: string = 'NonexistentSubdomainError';
}
/**
 * `INVALID_API_KEY`.
 *
 * @example
 * const failure = await client.messages.send({ type: 'channel', to: 'general', topic: 't', content: 'hi' }).catch((error: unknown) => error);
 * if (failure instanceof InvalidApiKeyError) console.log(failure.message);
 */
export class InvalidApiKeyError extends ApiErrorBase<'INVALID_API_KEY'> {
  override readonly name: string = 'InvalidApiKeyError';
}
/**
 * `BAD_IMAGE`: an avatar, icon, logo or custom emoji that is no image the server can read
 * ("Invalid image format", "Could not decode image; did you upload an image file?").
 *
 * @example
 * const failure = await client.users.setAvatar({ content: new Uint8Array([1, 2, 3]), filename: 'me.png' }).catch((error: unknown) => error);
 * if (failure instanceof BadImageError) console.log(failure.message);
 */
export class BadImageError extends ApiErrorBase<'BAD_IMAGE'> {
  override readonly name: string = 'BadImageError';
}
/**
 * `REACTION_ALREADY_EXISTS`: the caller already reacted to the message with that emoji.
 *
 * @example
 * const failure = await client.reactions.add({ message_id: id, emoji_name: 'octopus' }).catch((error: unknown) => error);
 * if (failure instanceof ReactionAlreadyExistsError) console.log(failure.message);
 */
export class ReactionAlreadyExistsError extends ApiErrorBase<'REACTION_ALREADY_EXISTS'> {
  override readonly name: string = 'ReactionAlreadyExistsError';
}
/**
 * `REACTION_DOES_NOT_EXIST`: the caller has no such reaction on the message.
 *
 * @example
 * const failure = await client.reactions.remove({ message_id: id, emoji_name: 'octopus' }).catch((error: unknown) => error);
 * if (failure instanceof ReactionDoesNotExistError) console.log(failure.message);
 */
export class ReactionDoesNotExistError extends ApiErrorBase<'REACTION_DOES_NOT_EXIST'> {
  override readonly name: string = 'ReactionDoesNotExistError';
}
/**
 * `CANNOT_DEACTIVATE_LAST_USER`: the account is the organization's only owner (or only user).
 *
 * @example
 * const failure = await client.users.deactivateMe().catch((error: unknown) => error);
 * if (failure instanceof CannotDeactivateLastUserError) console.log(failure.message);
 */
export class CannotDeactivateLastUserError extends ApiErrorBase<'CANNOT_DEACTIVATE_LAST_USER'> {
  override readonly name: string = 'CannotDeactivateLastUserError';
}
/**
 * `CANNOT_DEACTIVATE_GROUP_IN_USE`: a permission setting of a channel, another group or the organization
 * still names the group; `data.objections` lists them.
 *
 * @example
 * const failure = await client.userGroups.deactivate({ user_group_id: groupId }).catch((error: unknown) => error);
 * if (failure instanceof CannotDeactivateGroupInUseError) console.log(failure.message);
 */
export class CannotDeactivateGroupInUseError extends ApiErrorBase<'CANNOT_DEACTIVATE_GROUP_IN_USE'> {
  override readonly name: string = 'CannotDeactivateGroupInUseError';
}

/**
 * `CHANNEL_ALREADY_EXISTS` (HTTP 409): a channel of that name exists (renaming a channel to a name
 * in use); carries the `channel_name` asked for.
 *
 * @example
 * const failure = await client.channels.update({ stream_id: 7, new_name: 'general' }).catch((error: unknown) => error);
 * if (failure instanceof ChannelAlreadyExistsError) console.log(failure.channel_name);
 */
export class ChannelAlreadyExistsError extends ApiErrorBase<'CHANNEL_ALREADY_EXISTS'> {
  override readonly name: string = 'ChannelAlreadyExistsError';

  /** The channel name that is already taken. */
  readonly channel_name?: string;

  constructor(init: ApiErrorInit) {
    super(init);
    this.channel_name = stringField(init.data, 'channel_name');
  }
}

/**
 * `STREAM_DOES_NOT_EXIST`: carries the channel `stream` (by name) or `stream_id` (by ID).
 *
 * @example
 * const failure = await client.messages.send({ type: 'channel', to: 'general', topic: 't', content: 'hi' }).catch((error: unknown) => error);
 * if (failure instanceof StreamDoesNotExistError) console.log(failure.message);
 */
export class StreamDoesNotExistError extends ApiErrorBase<'STREAM_DOES_NOT_EXIST'> {
  override readonly name: string = 'StreamDoesNotExistError';

  /** The channel name that was not found. */
  readonly stream?: string;
  /** The channel ID that was not found. */
  readonly stream_id?: number;

  constructor(init: ApiErrorInit) {
    super(init);
    this.stream = stringField(init.data, 'stream');
    this.stream_id = numberField(init.data, 'stream_id');
  }
}

/**
 * `REQUEST_VARIABLE_MISSING`: a required parameter was not sent; `var_name` names it.
 *
 * @example
 * const failure = await client.messages.send({ type: 'channel', to: 'general', topic: 't', content: 'hi' }).catch((error: unknown) => error);
 * if (failure instanceof RequestVariableMissingError) console.log(failure.message);
 */
export class RequestVariableMissingError extends ApiErrorBase<'REQUEST_VARIABLE_MISSING'> {
  override readonly name: string = 'RequestVariableMissingError';

  /** The missing parameter. */
  readonly var_name?: string;

  constructor(init: ApiErrorInit) {
    super(init);
    this.var_name = stringField(init.data, 'var_name');
  }
}

/**
 * `REQUEST_CONFUSING_VAR`: a parameter and its alias were both sent.
 *
 * @example
 * const failure = await client.messages.send({ type: 'channel', to: 'general', topic: 't', content: 'hi' }).catch((error: unknown) => error);
 * if (failure instanceof RequestConfusingVarError) console.log(failure.message);
 */
export class RequestConfusingVarError extends ApiErrorBase<'REQUEST_CONFUSING_VAR'> {
  override readonly name: string = 'RequestConfusingVarError';

  readonly var_name1?: string;
  readonly var_name2?: string;

  constructor(init: ApiErrorInit) {
    super(init);
    this.var_name1 = stringField(init.data, 'var_name1');
    this.var_name2 = stringField(init.data, 'var_name2');
  }
}

/**
 * `RATE_LIMIT_HIT` (HTTP 429): `retry_after` seconds to wait.
 *
 * @example
 * const failure = await client.messages.send({ type: 'channel', to: 'general', topic: 't', content: 'hi' }).catch((error: unknown) => error);
 * if (failure instanceof RateLimitError) console.log(failure.message);
 */
export class RateLimitError extends ApiErrorBase<'RATE_LIMIT_HIT'> {
  override readonly name: string = 'RateLimitError';

  /** Seconds to wait before retrying (the envelope's `retry-after`). */
  readonly retry_after?: number;

  constructor(init: ApiErrorInit) {
    super(init);
    this.retry_after = numberField(init.data, 'retry-after');
  }
}

/**
 * `BAD_NARROW`: an invalid narrow; `desc` says why.
 *
 * @example
 * const failure = await client.messages.list({ narrow: [{ operator: 'is', operand: 'sparkly' }], anchor: 'newest', num_before: 10, num_after: 0 }).catch((error: unknown) => error);
 * if (failure instanceof BadNarrowError) console.log(failure.message);
 */
export class BadNarrowError extends ApiErrorBase<'BAD_NARROW'> {
  override readonly name: string = 'BadNarrowError';

  readonly desc?: string;

  constructor(init: ApiErrorInit) {
    super(init);
    this.desc = stringField(init.data, 'desc');
  }
}

/**
 * `BAD_EVENT_QUEUE_ID`: the event queue is unknown or expired; register a new one.
 *
 * @example
 * const failure = await client.events.get({ queue_id, last_event_id }).catch((error: unknown) => error);
 * if (failure instanceof BadEventQueueIdError) console.log(failure.message);
 */
export class BadEventQueueIdError extends ApiErrorBase<'BAD_EVENT_QUEUE_ID'> {
  override readonly name: string = 'BadEventQueueIdError';

  readonly queue_id?: string;

  constructor(init: ApiErrorInit) {
    super(init);
    this.queue_id = stringField(init.data, 'queue_id');
  }
}

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

/**
 * `REQUEST_VARIABLE_INVALID`: a parameter's value could not be read as the setting needs (a time
 * limit or retention period); `var_name` names it, and `data.bad_value` echoes the value.
 *
 * @example
 * const failure = await client.realm.update({ message_content_edit_limit_seconds: 0 }).catch((error: unknown) => error);
 * if (failure instanceof RequestVariableInvalidError) console.log(failure.var_name);
 */
export class RequestVariableInvalidError extends ApiErrorBase<'REQUEST_VARIABLE_INVALID'> {
  override readonly name: string = 'RequestVariableInvalidError';

  /** The parameter whose value was refused. */
  readonly var_name?: string;

  constructor(init: ApiErrorInit) {
    super(init);
    this.var_name = stringField(init.data, 'var_name');
  }
}

/**
 * `SYSTEM_GROUP_REQUIRED`: a permission setting that takes only system groups got another
 * group; `setting_name` names it.
 *
 * @example
 * const failure = await client.realm.update({ can_create_web_public_channel_group: { new: { direct_members: [8], direct_subgroups: [] } } }).catch((error: unknown) => error);
 * if (failure instanceof SystemGroupRequiredError) console.log(failure.setting_name);
 */
export class SystemGroupRequiredError extends ApiErrorBase<'SYSTEM_GROUP_REQUIRED'> {
  override readonly name: string = 'SystemGroupRequiredError';

  /** The setting that takes only system groups. */
  readonly setting_name?: string;

  constructor(init: ApiErrorInit) {
    super(init);
    this.setting_name = stringField(init.data, 'setting_name');
  }
}

/**
 * `EXPECTATION_MISMATCH`: the `old` value (or `prev_content_sha256`) a change was made against
 * is no longer current; fetch again and retry.
 *
 * @example
 * const failure = await client.realm.update({ can_resolve_topics_group: { new: 11, old: 12 } }).catch((error: unknown) => error);
 * if (failure instanceof ExpectationMismatchError) console.log(failure.message);
 */
export class ExpectationMismatchError extends ApiErrorBase<'EXPECTATION_MISMATCH'> {
  override readonly name: string = 'ExpectationMismatchError';
}

/**
 * `MOVE_MESSAGES_TIME_LIMIT_EXCEEDED`: moving a whole topic (`propagate_mode: 'change_all'`) was
 * refused because some of its messages are older than the caller's move time limit. Moving from
 * `first_message_id_allowed_to_move` on (`change_later`) moves the ones the caller may move.
 *
 * @example
 * const failure = await client.messages.update({ message_id: 42, topic: 'new', propagate_mode: 'change_all' }).catch((error: unknown) => error);
 * if (failure instanceof MoveMessagesTimeLimitExceededError) console.log(failure.total_messages_allowed_to_move, failure.total_messages_in_topic);
 */
export class MoveMessagesTimeLimitExceededError extends ApiErrorBase<'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED'> {
  override readonly name: string = 'MoveMessagesTimeLimitExceededError';

  /** The oldest message of the topic the caller may still move; absent (null on the wire) when none. */
  readonly first_message_id_allowed_to_move?: number;
  /** How many of the topic's messages the caller may move. */
  readonly total_messages_allowed_to_move?: number;
  /** How many messages the topic has (that the caller can see). */
  readonly total_messages_in_topic?: number;

  constructor(init: ApiErrorInit) {
    super(init);
    this.first_message_id_allowed_to_move = numberField(init.data, 'first_message_id_allowed_to_move');
    this.total_messages_allowed_to_move = numberField(init.data, 'total_messages_allowed_to_move');
    this.total_messages_in_topic = numberField(init.data, 'total_messages_in_topic');
  }
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
