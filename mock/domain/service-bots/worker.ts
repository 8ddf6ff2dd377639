import { ApiFailure } from '../errors';
import { botProfileOf, BOT_TYPES } from '../bots/profile';
import { updateMessageFlags } from '../flags/update-flags';
import type { MockState } from '../state';
import { runEmbeddedBot } from './embedded';
import type { ServiceBotMessage } from './message';
import { type CallResult, type OutgoingCallSettings, type OutgoingWebhookEvent, runOutgoingWebhook } from './outgoing-webhook';
import type { OutgoingWebhookFetch } from './outgoing-request';

/** Options of the mock's outgoing webhook calls. */
export interface OutgoingWebhookOptions {
  /**
   * What POSTs the payloads: `fetch`, or a handler of the `Request` that answers in-process.
   * @default globalThis.fetch (the bot's real `payload_url` is called)
   */
  readonly fetch?: OutgoingWebhookFetch;
  /**
   * The server's `OUTGOING_WEBHOOK_TIMEOUT_SECONDS`, counted on the realm's clock.
   * @default 10
   */
  readonly timeoutSeconds?: number;
}

/** A message queued for one service bot. */
export interface ServiceBotEvent {
  readonly botId: number;
  readonly botType: number;
  readonly trigger: string;
  readonly message: ServiceBotMessage;
}

type QueueName = 'outgoing_webhooks' | 'embedded_bots';

/**
 * The server's `outgoing_webhooks` and `embedded_bots` queue workers: each queue handles its
 * events one at a time, in order, after the send that queued them has answered. `idle()` tells
 * when both are empty.
 *
 * @example
 * const hamlet = mock.clientFor('hamlet@zulip.com');
 * await hamlet.messages.send({ type: 'direct', to: [botId], content: 'ping' });
 * await mock.state.serviceBots.idle(); // what mock.settle() does
 */
export class ServiceBotWorker {
  readonly #settings: OutgoingCallSettings;
  readonly #queues: Record<QueueName, OutgoingWebhookEvent[]> = { outgoing_webhooks: [], embedded_bots: [] };
  readonly #running = new Set<QueueName>();
  #waiters: (() => void)[] = [];
  #stopped = false;

  constructor(options: OutgoingWebhookOptions = {}) {
    this.#settings = {
      // Looked up at call time: a test may stub the global fetch after the mock exists.
      fetch: options.fetch ?? ((request) => globalThis.fetch(request)),
      timeoutSeconds: options.timeoutSeconds ?? 10,
      live: () => !this.#stopped,
    };
  }

  /** Queues a message for a service bot; the work starts once the current request has answered. */
  enqueue(state: MockState, event: ServiceBotEvent): void {
    if (this.#stopped) return;
    const queue: QueueName = event.botType === BOT_TYPES.outgoingWebhook ? 'outgoing_webhooks' : 'embedded_bots';
    this.#queues[queue].push({ botId: event.botId, trigger: event.trigger, message: event.message, failedTries: 0 });
    if (this.#running.has(queue)) return;
    this.#running.add(queue);
    setTimeout(() => void this.#drain(state, queue), 0);
  }

  /** Resolves once every queued event is handled (retries included). */
  idle(): Promise<void> {
    if (this.#running.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.#waiters.push(resolve));
  }

  /** Drops what is queued and ignores what is under way: the realm it belonged to is gone (reset, restore). */
  stop(): void {
    this.#stopped = true;
    for (const queue of Object.values(this.#queues)) queue.length = 0;
  }

  async #drain(state: MockState, queue: QueueName): Promise<void> {
    const events = this.#queues[queue];
    for (let event = events.shift(); event && !this.#stopped; event = events.shift()) {
      try {
        const result = await this.#handle(state, queue, event);
        if (result === 'retry' && !this.#stopped) events.push(event);
      } catch (error) {
        // The server's worker logs what fails and goes on with the next event.
        state.logger.error(`[teamchat-mock] the ${queue} worker failed on message ${event.message.id}`, error);
      }
    }
    this.#running.delete(queue);
    if (this.#running.size > 0) return;
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const resolve of waiters) resolve();
  }

  async #handle(state: MockState, queue: QueueName, event: OutgoingWebhookEvent): Promise<CallResult> {
    const bot = state.store.tables.user.get(event.botId);
    if (!bot) return 'done';
    const services = botProfileOf(state, bot.id).services;
    let result: CallResult = 'done';
    if (queue === 'outgoing_webhooks') {
      for (const service of services) {
        if ((await runOutgoingWebhook(state, bot, service, event, this.#settings)) === 'retry') result = 'retry';
        if (this.#stopped) return 'done';
      }
    } else {
      for (const service of services) {
        if (!runEmbeddedBot(state, bot, service.name, event.message, event.trigger)) return 'done';
      }
    }
    markProcessed(state, bot.id, event.message.id);
    return result;
  }
}

/** The bot's copy of the message is marked read (`do_flag_service_bots_messages_as_processed`). */
function markProcessed(state: MockState, botId: number, messageId: number): void {
  const bot = state.store.tables.user.get(botId);
  if (!bot) return;
  try {
    updateMessageFlags(state, bot, [messageId], 'add', 'read');
  } catch (error) {
    // A message the bot may not read (a private channel it is not in) cannot be flagged.
    if (!(error instanceof ApiFailure)) throw error;
  }
}
