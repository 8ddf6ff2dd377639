import type { UserRecord } from '../../store/store';
import { checkFullName } from '../accounts/names';
import { changeRole } from '../accounts/role-change';
import { checkRole } from '../accounts/update';
import { accessChannelByName } from '../channel-access';
import { badRequest } from '../errors';
import type { MockState } from '../state';
import { avatarUrlFor } from '../users';
import { checkBotNameAvailable } from './create';
import { botForAdministration, botProfileOf, botToWire, channelNameOf, updateBotProfile } from './profile';
import { recordOwnerChange } from './owner-change';
import { checkInterfaceType, checkWebhookUrl } from './services';

/** What `PATCH /bots/{bot_id}` reads. */
export interface UpdateBotInput {
  readonly full_name?: string | undefined;
  readonly role?: number | undefined;
  readonly bot_owner_id?: number | undefined;
  readonly config_data?: Readonly<Record<string, string>> | undefined;
  readonly service_payload_url?: string | undefined;
  readonly service_interface?: number | undefined;
  readonly default_sending_stream?: string | undefined;
  readonly default_events_register_stream?: string | undefined;
  readonly default_all_public_streams?: boolean | undefined;
}

function recordBot(state: MockState, botId: number, data: Record<string, unknown>): void {
  state.events.record({ kind: 'realm_bot_changed', botId, op: 'update', data });
}

function newOwner(state: MockState, ownerId: number): UserRecord {
  const owner = state.store.tables.user.get(ownerId);
  if (!owner) throw badRequest('Failed to change owner, no such user');
  if (!owner.is_active) throw badRequest('Failed to change owner, user is deactivated');
  if (owner.is_bot) throw badRequest("Failed to change owner, bots can't own other bots");
  return owner;
}

/** A default channel by name (`""` for none), as the bot's administrator may access it. */
function defaultChannel(state: MockState, actor: UserRecord, name: string | undefined): number | null | undefined {
  if (name === undefined) return undefined;
  return name === '' ? null : accessChannelByName(state, actor, name).id;
}

/**
 * `PATCH /bots/{bot_id}`: the bot's owner or an administrator renames it, changes its role
 * (owners and administrators only), owner, default channels, service and configuration. Every
 * value is checked before anything changes; each change sends its events.
 */
export function updateBot(state: MockState, actor: UserRecord, botId: number, input: UpdateBotInput) {
  const bot = botForAdministration(state, actor, botId);
  const fullName = input.full_name === undefined ? undefined : checkFullName(input.full_name);
  if (fullName !== undefined && fullName !== bot.full_name) checkBotNameAvailable(state, fullName, bot.id);
  if (input.role !== undefined) checkRole(state, actor, bot, input.role);
  const owner = input.bot_owner_id === undefined ? undefined : newOwner(state, input.bot_owner_id);
  const sending = defaultChannel(state, actor, input.default_sending_stream);
  const register = defaultChannel(state, actor, input.default_events_register_stream);
  const serviceInterface = input.service_interface ?? 1;
  if (input.service_payload_url !== undefined) {
    checkInterfaceType(serviceInterface);
    checkWebhookUrl(input.service_payload_url, 'service_payload_url');
  }
  applyChanges(state, bot, { fullName, role: input.role, owner, sending, register, input, serviceInterface });
  const updated = state.store.tables.user.get(bot.id) ?? bot;
  const profile = botProfileOf(state, bot.id);
  const ownerRecord = updated.bot_owner_id === null ? undefined : state.store.tables.user.get(updated.bot_owner_id);
  return {
    full_name: updated.full_name,
    avatar_url: avatarUrlFor(state, updated),
    service_interface: serviceInterface,
    service_payload_url: input.service_payload_url ?? null,
    config_data: input.config_data ?? null,
    default_sending_stream: channelNameOf(state, profile.default_sending_stream_id),
    default_events_register_stream: channelNameOf(state, profile.default_events_register_stream_id),
    default_all_public_streams: profile.default_all_public_streams,
    ...(ownerRecord ? { bot_owner: ownerRecord.email } : {}),
  };
}

interface CheckedBotChanges {
  readonly fullName: string | undefined;
  readonly role: number | undefined;
  readonly owner: UserRecord | undefined;
  readonly sending: number | null | undefined;
  readonly register: number | null | undefined;
  readonly input: UpdateBotInput;
  readonly serviceInterface: number;
}

function applyChanges(state: MockState, bot: UserRecord, changes: CheckedBotChanges): void {
  const users = state.store.tables.user;
  if (changes.fullName !== undefined && changes.fullName !== bot.full_name) {
    users.update(bot.id, { full_name: changes.fullName });
    state.events.record({ kind: 'realm_user_updated', userId: bot.id, person: { full_name: changes.fullName } });
    recordBot(state, bot.id, { full_name: changes.fullName });
  }
  if (changes.role !== undefined) changeRole(state, bot, changes.role);
  if (changes.owner && changes.owner.id !== bot.bot_owner_id) {
    recordOwnerChange(state, users.update(bot.id, { bot_owner_id: changes.owner.id }), bot.bot_owner_id);
  }
  if (changes.sending !== undefined) {
    updateBotProfile(state, bot.id, { default_sending_stream_id: changes.sending });
    recordBot(state, bot.id, { default_sending_stream: channelNameOf(state, changes.sending) });
  }
  if (changes.register !== undefined) {
    updateBotProfile(state, bot.id, { default_events_register_stream_id: changes.register });
    recordBot(state, bot.id, { default_events_register_stream: channelNameOf(state, changes.register) });
  }
  if (changes.input.default_all_public_streams !== undefined) {
    updateBotProfile(state, bot.id, { default_all_public_streams: changes.input.default_all_public_streams });
    recordBot(state, bot.id, { default_all_public_streams: changes.input.default_all_public_streams });
  }
  applyServiceChanges(state, bot, changes);
}

/** The outgoing webhook's URL and format, and the configuration of incoming webhook and embedded bots. */
function applyServiceChanges(state: MockState, bot: UserRecord, changes: CheckedBotChanges): void {
  const [service] = botProfileOf(state, bot.id).services;
  const url = changes.input.service_payload_url;
  if (url !== undefined && service?.kind === 'outgoing') {
    updateBotProfile(state, bot.id, { services: [{ ...service, base_url: url, interface: changes.serviceInterface }] });
    recordBot(state, bot.id, { services: botToWire(state, bot).services });
  }
  const config = changes.input.config_data;
  if (config !== undefined) {
    // Any bot's configuration is stored and announced whole, as `do_update_bot_config_data` does,
    // though only embedded bots list it among their services.
    const updated = { ...botProfileOf(state, bot.id).config_data, ...config };
    updateBotProfile(state, bot.id, { config_data: updated });
    recordBot(state, bot.id, { services: [{ config_data: updated }] });
  }
}
