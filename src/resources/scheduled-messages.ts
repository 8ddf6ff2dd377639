import type { CallOptions } from '../transport/call-options';
import type { ApiCall } from '../transport/api-call';
import type { EndpointParams, EndpointResult } from '../contract/endpoint';
import {
  createScheduledMessage,
  deleteScheduledMessage,
  getScheduledMessages,
  updateScheduledMessage,
} from '../endpoints/scheduled-messages';
import type { EndpointCaller } from './caller';

/**
 * Messages the caller scheduled for later: `client.scheduledMessages`. The server sends each at
 * its time (as the caller, re-checking permissions then); changes reach the caller's clients as
 * `scheduled_messages` events.
 *
 * @example
 * const { scheduled_messages } = await client.scheduledMessages.list();
 */
export class ScheduledMessagesResource {
  readonly #call: EndpointCaller;

  /** @internal */
  constructor(call: EndpointCaller) {
    this.#call = call;
  }

  /**
   * Lists the caller's undelivered scheduled messages, failed ones included, soonest first
   * (`GET /scheduled_messages`).
   *
   * @example
   * const { scheduled_messages } = await client.scheduledMessages.list();
   */
  list(
    params: EndpointParams<typeof getScheduledMessages> = {},
    options?: CallOptions,
  ): ApiCall<EndpointResult<typeof getScheduledMessages>> {
    return this.#call(getScheduledMessages, params, options);
  }

  /**
   * Schedules a message (`POST /scheduled_messages`): a channel message names its channel ID and
   * a topic, a direct message a list of user IDs. The delivery time is UNIX seconds, in the future.
   *
   * @example
   * const { scheduled_message_id } = await client.scheduledMessages.create({
   *   type: 'channel', to: channelId, topic: 'standup', content: 'Good morning!',
   *   scheduled_delivery_timestamp: Math.floor(Date.now() / 1000) + 3600,
   * });
   */
  create(
    params: EndpointParams<typeof createScheduledMessage>,
    options?: CallOptions,
  ): ApiCall<EndpointResult<typeof createScheduledMessage>> {
    return this.#call(createScheduledMessage, params, options);
  }

  /**
   * Changes a scheduled message (`PATCH /scheduled_messages/{scheduled_message_id}`): only the
   * fields given. A new `type` needs `to` (and `topic` for a channel); rescheduling a failed
   * message needs a new `scheduled_delivery_timestamp`.
   *
   * @example
   * await client.scheduledMessages.update({ scheduled_message_id: scheduledMessageId, content: 'Good afternoon!' });
   */
  update(
    params: EndpointParams<typeof updateScheduledMessage>,
    options?: CallOptions,
  ): ApiCall<EndpointResult<typeof updateScheduledMessage>> {
    return this.#call(updateScheduledMessage, params, options);
  }

  /**
   * Deletes a scheduled message, so it is never sent (`DELETE /scheduled_messages/{scheduled_message_id}`).
   *
   * @example
   * await client.scheduledMessages.delete({ scheduled_message_id: scheduledMessageId });
   */
  delete(
    params: EndpointParams<typeof deleteScheduledMessage>,
    options?: CallOptions,
  ): ApiCall<EndpointResult<typeof deleteScheduledMessage>> {
    return this.#call(deleteScheduledMessage, params, options);
  }
}
