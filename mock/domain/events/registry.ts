import type { UserRecord } from '../../store/store';
import { type CancelTimer, type Clock, setClockTimer } from '../clock';
import { ApiFailure } from '../errors';
import type { MockState } from '../state';
import type { Change } from './changes';
import { EventQueue, type PollOutcome, type QueueOptions } from './queue';
import { renderForQueue } from './render';

/** The real server's idle long-poll: a heartbeat after 45 s plus a whole number of seconds from 0 to 10. */
const HEARTBEAT_BASE_SECONDS = 45;
const HEARTBEAT_SPREAD_SECONDS = 10;
/** The client name of the server's own heartbeat tests: the server never sends its queues a heartbeat. */
const HEARTBEAT_TEST_CLIENT = 'API: heartbeat test';
const cancelNothing: CancelTimer = () => undefined;
const noTimer = (): CancelTimer => cancelNothing;

/** How often (in clock time) registering sweeps idle queues out: a sweep visits every queue. */
const SWEEP_INTERVAL_MS = 1_000;

/** `BAD_EVENT_QUEUE_ID`: unknown, expired, deleted or someone else's queue. */
function badEventQueue(queueId: string): ApiFailure {
  return new ApiFailure(`Bad event queue ID: ${queueId}`, 'BAD_EVENT_QUEUE_ID', 400, { queue_id: queueId });
}

function uuid4(): string {
  return globalThis.crypto.randomUUID();
}

/**
 * A realm's event queues, and the one path every change takes to them: {@link EventRegistry.record}
 * renders the change per queue (who may see it, `event_types`, narrow, the queue's options) and
 * enqueues it. Idle queues expire lazily: a queue is checked whenever it is read.
 */
export class EventRegistry {
  readonly #queues = new Map<string, EventQueue>();
  readonly #clock: Clock;
  #state: MockState | undefined;
  #nextSweep = Number.NEGATIVE_INFINITY;
  #restartedAt: number | undefined;

  constructor(clock: Clock) {
    this.#clock = clock;
  }

  /** Binds the realm whose changes are rendered (the state holds the registry). */
  attach(state: MockState): void {
    this.#state = state;
  }

  /** Creates a queue for a user. */
  register(user: UserRecord, options: QueueOptions): EventQueue {
    this.#sweepNowAndThen();
    const queue = new EventQueue(uuid4(), user.id, options, this.#clock);
    this.#queues.set(queue.id, queue);
    return queue;
  }

  /** The user's queue, or BAD_EVENT_QUEUE_ID (the same for another user's queue). */
  queueOf(user: UserRecord, queueId: string): EventQueue {
    const queue = this.#queues.get(queueId);
    if (!queue || this.#expired(queue) || queue.userId !== user.id) throw badEventQueue(queueId);
    return queue;
  }

  /** Deletes a queue, first completing a long-poll waiting on it. */
  delete(user: UserRecord, queueId: string): void {
    const queue = this.queueOf(user, queueId);
    this.#queues.delete(queue.id);
    queue.interruptWait();
  }

  /** Deletes every queue of a user (deactivation, API key change). */
  deleteAllOf(userId: number): void {
    for (const queue of [...this.#queues.values()]) {
      if (queue.userId !== userId) continue;
      this.#queues.delete(queue.id);
      queue.interruptWait();
    }
  }

  /** Live queues, oldest first (expired ones are removed first). */
  queues(): EventQueue[] {
    return [...this.#queues.values()].filter((queue) => !this.#expired(queue));
  }

  /**
   * Long-polls a queue: resolves with events, or empty when replaced, deleted or aborted; a
   * heartbeat 45-55 s later, except for the queues of the client the server's tests name
   * `API: heartbeat test`.
   */
  poll(queue: EventQueue, signal?: AbortSignal): Promise<PollOutcome> {
    if (queue.options.clientName === HEARTBEAT_TEST_CLIENT) return queue.wait(0, noTimer, signal);
    const delay = (HEARTBEAT_BASE_SECONDS + Math.floor(Math.random() * (HEARTBEAT_SPREAD_SECONDS + 1))) * 1000;
    const setTimer = (ms: number, callback: () => void): CancelTimer => setClockTimer(this.#clock, ms, callback);
    return queue.wait(delay, setTimer, signal);
  }

  /** Delivers a change to every queue whose user may see it, rendered for that queue. */
  record(change: Change): void {
    const state = this.#state;
    if (!state) throw new Error('[teamchat-mock] the event registry is not attached to a realm');
    for (const queue of this.#queues.values()) {
      if (this.#expired(queue)) continue;
      for (const payload of renderForQueue(state, queue, change)) queue.push(payload);
    }
  }

  /** When the event system last restarted (UNIX seconds): undefined until {@link restart}. */
  get restartedAt(): number | undefined {
    return this.#restartedAt;
  }

  /**
   * Restarts the event system as the server's does on an upgrade: every queue survives and gets
   * a `restart` event (then `web_reload_client`), and `server_generation` becomes `atSeconds`.
   */
  restart(atSeconds: number): void {
    this.#restartedAt = atSeconds;
    this.record({ kind: 'server_restarted', generation: atSeconds });
  }

  /** Deletes the queue if it has expired: every read of a queue asks this first. */
  #expired(queue: EventQueue): boolean {
    if (!queue.isExpired()) return false;
    this.#queues.delete(queue.id);
    return true;
  }

  /**
   * Frees expired queues that nothing reads any more. Every path that reads a queue checks it
   * first, so this is only about memory; sweeping on every registration made registering cost
   * a visit to every queue.
   */
  #sweepNowAndThen(): void {
    const now = this.#clock.now();
    if (now < this.#nextSweep) return;
    this.#nextSweep = now + SWEEP_INTERVAL_MS;
    for (const queue of this.#queues.values()) this.#expired(queue);
  }
}
