import { ApiErrorBase } from '../errors/api-error-base';
import { BadEventQueueIdError, RateLimitError } from '../errors/api-errors';
import { NetworkError, ResponseValidationError, TimeoutError, UnexpectedResponseError } from '../errors/transport-errors';
import type { RegisterParams, RegisterResponse } from '../schemas/event-queue';
import { type ChatEvent, type ChatEventPayload, parseEvent } from '../schemas/events';
import type { CallOptions } from '../transport/call-options';
import type { NarrowInput } from '../narrow';
import type * as z from 'zod/mini';

/** The parameters `POST /register` takes, as the stream passes them on (the narrow as given). */
type StreamRegisterParams = Record<string, unknown> & {
  readonly event_types?: readonly string[] | undefined;
  readonly narrow?: NarrowInput | undefined;
};

/** The `POST /register` parameters of `client.events.stream()`'s `register` option: all but those the stream sets itself. */
export type StreamRegisterOptions = Omit<z.input<typeof RegisterParams>, 'event_types' | 'narrow'>;

/** What the stream needs of the client: the three queue operations. */
export interface QueueApi {
  register(params: StreamRegisterParams, options?: CallOptions): Promise<RegisterResponse>;
  get(
    params: { queue_id: string; last_event_id: number },
    options?: CallOptions,
  ): Promise<{ events: ChatEventPayload[] }>;
  delete(params: { queue_id: string }, options?: CallOptions): Promise<unknown>;
}

/** Options of `client.events.stream()`. */
export interface EventStreamOptions {
  /** Event types to receive (and whose state each `registered` event carries); omitted = all. */
  readonly event_types?: readonly string[] | undefined;
  /**
   * Receive only the message events matching this narrow: a `Narrow` built with `narrow()`
   * or terms in either form, as `messages.list` takes them, sent as the `[operator, operand]` pairs
   * `POST /register` takes. The server filters a queue by `channel` (by name), `topic`, `sender`
   * (by email) and `is`; a negated term or an operand that is not a string is a `TypeError`
   * before any request, as that form cannot say it.
   */
  readonly narrow?: NarrowInput | undefined;
  /**
   * Further `POST /register` parameters (`apply_markdown`, `all_public_streams`, ...), typed as
   * `client.events.register` takes them: `client_capabilities`, when given, must include
   * `notification_settings_null` (the server refuses a registration without it).
   */
  readonly register?: Readonly<StreamRegisterOptions> | undefined;
  /** Stops the stream: the loop ends and the queue is deleted. */
  readonly signal?: AbortSignal | undefined;
  /** First wait after a failed poll or registration; doubles per failure, with jitter. @default 1000 */
  readonly retryDelayMs?: number | undefined;
  /** The longest wait between failed polls or registrations. @default 30000 */
  readonly maxRetryDelayMs?: number | undefined;
  /**
   * Called each time a registration or a poll failed for a reason that passes (a network error, a
   * timeout, 429, 5xx) and the stream waits before trying again: to report "disconnected" or log
   * it. The stream itself logs nothing. An error it throws ends the stream (the queue deleted);
   * aborting `signal` in it ends the stream at once.
   */
  readonly onRetry?: ((failure: StreamRetry) => void) | undefined;
  /** Called with events of a type this SDK does not know (a newer server's). */
  readonly onUnknownEvent?: ((event: ChatEventPayload) => void) | undefined;
  /**
   * Called with an event of a known type whose fields do not match its schema (an unusual or much
   * older server's), and the stream goes on. Without it, such an event ends the stream with a
   * {@link ResponseValidationError}.
   */
  readonly onInvalidEvent?: ((event: ChatEventPayload, error: ResponseValidationError) => void) | undefined;
}

/** A failure the stream waits out, as its `onRetry` hook gets it. */
export interface StreamRetry {
  /** What failed: registering a queue (at the start or after the server lost it) or polling it. */
  readonly operation: 'register' | 'poll';
  /** The SDK's error (`NetworkError`, `TimeoutError`, `RateLimitError`, `ServerError`, ...). */
  readonly error: unknown;
  /** Failures in a row, this one included. */
  readonly failures: number;
  /** How long the stream waits before trying again, in milliseconds. */
  readonly delayMs: number;
}

/**
 * Yielded when the stream has a (new) queue: first at the start, then whenever the server lost
 * the queue (`BAD_EVENT_QUEUE_ID`, e.g. after the client slept past its lifespan). Events may
 * have been missed in between, so `state` replaces whatever the caller built before.
 */
export interface RegisteredStreamEvent {
  readonly type: 'registered';
  readonly reason: 'start' | 'queue_lost';
  /** The fresh `POST /register` answer: the initial state of the requested types. */
  readonly state: RegisterResponse;
}

/** What `client.events.stream()` yields: server events (never heartbeats), and registrations. */
export type StreamEvent = ChatEvent | RegisteredStreamEvent;

/** An event typed, or undefined after handing it to the caller's hook for unknown or invalid events. */
function typedEvent(payload: ChatEventPayload, options: EventStreamOptions): ChatEvent | undefined {
  let event: ChatEvent | undefined;
  try {
    event = parseEvent(payload);
  } catch (error) {
    const issues = (error as { issues?: ResponseValidationError['issues'] }).issues ?? [];
    const invalid = new ResponseValidationError(`get-events (${payload.type} event)`, issues);
    if (!options.onInvalidEvent) throw invalid;
    options.onInvalidEvent(payload, invalid);
    return undefined;
  }
  if (event === undefined) options.onUnknownEvent?.(payload);
  return event;
}

/** Seconds the server may hold a long-poll (`event_queue_longpoll_timeout_seconds` default). */
const LONGPOLL_SECONDS = 90;
/** Margin above the server's long-poll time before the client gives up on a poll. */
const LONGPOLL_MARGIN_MS = 10_000;

function isTransient(error: unknown): boolean {
  if (error instanceof NetworkError || error instanceof TimeoutError) return true;
  // A body that claims JSON but does not parse was cut or corrupted on the way: poll again.
  // Anything else that is not the envelope (a login page) means the site is wrong.
  if (error instanceof UnexpectedResponseError) return /\bjson\b/i.test(error.contentType ?? '');
  // Every 5xx (ServerError, or a known code with a 5xx status) and 429.
  return error instanceof ApiErrorBase && (error.status >= 500 || error.status === 429);
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  // An abort before the wait began (by onRetry) fires no event: the wait would run its course.
  if (signal?.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** How long deleting the queue may take when the stream stops (no retries): stopping stays prompt. */
const STOP_DELETE_TIMEOUT_MS = 5000;

/**
 * The event loop every long-polling client needs: registers, polls with a timeout above the
 * server's long-poll time, acknowledges, hides heartbeats, re-registers when the queue is lost,
 * backs off with jitter (at least a 429's `retry-after`) when a registration (the first one too:
 * a server that is restarting) or a poll meets a network error, a timeout, 429 or 5xx, and stops
 * with any other error, and with a failed connection before the site ever answered (a wrong site,
 * a server not started). Leaving the loop (break, return, throw, or `signal`) deletes the queue,
 * waiting at most 5 s for the server.
 */
export async function* eventStream(api: QueueApi, options: EventStreamOptions = {}): AsyncGenerator<StreamEvent> {
  const { signal } = options;
  const registerParams: StreamRegisterParams = {
    ...options.register,
    ...(options.event_types ? { event_types: options.event_types } : {}),
    ...(options.narrow ? { narrow: options.narrow } : {}),
  };
  const firstDelay = options.retryDelayMs ?? 1000;
  const maxDelay = options.maxRetryDelayMs ?? 30_000;
  let queueId: string | undefined;
  try {
    let state: RegisterResponse | undefined;
    let lastEventId = -1;
    let failures = 0;
    // Why the stream (re)registers before its next poll; undefined while it holds a queue.
    let registering: RegisteredStreamEvent['reason'] | undefined = 'start';
    // Whether any answer came from the site: until one has, a failed connection means a wrong
    // site or a server not started (as the reference Python client reasons), so it ends the loop.
    let reached = false;
    while (!signal?.aborted) {
      let events: ChatEventPayload[] = [];
      try {
        // Not retried by the client: the loop backs off itself, and sees each attempt's failure
        // (a refused connection after a 503 is a restart, not a site that never answered).
        if (registering !== undefined) state = await api.register(registerParams, { signal, maxRetries: 0 });
        else {
          const pollTimeout = (state?.event_queue_longpoll_timeout_seconds ?? LONGPOLL_SECONDS) * 1000;
          ({ events } = await api.get(
            { queue_id: queueId ?? '', last_event_id: lastEventId },
            { signal, timeout: pollTimeout + LONGPOLL_MARGIN_MS, maxRetries: 0 },
          ));
        }
        failures = 0;
        reached = true;
      } catch (error) {
        if (signal?.aborted) return;
        if (!reached && error instanceof NetworkError) throw error;
        reached ||= !(error instanceof NetworkError || error instanceof TimeoutError);
        if (error instanceof BadEventQueueIdError) {
          registering = 'queue_lost';
          continue;
        }
        if (!isTransient(error)) throw error;
        const ceiling = Math.min(maxDelay, firstDelay * 2 ** failures++);
        const asked = error instanceof RateLimitError ? (error.retry_after ?? 0) * 1000 : 0;
        const delayMs = Math.max(asked, ceiling / 2 + Math.random() * (ceiling / 2));
        options.onRetry?.({ operation: registering === undefined ? 'poll' : 'register', error, failures, delayMs });
        await sleep(delayMs, signal);
        continue;
      }
      if (registering !== undefined && state !== undefined) {
        const reason = registering;
        registering = undefined;
        queueId = state.queue_id ?? undefined;
        lastEventId = state.last_event_id;
        yield { type: 'registered', reason, state };
        // A registration without a queue (the server answered only the state) has nothing to poll.
        if (queueId === undefined) return;
      }
      for (const payload of events) {
        lastEventId = Math.max(lastEventId, payload.id);
        const event = typedEvent(payload, options);
        if (event !== undefined && event.type !== 'heartbeat') yield event;
      }
    }
  } catch (error) {
    // Aborting is how a caller stops the stream, not a failure.
    if (!signal?.aborted) throw error;
  } finally {
    // Best effort, and brief: the server deletes an abandoned queue after its lifespan anyway.
    if (queueId !== undefined) {
      // The signal also ends paceRequests' wait for a spent budget, which the timeout (each
      // attempt's, and raced even with a fetch that ignores signals) does not cover.
      await api
        .delete({ queue_id: queueId }, { signal: AbortSignal.timeout(STOP_DELETE_TIMEOUT_MS), timeout: STOP_DELETE_TIMEOUT_MS, maxRetries: 0 })
        .catch(() => undefined);
    }
  }
}
