import type { CallOptions } from '../transport/call-options';
import type { ApiCall } from '../transport/api-call';
import type { EndpointParams, EndpointResult } from '../contract/endpoint';
import { markAllAsRead, markStreamAsRead, markTopicAsRead, updateMessageFlags } from '../endpoints/flags';
import { updateMessageFlagsForNarrow } from '../endpoints/flags-narrow';
import { type NarrowInput, toNarrowTerms } from '../narrow';
import type { EditableMessageFlag, MessageFlagOperation } from '../schemas/flags';
import type { EndpointCaller } from './caller';

/** Parameters of {@link FlagsResource.update}: the wire parameters, `op` and `flag` typed. */
export type UpdateFlagsParams = Omit<EndpointParams<typeof updateMessageFlags>, 'op' | 'flag'> & {
  /** `add` or `remove`. */
  readonly op: MessageFlagOperation;
  /** `read`, `starred` or `collapsed`. */
  readonly flag: EditableMessageFlag;
};

/** Parameters of {@link FlagsResource.updateForNarrow}: `narrow` built or plain, `anchor`, `op` and `flag` typed. */
export type UpdateFlagsForNarrowParams = Omit<
  EndpointParams<typeof updateMessageFlagsForNarrow>,
  'narrow' | 'anchor' | 'op' | 'flag'
> & {
  /** A narrow built with `narrow()`, or plain terms; `[]` or null = all of your messages. */
  readonly narrow: NarrowInput | null;
  /** A message ID, `newest`, `oldest` or `first_unread` (the oldest unread message matching the narrow). */
  readonly anchor: number | 'newest' | 'oldest' | 'first_unread';
  /** `add` or `remove`. */
  readonly op: MessageFlagOperation;
  /** `read`, `starred` or `collapsed`. */
  readonly flag: EditableMessageFlag;
};

/**
 * Personal message flags and marking messages as read: `client.flags`.
 *
 * @example
 * await client.flags.update({ messages: [id], op: 'add', flag: 'starred' });
 */
export class FlagsResource {
  readonly #call: EndpointCaller;

  /** @internal */
  constructor(call: EndpointCaller) {
    this.#call = call;
  }

  /**
   * Adds or removes a flag on messages (`POST /messages/flags`). The answer's `messages` lists
   * the IDs whose flag changed; marking messages unread skips channels the user is not
   * subscribed to and names them in `ignored_because_not_subscribed_channels`.
   *
   * @example
   * await client.flags.update({ messages: [id], op: 'add', flag: 'starred' });
   * const { ignored_because_not_subscribed_channels } = await client.flags.update({ messages: [id], op: 'remove', flag: 'read' });
   */
  update(params: UpdateFlagsParams, options?: CallOptions): ApiCall<EndpointResult<typeof updateMessageFlags>> {
    return this.#call(updateMessageFlags, params, options);
  }

  /**
   * Adds or removes a flag on a range of the messages matching a narrow
   * (`POST /messages/flags/narrow`, feature level 155): up to `num_before` matching messages
   * before the anchor, the anchor itself, up to `num_after` after it (the server shortens the
   * range to 5000 messages). The answer counts the messages in the range (`processed_count`) and
   * those whose flag changed (`updated_count`); continue from `first_processed_id` or
   * `last_processed_id` until `found_oldest` or `found_newest`.
   *
   * @example
   * const unreadInLunch = narrow().channel('Verona').topic('lunch').is('unread');
   * let anchor: number | 'oldest' = 'oldest';
   * for (;;) {
   *   const range = await client.flags.updateForNarrow({
   *     narrow: unreadInLunch, anchor, include_anchor: anchor === 'oldest', num_before: 0, num_after: 1000, op: 'add', flag: 'read',
   *   });
   *   if (range.found_newest || range.last_processed_id === null) break;
   *   anchor = range.last_processed_id;
   * }
   */
  updateForNarrow(params: UpdateFlagsForNarrowParams, options?: CallOptions): ApiCall<EndpointResult<typeof updateMessageFlagsForNarrow>> {
    const { narrow, ...rest } = params;
    return this.#call(updateMessageFlagsForNarrow, { ...rest, narrow: narrow === null ? null : toNarrowTerms(narrow) }, options);
  }

  /**
   * Marks all of the user's unread messages as read (`POST /mark_all_as_read`, deprecated on
   * the server in favour of flags for a narrow). Repeat the call while `complete` is false.
   *
   * @example
   * let { complete } = await client.flags.markAllAsRead();
   * while (!complete) ({ complete } = await client.flags.markAllAsRead());
   */
  markAllAsRead(params: Record<string, never> = {}, options?: CallOptions): ApiCall<EndpointResult<typeof markAllAsRead>> {
    return this.#call(markAllAsRead, params, options);
  }

  /**
   * Marks the unread messages of a channel as read (`POST /mark_stream_as_read`).
   *
   * @example
   * await client.flags.markChannelAsRead({ stream_id: channelId });
   */
  markChannelAsRead(params: EndpointParams<typeof markStreamAsRead>, options?: CallOptions): ApiCall<EndpointResult<typeof markStreamAsRead>> {
    return this.#call(markStreamAsRead, params, options);
  }

  /**
   * Marks the unread messages of a channel topic as read (`POST /mark_topic_as_read`); the
   * topic must hold a message the user received.
   *
   * @example
   * await client.flags.markTopicAsRead({ stream_id: channelId, topic_name: 'lunch' });
   */
  markTopicAsRead(params: EndpointParams<typeof markTopicAsRead>, options?: CallOptions): ApiCall<EndpointResult<typeof markTopicAsRead>> {
    return this.#call(markTopicAsRead, params, options);
  }
}
