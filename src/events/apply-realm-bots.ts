import type { Bot } from '../schemas/bot';
import type { ChatEvent } from '../schemas/events';
import type { RegisterResponse } from '../schemas/event-queue';

type RealmBotEvent = Extract<ChatEvent, { type: 'realm_bot' }>;

/**
 * A `realm_bot` event on `realm_bots`: `add` inserts the bot in ID order, `delete` drops it, the
 * legacy `remove` (a deactivation before level 222) marks it inactive, `update` merges the changed
 * properties into it. A bot has at most one service, and an update of `services` carries only what
 * changed of it (a configuration update has no `service_name`): it is merged into the bot's
 * service, as Zulip's web app does, and ignored for a bot that lists none and for a configuration
 * of a bot that is not embedded.
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
      return { ...state, realm_bots: bots.filter((bot) => bot.user_id !== botId) };
    default:
      // `remove` (servers before level 222): a deactivation; the bot stays, inactive.
      return { ...state, realm_bots: bots.map((bot) => (bot.user_id === botId ? updatedBot(bot, event.op === 'remove' ? { is_active: false } : structuredClone(changes)) : bot)) };
  }
}

/** `bot_type` of embedded bots, the only ones whose service lists their configuration. */
const EMBEDDED_BOT = 4;

function updatedBot(bot: Bot, changes: Partial<Bot>): Bot {
  const { services, ...rest } = changes;
  const [service, ...others] = bot.services;
  const [serviceChanges] = services ?? [];
  if (!service || !serviceChanges) return { ...bot, ...rest };
  // The server announces any bot's configuration; only an embedded bot's service shows it.
  if ('config_data' in serviceChanges && bot.bot_type !== EMBEDDED_BOT) return { ...bot, ...rest };
  return { ...bot, ...rest, services: [{ ...service, ...serviceChanges }, ...others] };
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
