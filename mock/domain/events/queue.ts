import type { Clock } from '../clock';
import { badRequest } from '../errors';

/** A delivered event: its queue-local ID, its type and its payload. */
export type QueuedEvent = { readonly id: number; readonly type: string } & Readonly<Record<string, unknown>>;

/**
 * The real queue's key for merging `update_message_flags` events; none for other events, for
 * removing `read` and for `all` (marking everything read), which the server keys apart and never merges.
 */
function mergeKeyOf(event: QueuedEvent): string | undefined {
  if (event.type !== 'update_message_flags') return undefined;
  const { op, flag, all } = event as { op?: unknown; flag?: unknown; all?: unknown };
  if (all === true || (op === 'remove' && flag === 'read')) return undefined;
  return `${String(op)}/${String(flag)}`;
}

function mergeFlagEvents(undelivered: QueuedEvent, newer: QueuedEvent): QueuedEvent {
  const messagesOf = (event: QueuedEvent) => (event as { messages?: readonly number[] }).messages ?? [];
  return { ...undelivered, id: newer.id, messages: [...messagesOf(undelivered), ...messagesOf(newer)] };
}

/** What a queue was registered with, already normalized. */
export interface QueueOptions {
  /** Delivered types; null = every type. */
  readonly eventTypes: ReadonlySet<string> | null;
  readonly narrow: readonly (readonly [string, string])[];
  readonly applyMarkdown: boolean;
  readonly clientGravatar: boolean;
  /** `slim_presence`: presence keyed by user ID, without emails. */
  readonly slimPresence: boolean;
  readonly allPublicStreams: boolean;
  /** Declared client capabilities that are true. */
  readonly capabilities: ReadonlySet<string>;
  /** Idle time after which the queue is deleted. */
  readonly lifespanMs: number;
  /** The registering client's name. */
  readonly clientName: string;
  /** False for old mobile apps: Pronouns profile fields reach them as short text fields. */
  readonly pronounsFieldTypeSupported: boolean;
}

/** How a long-poll ended: with events, or emptied because the queue went away or was re-polled. */
export type PollOutcome = { readonly events: QueuedEvent[]; readonly completedWait: boolean };

interface Waiter {
  readonly resolve: (outcome: PollOutcome) => void;
  readonly cancelHeartbeat: () => void;
}

/**
 * One client's event queue: IDs start at 0 and increase; acknowledging drops older events; at most
 * one long-poll waits on it. Times are read from the realm's clock.
 */
export class EventQueue {
  #nextId = 0;
  #newestPrunedId = -1;
  #events: QueuedEvent[] = [];
  /** Flag events not yet delivered, one per operation and flag, which later ones merge into. */
  readonly #mergeable = new Map<string, QueuedEvent>();
  #waiter: Waiter | undefined;
  #lastTouched: number;

  constructor(
    /** The queue's UUID. */
    readonly id: string,
    /** The user who registered it: only they may read it. */
    readonly userId: number,
    readonly options: QueueOptions,
    readonly clock: Clock,
  ) {
    this.#lastTouched = clock.now();
  }

  /** Whether the queue delivers events of this type (heartbeats always). */
  accepts(type: string): boolean {
    return type === 'heartbeat' || this.options.eventTypes === null || this.options.eventTypes.has(type);
  }

  /** Events not yet acknowledged, oldest first (flag events merged as the real queue merges them). */
  get pending(): readonly QueuedEvent[] {
    this.#settleMerged();
    return this.#events;
  }

  /** The ID the next event will get. */
  get nextEventId(): number {
    return this.#nextId;
  }

  /**
   * Adds an event and completes a waiting long-poll with everything pending. As on the real
   * server, a flag event (other than removing `read` or marking all read) that arrives while one
   * of the same operation and flag is still undelivered merges its `messages` into it, and the
   * merged event takes the newer ID, so a client may see fewer events and skipped IDs.
   */
  push(payload: { readonly type: string } & Readonly<Record<string, unknown>>): void {
    const event: QueuedEvent = { ...payload, id: this.#nextId++ };
    const key = mergeKeyOf(event);
    if (key === undefined) {
      this.#events.push(event);
    } else {
      const undelivered = this.#mergeable.get(key);
      this.#mergeable.set(key, undelivered ? mergeFlagEvents(undelivered, event) : event);
    }
    this.#finishWait(true);
  }

  /** Puts the merged flag events in their place by ID: from now on they are delivered as they are. */
  #settleMerged(): void {
    if (this.#mergeable.size === 0) return;
    this.#events = [...this.#events, ...this.#mergeable.values()].sort((a, b) => a.id - b.id);
    this.#mergeable.clear();
  }

  /**
   * Acknowledges every event up to `lastEventId`, with the real server's checks: an ID older
   * than what was already pruned, or one that was never issued, is refused.
   */
  acknowledge(lastEventId: number): void {
    if (lastEventId < this.#newestPrunedId) {
      throw badRequest(`An event newer than ${lastEventId} has already been pruned!`);
    }
    while (this.#events.length > 0 && (this.#events[0]?.id ?? Infinity) <= lastEventId) {
      this.#newestPrunedId = this.#events.shift()?.id ?? this.#newestPrunedId;
    }
    if (this.#newestPrunedId !== lastEventId) throw badRequest(`Event ${lastEventId} was not in this queue`);
  }

  /**
   * Waits until an event arrives, the heartbeat falls due, another poll replaces this one, the
   * queue is deleted, or `signal` aborts. Any earlier wait is completed first.
   */
  wait(heartbeatDelayMs: number, setTimer: (delayMs: number, callback: () => void) => () => void, signal?: AbortSignal): Promise<PollOutcome> {
    this.#finishWait(false);
    this.touch();
    return new Promise((resolve) => {
      const onAbort = () => this.#finishWait(false);
      const cancelTimer = setTimer(heartbeatDelayMs, () => this.push({ type: 'heartbeat' }));
      this.#waiter = {
        resolve,
        cancelHeartbeat: () => {
          cancelTimer();
          signal?.removeEventListener('abort', onAbort);
        },
      };
      if (signal?.aborted) onAbort();
      else signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** Whether a long-poll is waiting (a queue with a connected poll never expires). */
  get isWaiting(): boolean {
    return this.#waiter !== undefined;
  }

  /** Records a connection (a long-poll starting, as the server's `connect_handler`), which restarts the idle period. */
  touch(): void {
    this.#lastTouched = this.clock.now();
  }

  /** Whether its lifespan has passed since the queue's last connection, with no poll waiting. */
  isExpired(): boolean {
    return !this.isWaiting && this.clock.now() - this.#lastTouched >= this.options.lifespanMs;
  }

  /** Completes a waiting long-poll with nothing: a newer request arrived, or the queue goes away. */
  interruptWait(): void {
    this.#finishWait(false);
  }

  #finishWait(withEvents: boolean): void {
    const waiter = this.#waiter;
    if (!waiter) return;
    this.#waiter = undefined;
    waiter.cancelHeartbeat();
    waiter.resolve({ events: withEvents ? [...this.pending] : [], completedWait: withEvents });
  }
}
