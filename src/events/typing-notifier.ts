import { DEFAULT_TYPING_PERIODS, type TypingPeriods } from './typing-periods';

/** Where the user is composing: a direct conversation, or a channel topic. */
export type TypingTarget = { readonly to: readonly number[] } | { readonly stream_id: number; readonly topic: string };

/** Sends one typing notification (the notifier's only way to the server). */
export type SendTypingStatus = (op: 'start' | 'stop') => Promise<unknown>;

/**
 * The sending half of the typing protocol for one compose box: call {@link TypingNotifier.start}
 * on every keystroke and {@link TypingNotifier.stop} when the message is sent or abandoned.
 * It sends `start` at once, again only every `server_typing_started_wait_period_milliseconds`
 * while typing goes on, and `stop` after `server_typing_stopped_wait_period_milliseconds` without
 * a keystroke. Failures to notify are passed to `onError` (typing is best-effort).
 *
 * @example
 * const notifier = client.typing.notifier({ to: [10] });
 * const input = document.querySelector('textarea');
 * const form = document.querySelector('form');
 * input?.addEventListener('input', () => notifier.start());
 * form?.addEventListener('submit', () => notifier.stop());
 */
export class TypingNotifier {
  readonly #send: SendTypingStatus;
  readonly #startedWait: number;
  readonly #stoppedWait: number;
  readonly #onError: (error: unknown) => void;
  #lastStartSent: number | undefined;
  #idleTimer: ReturnType<typeof setTimeout> | undefined;

  /** @internal */
  constructor(send: SendTypingStatus, periods: TypingPeriods = {}, onError: (error: unknown) => void = () => {}) {
    this.#send = send;
    this.#startedWait =
      periods.server_typing_started_wait_period_milliseconds ?? DEFAULT_TYPING_PERIODS.server_typing_started_wait_period_milliseconds;
    this.#stoppedWait =
      periods.server_typing_stopped_wait_period_milliseconds ?? DEFAULT_TYPING_PERIODS.server_typing_stopped_wait_period_milliseconds;
    this.#onError = onError;
  }

  /** Whether the notifier last told the server that the user is typing. */
  get isTyping(): boolean {
    return this.#lastStartSent !== undefined;
  }

  /** A keystroke: notifies `start` if due, and restarts the idle countdown to `stop`. */
  start(): void {
    const now = Date.now();
    if (this.#lastStartSent === undefined || now - this.#lastStartSent >= this.#startedWait) {
      this.#lastStartSent = now;
      this.#notify('start');
    }
    clearTimeout(this.#idleTimer);
    this.#idleTimer = setTimeout(() => this.stop(), this.#stoppedWait);
  }

  /** Composing ended (sent, cancelled, or idle): notifies `stop` if `start` was sent. */
  stop(): void {
    clearTimeout(this.#idleTimer);
    this.#idleTimer = undefined;
    if (this.#lastStartSent === undefined) return;
    this.#lastStartSent = undefined;
    this.#notify('stop');
  }

  #notify(op: 'start' | 'stop'): void {
    this.#send(op).catch(this.#onError);
  }
}
