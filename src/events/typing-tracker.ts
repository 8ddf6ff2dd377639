import type { ChatEvent } from '../schemas/events';
import { DEFAULT_TYPING_PERIODS, type TypingPeriods } from './typing-periods';

type TypingEvent = Extract<ChatEvent, { type: 'typing' }>;

function directKey(userIds: readonly number[]): string {
  return `direct:${[...new Set(userIds)].sort((a, b) => a - b).join(',')}`;
}

function topicKey(streamId: number, topic: string): string {
  return `stream:${streamId}:${topic.toLowerCase()}`;
}

/**
 * The receiving half of the typing protocol: feed it `typing` events and ask who is typing
 * where. An indicator ends on `stop`, or `server_typing_started_expiry_period_milliseconds`
 * after the last `start`. `onChange` runs whenever the answer for a conversation changes.
 *
 * @example
 * const me = (await client.users.me()).user_id;
 * const tracker = client.typing.tracker({ onChange: () => console.log(tracker.typingInDirect([me, 10])) });
 * for await (const event of client.events.stream({ event_types: ['typing'], signal })) {
 *   if (event.type !== 'registered') tracker.handle(event);
 * }
 * tracker.typingInDirect([me, 10]); // IDs of the users typing in your conversation with user 10
 */
export class TypingTracker {
  readonly #expiry: number;
  readonly #onChange: () => void;
  /** Per conversation: typist → the timer that expires their indicator. */
  readonly #typists = new Map<string, Map<number, ReturnType<typeof setTimeout>>>();

  /** @internal */
  constructor(periods: TypingPeriods = {}, onChange: () => void = () => {}) {
    this.#expiry =
      periods.server_typing_started_expiry_period_milliseconds ??
      DEFAULT_TYPING_PERIODS.server_typing_started_expiry_period_milliseconds;
    this.#onChange = onChange;
  }

  /** Applies a `typing` event; other events are ignored. */
  handle(event: ChatEvent): void {
    if (event.type !== 'typing') return;
    const key = this.#keyOf(event);
    if (event.op === 'start') this.#start(key, event.sender.user_id);
    else this.#stop(key, event.sender.user_id);
  }

  /** IDs of the users typing in a direct conversation, named by all its participants (yourself included). */
  typingInDirect(participantIds: readonly number[]): number[] {
    return [...(this.#typists.get(directKey(participantIds))?.keys() ?? [])];
  }

  /** IDs of the users typing in a channel topic (topics compare case-insensitively). */
  typingInTopic(streamId: number, topic: string): number[] {
    return [...(this.#typists.get(topicKey(streamId, topic))?.keys() ?? [])];
  }

  /** Forgets everything and cancels the expiry timers. */
  clear(): void {
    for (const typists of this.#typists.values()) for (const timer of typists.values()) clearTimeout(timer);
    this.#typists.clear();
  }

  #keyOf(event: TypingEvent): string {
    if (event.message_type === 'stream') return topicKey(event.stream_id, event.topic);
    return directKey(event.recipients.map((recipient) => recipient.user_id));
  }

  #start(key: string, userId: number): void {
    let typists = this.#typists.get(key);
    if (!typists) {
      typists = new Map();
      this.#typists.set(key, typists);
    }
    const known = typists.has(userId);
    clearTimeout(typists.get(userId));
    typists.set(
      userId,
      setTimeout(() => this.#stop(key, userId), this.#expiry),
    );
    if (!known) this.#onChange();
  }

  #stop(key: string, userId: number): void {
    const typists = this.#typists.get(key);
    if (!typists?.has(userId)) return;
    clearTimeout(typists.get(userId));
    typists.delete(userId);
    if (typists.size === 0) this.#typists.delete(key);
    this.#onChange();
  }
}
