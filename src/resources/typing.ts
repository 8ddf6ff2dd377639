import type { CallOptions } from '../transport/call-options';
import type { ApiCall } from '../transport/api-call';
import type { EndpointParams, EndpointResult } from '../contract/endpoint';
import { setTypingStatus, setTypingStatusForMessageEdit } from '../endpoints/typing';
import { TypingNotifier, type TypingTarget } from '../events/typing-notifier';
import type { TypingPeriods } from '../events/typing-periods';
import { TypingTracker } from '../events/typing-tracker';
import type { EndpointCaller } from './caller';

/** Options of {@link TypingResource.notifier}. */
export interface TypingNotifierOptions {
  /** The periods from your `POST /register` answer (its `realm` state); the server defaults otherwise. */
  readonly periods?: TypingPeriods;
  /** Where failed notifications go (typing is best-effort); they are dropped otherwise. */
  readonly onError?: (error: unknown) => void;
}

/** Options of {@link TypingResource.tracker}. */
export interface TypingTrackerOptions {
  /** The periods from your `POST /register` answer; the server default expiry otherwise. */
  readonly periods?: TypingPeriods;
  /** Runs whenever someone starts or stops typing somewhere. */
  readonly onChange?: () => void;
}

/**
 * Typing notifications, sending and receiving: `client.typing`.
 *
 * @example
 * await client.typing.set({ op: 'start', to: [userId] });
 */
export class TypingResource {
  readonly #call: EndpointCaller;

  /** @internal */
  constructor(call: EndpointCaller) {
    this.#call = call;
  }

  /**
   * Notifies that you started or stopped composing (`POST /typing`): a direct message (`to`,
   * user IDs) or a channel topic (`type: 'channel'`, `stream_id`, `topic`).
   *
   * @example
   * await client.typing.set({ op: 'start', to: [userId] });
   * await client.typing.set({ type: 'channel', op: 'stop', stream_id: channelId, topic: 'plans' });
   */
  set(params: EndpointParams<typeof setTypingStatus>, options?: CallOptions): ApiCall<EndpointResult<typeof setTypingStatus>> {
    return this.#call(setTypingStatus, params, options);
  }

  /**
   * Notifies that you started or stopped editing one of your messages (`POST /messages/{message_id}/typing`).
   *
   * @example
   * await client.typing.setForEdit({ message_id: id, op: 'start' });
   */
  setForEdit(params: EndpointParams<typeof setTypingStatusForMessageEdit>, options?: CallOptions): ApiCall<EndpointResult<typeof setTypingStatusForMessageEdit>> {
    return this.#call(setTypingStatusForMessageEdit, params, options);
  }

  /**
   * A notifier for one compose box, following the client protocol: `start()` on each keystroke,
   * `stop()` when the message is sent or abandoned.
   *
   * @example
   * const state = await client.events.register({ event_types: ['realm', 'typing'] });
   * const typing = client.typing.notifier({ to: [userId] }, { periods: state });
   * const input = document.querySelector('textarea');
   * const form = document.querySelector('form');
   * input?.addEventListener('input', () => typing.start());
   * form?.addEventListener('submit', () => typing.stop());
   */
  notifier(target: TypingTarget, options: TypingNotifierOptions = {}): TypingNotifier {
    const send = (op: 'start' | 'stop') =>
      'to' in target
        ? this.set({ type: 'direct', op, to: [...target.to] })
        : this.set({ type: 'channel', op, stream_id: target.stream_id, topic: target.topic });
    return new TypingNotifier(send, options.periods, options.onError);
  }

  /**
   * Tracks who is typing where, from the `typing` events you feed it.
   *
   * @example
   * const state = await client.events.register({ event_types: ['realm', 'typing'] });
   * const tracker = client.typing.tracker({ periods: state, onChange: () => console.log(tracker.typingInTopic(channelId, 'plans')) });
   * for await (const event of client.events.stream({ event_types: ['typing'], signal })) {
   *   if (event.type !== 'registered') tracker.handle(event);
   * }
   * tracker.typingInTopic(channelId, 'plans'); // [userId, ...]
   */
  tracker(options: TypingTrackerOptions = {}): TypingTracker {
    return new TypingTracker(options.periods, options.onChange);
  }
}
