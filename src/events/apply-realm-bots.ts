import type { Bot } from '../schemas/bot';
import type { ChatEvent } from '../schemas/events';
import type { RegisterResponse } from '../schemas/event-queue';

type RealmBotEvent = Extract<ChatEvent, { type: 'realm_bot' }>;

/**
 * A `realm_bot` event on `realm_bots`: `add` inserts the bot in ID order, `delete` (and the
 * legacy `remove`) drops it, `update` merges the changed properties into it.
 */
export function applyRealmBotEvent<State extends Pick<RegisterResponse, 'realm_bots'>>(state: State, event: RealmBotEvent): State {
  const bots = state.realm_bots;
  if (bots === undefined) return state;
  const { user_id: botId, ...changes } = event.bot;
  switch (event.op) {
    case 'add': {
      const added = structuredClone(event.bot) as Bot;
      return { ...state, realm_bots: [...bots.filter((bot) => bot.user_id !== botId), added].sort((a, b) => a.user_id - b.user_id) };
    }
    case 'delete':
    case 'remove':
      return { ...state, realm_bots: bots.filter((bot) => bot.user_id !== botId) };
    default:
      return { ...state, realm_bots: bots.map((bot) => (bot.user_id === botId ? { ...bot, ...structuredClone(changes) } : bot)) };
  }
}

/**
 * A bot's new API email (a `realm_user` `update` with `new_email`) in `realm_bots`: the server
 * sends no `realm_bot` event for it, but a fresh registration lists the bot under its new address.
 */
export function applyBotEmailChange<State extends Pick<RegisterResponse, 'realm_bots'>>(state: State, userId: number, email: string): State {
  const bots = state.realm_bots;
  if (bots === undefined || !bots.some((bot) => bot.user_id === userId)) return state;
  return { ...state, realm_bots: bots.map((bot) => (bot.user_id === userId ? { ...bot, email } : bot)) };
}
