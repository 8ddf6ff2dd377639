import type { UserRecord } from '../../store/store';
import type { Mentions } from '../markdown/render';
import type { MockState } from '../state';
import { serviceBotMessage } from './message';
import { serviceBotTriggers } from './triggers';

/**
 * Queues a just-sent message for each service bot it triggers (the server's
 * `service_queue_events`), with the message as the bot sees it at this moment.
 */
export function queueServiceBotEvents(state: MockState, sender: UserRecord, messageId: number, mentions: Mentions): void {
  const triggers = serviceBotTriggers(state, sender, state.store.tables.message.get(messageId) ?? missing(messageId), mentions);
  for (const { botId, botType, trigger } of triggers) {
    const bot = state.store.tables.user.get(botId);
    const message = state.store.tables.message.get(messageId);
    if (!bot || !message) continue;
    state.serviceBots.enqueue(state, { botId, botType, trigger, message: serviceBotMessage(state, bot, message) });
  }
}

function missing(messageId: number): never {
  throw new Error(`[teamchat-mock] message ${messageId} was just stored but is not in the store`);
}
