import type { CallOptions } from '../transport/call-options';
import type { ApiCall } from '../transport/api-call';
import type { EndpointParams, EndpointResult } from '../contract/endpoint';
import { createReminder, deleteReminder, getReminders } from '../endpoints/reminders';
import type { EndpointCaller } from './caller';

/**
 * Reminders of messages: `client.reminders`. At the time asked, Notification Bot sends the caller
 * a direct message linking and quoting the message (as it is then), with the caller's note;
 * changes reach the caller's clients as `reminders` events.
 *
 * @example
 * const { reminder_id } = await client.reminders.create({
 *   message_id: messageId, scheduled_delivery_timestamp: Math.floor(Date.now() / 1000) + 3600,
 * });
 */
export class RemindersResource {
  readonly #call: EndpointCaller;

  /** @internal */
  constructor(call: EndpointCaller) {
    this.#call = call;
  }

  /**
   * Schedules a reminder of a message the caller can read (`POST /reminders`, feature level 381):
   * the time is UNIX seconds, in the future; `note` (level 415) is at most 1000 characters.
   *
   * @example
   * const { reminder_id } = await client.reminders.create({
   *   message_id: messageId, note: 'Reply to this',
   *   scheduled_delivery_timestamp: Math.floor(Date.now() / 1000) + 86400,
   * });
   */
  create(params: EndpointParams<typeof createReminder>, options?: CallOptions): ApiCall<EndpointResult<typeof createReminder>> {
    return this.#call(createReminder, params, options);
  }

  /**
   * Lists the caller's undelivered reminders, failed ones included, soonest first
   * (`GET /reminders`, feature level 399).
   *
   * @example
   * const { reminders } = await client.reminders.list();
   */
  list(params: EndpointParams<typeof getReminders> = {}, options?: CallOptions): ApiCall<EndpointResult<typeof getReminders>> {
    return this.#call(getReminders, params, options);
  }

  /**
   * Deletes one of the caller's reminders, so it is never sent (`DELETE /reminders/{reminder_id}`,
   * feature level 399).
   *
   * @example
   * await client.reminders.delete({ reminder_id: reminderId });
   */
  delete(params: EndpointParams<typeof deleteReminder>, options?: CallOptions): ApiCall<EndpointResult<typeof deleteReminder>> {
    return this.#call(deleteReminder, params, options);
  }
}
