import { ApiErrorBase, type ApiErrorInit, numberField, stringField } from './api-error-base';

/**
 * `STREAM_WILDCARD_MENTION_NOT_ALLOWED`: a channel wildcard mention (`@**all**`) in a channel with
 * many subscribers, by a caller outside the organization's `can_mention_many_users_group`.
 *
 * @example
 * // hamlet, a member (`member`: his ChatClient), in a channel of 17 subscribers
 * const failure = await member.messages
 *   .send({ type: 'channel', to: largeChannelId, topic: 'news', content: '@**all** the office is closed on Friday' })
 *   .catch((error: unknown) => error);
 * if (failure instanceof StreamWildcardMentionNotAllowedError) console.log(failure.message);
 */
export class StreamWildcardMentionNotAllowedError extends ApiErrorBase<'STREAM_WILDCARD_MENTION_NOT_ALLOWED'> {
  override readonly name: string = 'StreamWildcardMentionNotAllowedError';
}

/**
 * `TOPIC_WILDCARD_MENTION_NOT_ALLOWED`: a topic wildcard mention (`@**topic**`) in a topic with
 * many participants, by a caller outside the organization's `can_mention_many_users_group`.
 *
 * @example
 * // hamlet, a member (`member`: his ChatClient), in a topic 16 users posted in
 * const failure = await member.messages
 *   .send({ type: 'channel', to: largeChannelId, topic: 'busy', content: '@**topic** lunch moves to 1 pm' })
 *   .catch((error: unknown) => error);
 * if (failure instanceof TopicWildcardMentionNotAllowedError) console.log(failure.message);
 */
export class TopicWildcardMentionNotAllowedError extends ApiErrorBase<'TOPIC_WILDCARD_MENTION_NOT_ALLOWED'> {
  override readonly name: string = 'TopicWildcardMentionNotAllowedError';
}

/**
 * `MOVE_MESSAGES_TIME_LIMIT_EXCEEDED`: moving a whole topic (`propagate_mode: 'change_all'`) was
 * refused because some of its messages are older than the caller's move time limit. Moving from
 * `first_message_id_allowed_to_move` on (`change_later`) moves the ones the caller may move.
 *
 * @example
 * // hamlet, a member (`member`: his ChatClient), may move messages up to a week old.
 * await member.messages.send({ type: 'channel', to: 'Verona', topic: 'plans', content: 'Old news' });
 * clock.advance(8 * 24 * 3600 * 1000); // the mock's clock: eight days later
 * const { id: recent } = await member.messages.send({ type: 'channel', to: 'Verona', topic: 'plans', content: 'Fresh news' });
 * const failure = await member.messages.update({ message_id: recent, topic: 'new', propagate_mode: 'change_all' }).catch((error: unknown) => error);
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
 * `REACTION_ALREADY_EXISTS`: the caller already reacted to the message with that emoji.
 *
 * @example
 * await client.reactions.add({ message_id: id, emoji_name: 'octopus' });
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
