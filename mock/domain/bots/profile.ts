import { ROLE_VALUES } from '../../../src/contract/endpoint';
import type { Bot } from '../../../src/schemas/bot';
import type { BotService } from '../../store/models';
import type { RecordOf } from '../../store/models';
import type { UserRecord } from '../../store/store';
import { isSystemBot } from '../accounts/visibility';
import { badRequest, roleRequired } from '../errors';
import type { MockState } from '../state';
import { avatarUrlFor } from '../users';

/** Bot types: generic, incoming webhook, outgoing webhook, embedded. */
export const BOT_TYPES = { generic: 1, incomingWebhook: 2, outgoingWebhook: 3, embedded: 4 } as const;

/** The embedded bots the server ships (`zulip_bots`' `EMBEDDED_BOTS`). */
export const EMBEDDED_BOT_NAMES = ['converter', 'encrypt', 'helloworld', 'virtual_fs', 'giphy', 'followup'] as const;

/** A bot's settings; a bot without a stored row has the defaults. */
export function botProfileOf(state: MockState, botId: number): RecordOf<'bot'> {
  return (
    state.store.tables.bot.get(botId) ?? {
      user_id: botId,
      default_sending_stream_id: null,
      default_events_register_stream_id: null,
      default_all_public_streams: false,
      services: [],
      config_data: {},
      last_owner_alert: null,
    }
  );
}

/** Stores a change of a bot's settings, creating its row on first change. */
export function updateBotProfile(state: MockState, botId: number, patch: Partial<Omit<RecordOf<'bot'>, 'user_id'>>): void {
  const table = state.store.tables.bot;
  if (table.get(botId)) table.update(botId, patch);
  else table.insert({ ...botProfileOf(state, botId), ...patch });
}

/** A channel's name, or null (a bot's default channels are named on the wire). */
export function channelNameOf(state: MockState, channelId: number | null): string | null {
  return channelId === null ? null : (state.store.tables.channel.get(channelId)?.name ?? null);
}

/**
 * A bot's services as the server lists them: an outgoing webhook's URL, format and token; an
 * embedded bot's configuration and name, or nothing while it has no configuration entries
 * (the server's `ConfigError`); nothing for other bots.
 */
function servicesOf(services: readonly BotService[], config: Readonly<Record<string, string>>): Bot['services'] {
  return services.flatMap((service): Bot['services'] => {
    if (service.kind === 'outgoing') return [{ base_url: service.base_url, interface: service.interface, token: service.token }];
    return Object.keys(config).length === 0 ? [] : [{ config_data: { ...config }, service_name: service.name }];
  });
}

/** A bot as `realm_bots` and `realm_bot` `add` events show it to those who administer it. */
export function botToWire(state: MockState, bot: UserRecord): Bot {
  const profile = botProfileOf(state, bot.id);
  return {
    email: bot.email,
    user_id: bot.id,
    full_name: bot.full_name,
    bot_type: bot.bot_type,
    is_active: bot.is_active,
    api_key: bot.api_key,
    default_sending_stream: channelNameOf(state, profile.default_sending_stream_id),
    default_events_register_stream: channelNameOf(state, profile.default_events_register_stream_id),
    default_all_public_streams: profile.default_all_public_streams,
    avatar_url: avatarUrlFor(state, bot),
    owner_id: bot.bot_owner_id,
    services: servicesOf(profile.services, profile.config_data),
  };
}

/** Whether a user may administer a bot: its owner, or an administrator (`can_admin_user`). */
function canAdministerBot(user: UserRecord, bot: UserRecord): boolean {
  return bot.bot_owner_id === user.id || user.role <= ROLE_VALUES.administrator;
}

/**
 * The bot a user administers, by ID (`access_bot_by_id`): `No such bot`, else `Insufficient
 * permission`; only owners administer a bot that may create users.
 */
export function botForAdministration(state: MockState, user: UserRecord, botId: number): UserRecord {
  const bot = state.store.tables.user.get(botId);
  if (!bot || !bot.is_bot || isSystemBot(bot)) throw badRequest('No such bot');
  if (!canAdministerBot(user, bot)) throw badRequest('Insufficient permission');
  if (bot.can_create_users && user.role !== ROLE_VALUES.owner) throw roleRequired('Must be an organization owner');
  return bot;
}

/** The bots a user administers, by ID: every bot of the realm for administrators, else their own. */
export function administeredBots(state: MockState, user: UserRecord): UserRecord[] {
  return state.store.tables.user
    .all()
    .filter((bot) => bot.is_bot && !isSystemBot(bot) && canAdministerBot(user, bot))
    .sort((a, b) => a.id - b.id);
}
