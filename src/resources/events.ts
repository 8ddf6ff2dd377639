import { ApiCall } from '../transport/api-call';
import type { EndpointParams, EndpointResult } from '../contract/endpoint';
import { deleteQueue, getEvents, registerQueue } from '../endpoints/events';
import { type EventStreamOptions, eventStream, type StreamEvent } from '../events/event-stream';
import { toQueueNarrow } from '../events/queue-narrow';
import type { NarrowInput } from '../narrow';
import type { MessageEvent } from '../schemas/events';
import type { CallOptions } from '../transport/call-options';
import type { EndpointCaller } from './caller';

/** What {@link EventsResource.register} declares when the caller declares no capabilities. */
const DEFAULT_CLIENT_CAPABILITIES = { notification_settings_null: true } as const;

/** A message as a `message` event carries it: a channel or a direct message, told apart by `type`. */
export type EventMessage = MessageEvent['message'];

/** Parameters of `client.events.register`: `POST /register`, with `narrow` built or plain. */
export type RegisterQueueParams = Omit<EndpointParams<typeof registerQueue>, 'narrow'> & {
  /**
   * Only the message events matching this narrow: a `Narrow` built with `narrow()` or terms in
   * either form, sent as `[operator, operand]` pairs; no negated terms, string operands only.
   */
  readonly narrow?: NarrowInput | undefined;
};

/** Options of {@link EventsResource.onMessage}. */
export type OnMessageOptions = Omit<EventStreamOptions, 'event_types'>;

/**
 * Real-time events: `client.events`.
 *
 * @example
 * for await (const event of client.events.stream({ event_types: ['message'], signal })) {
 *   if (event.type === 'message') console.log(event.message.content);
 * }
 */
export class EventsResource {
  readonly #call: EndpointCaller;

  /** @internal */
  constructor(call: EndpointCaller) {
    this.#call = call;
  }

  /**
   * Registers an event queue and fetches the initial state of the requested types
   * (`POST /register`). Without `client_capabilities` it declares
   * `{ notification_settings_null: true }`, so that the subscriptions' inherited notification
   * settings are null in the state as they are in `subscription` events; the server's default
   * (false) fills them from the user's `enable_stream_*` settings in the state only.
   *
   * `narrow` takes what `messages.list` takes (a `narrow()` builder or terms in either form) and
   * sends it as the `[operator, operand]` pairs the server takes for a queue; a negated term or an
   * operand that is not a string (a channel ID) fails with a `TypeError`, and nothing is sent.
   *
   * @example
   * const state = await client.events.register({ event_types: ['message'], apply_markdown: true });
   * await client.events.register({ event_types: ['message'], narrow: narrow().channel('Verona').topic('lunch') });
   */
  register(params: RegisterQueueParams = {}, options?: CallOptions): ApiCall<EndpointResult<typeof registerQueue>> {
    const { narrow: given, ...rest } = params;
    const client_capabilities = params.client_capabilities ?? DEFAULT_CLIENT_CAPABILITIES;
    let narrow;
    try {
      narrow = given === undefined ? undefined : toQueueNarrow(given);
    } catch (error) {
      return new ApiCall(Promise.reject(error as Error));
    }
    return this.#call(registerQueue, { ...rest, ...(narrow ? { narrow } : {}), client_capabilities }, options);
  }

  /**
   * Reads a queue's events newer than `last_event_id`, waiting for one unless `dont_block`
   * (`GET /events`). Pass a `timeout` above the server's long-poll time (90 s).
   *
   * @example
   * const { events } = await client.events.get({ queue_id, last_event_id: -1 }, { timeout: 100_000 });
   */
  get(params: EndpointParams<typeof getEvents>, options?: CallOptions): ApiCall<EndpointResult<typeof getEvents>> {
    return this.#call(getEvents, params, options);
  }

  /**
   * Deletes an event queue (`DELETE /events`).
   *
   * @example
   * await client.events.delete({ queue_id });
   */
  delete(params: EndpointParams<typeof deleteQueue>, options?: CallOptions): ApiCall<EndpointResult<typeof deleteQueue>> {
    return this.#call(deleteQueue, params, options);
  }

  /**
   * The event loop as an async iterator: yields a `registered` event with the initial state,
   * then every event except heartbeats, re-registering (another `registered` event) when the
   * server lost the queue. Leaving the loop deletes the queue.
   *
   * @example
   * for await (const event of client.events.stream({ event_types: ['message'], signal })) {
   *   if (event.type === 'message') console.log(event.message.content);
   * }
   */
  stream(options: EventStreamOptions = {}): AsyncGenerator<StreamEvent> {
    return eventStream(
      {
        register: (params, callOptions) => this.register(params as RegisterQueueParams, callOptions),
        get: (params, callOptions) => this.get(params, callOptions),
        delete: (params, callOptions) => this.delete(params, callOptions),
      },
      options,
    );
  }

  /**
   * Calls `handler` for every new message the user receives (and, with a narrow, only those
   * matching it), one at a time, until `signal` aborts or an unrecoverable error occurs. An error
   * the handler throws is one: the queue is deleted and the returned promise rejects with it.
   *
   * @example
   * await client.events.onMessage(async (message) => { console.log(message.content); }, { signal });
   */
  async onMessage(
    handler: (message: EventMessage, event: MessageEvent) => void | Promise<void>,
    options: OnMessageOptions = {},
  ): Promise<void> {
    for await (const event of this.stream({ ...options, event_types: ['message'] })) {
      if (event.type === 'message') await handler(event.message, event);
    }
  }
}
