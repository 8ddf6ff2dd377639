import type { UserRecord } from '../../store/store';
import { checkFullName } from '../accounts/names';
import { changeRole } from '../accounts/role-change';
import { checkRole, checkRoleValue } from '../accounts/update';
import { isSystemBot } from '../accounts/visibility';
import { accessChannelByName } from '../channel-access';
import { badRequest } from '../errors';
import type { MockState } from '../state';
import { avatarUrlFor } from '../users';
import { checkBotNameAvailable } from './create';
import { type BotAvatarUpload, oneBotAvatar, replaceBotAvatar } from './avatar';
import { botForAdministration, botProfileOf, channelNameOf, updateBotProfile } from './profile';
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

/** A new owner by ID, as `get_user_profile_by_id_in_realm` finds one (system bots live elsewhere). */
function newOwner(state: MockState, ownerId: number): UserRecord {
  const owner = state.store.tables.user.get(ownerId);
  if (!owner || isSystemBot(owner)) throw badRequest('Failed to change owner, no such user');
  if (!owner.is_active) throw badRequest('Failed to change owner, user is deactivated');
  if (owner.is_bot) throw badRequest("Failed to change owner, bots can't own other bots");
  return owner;
}

/** A default channel by name (`""` for none), as the bot's administrator may access it. */
function defaultChannel(state: MockState, actor: UserRecord, name: string): number | null {
  return name === '' ? null : accessChannelByName(state, actor, name).id;
}

/**
 * `PATCH /bots/{bot_id}`: the bot's owner or an administrator renames it, changes its role
 * (owners and administrators only), owner, default channels, service, configuration and avatar
 * (the one file sent, if any). Only what reading the parameters finds wrong (a role or URL of no
 * valid form) is refused before any change: then, like the server (no transaction), each step is
 * checked and applied in turn, so a later refusal keeps the earlier changes and their events.
 */
export function updateBot(state: MockState, actor: UserRecord, botId: number, input: UpdateBotInput, uploads: readonly BotAvatarUpload[] = []) {
  checkRoleValue(input.role);
  if (input.service_payload_url !== undefined) checkWebhookUrl(input.service_payload_url, 'service_payload_url');
  const bot = botForAdministration(state, actor, botId);
  if (input.full_name !== undefined) renameBot(state, bot, input.full_name);
  if (input.role !== undefined && input.role !== bot.role) {
    checkRole(state, actor, bot, input.role);
    changeRole(state, bot, input.role);
  }
  // The current owner's ID is no change: none of the owner checks are made.
  if (input.bot_owner_id !== undefined && input.bot_owner_id !== bot.bot_owner_id) {
    const owner = newOwner(state, input.bot_owner_id);
    recordOwnerChange(state, state.store.tables.user.update(bot.id, { bot_owner_id: owner.id }), bot.bot_owner_id);
  }
  applyChannelChanges(state, actor, bot, input);
  const serviceInterface = input.service_interface ?? 1;
  applyServiceChanges(state, bot, input, serviceInterface);
  const avatar = oneBotAvatar(uploads);
  if (avatar) replaceBotAvatar(state, bot, avatar);
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

/** `check_change_bot_full_name`: the bot's own name again is silently no change. */
function renameBot(state: MockState, bot: UserRecord, raw: string): void {
  const fullName = checkFullName(raw, { state, exceptUserId: bot.id });
  if (fullName === bot.full_name) return;
  checkBotNameAvailable(state, fullName, bot.id);
  state.store.tables.user.update(bot.id, { full_name: fullName });
  state.events.record({ kind: 'realm_user_updated', userId: bot.id, person: { full_name: fullName } });
  recordBot(state, bot.id, { full_name: fullName });
}

/** The default channels, each looked up and stored in turn, then `default_all_public_streams`. */
function applyChannelChanges(state: MockState, actor: UserRecord, bot: UserRecord, input: UpdateBotInput): void {
  if (input.default_sending_stream !== undefined) {
    const sending = defaultChannel(state, actor, input.default_sending_stream);
    updateBotProfile(state, bot.id, { default_sending_stream_id: sending });
    recordBot(state, bot.id, { default_sending_stream: channelNameOf(state, sending) });
  }
  if (input.default_events_register_stream !== undefined) {
    const register = defaultChannel(state, actor, input.default_events_register_stream);
    updateBotProfile(state, bot.id, { default_events_register_stream_id: register });
    recordBot(state, bot.id, { default_events_register_stream: channelNameOf(state, register) });
  }
  if (input.default_all_public_streams !== undefined) {
    updateBotProfile(state, bot.id, { default_all_public_streams: input.default_all_public_streams });
    recordBot(state, bot.id, { default_all_public_streams: input.default_all_public_streams });
  }
}

/** The outgoing webhook's URL and format, and the configuration of incoming webhook and embedded bots. */
function applyServiceChanges(state: MockState, bot: UserRecord, input: UpdateBotInput, serviceInterface: number): void {
  const url = input.service_payload_url;
  if (url !== undefined) {
    checkInterfaceType(serviceInterface);
    // An embedded bot's service changes too, announced in the outgoing webhook's shape, as the
    // server does. A bot without a service is left alone (the server fails there: a 500).
    const [service] = botProfileOf(state, bot.id).services;
    // The same URL and format again is no change, and no event.
    if (service && (service.base_url !== url || service.interface !== serviceInterface)) {
      updateBotProfile(state, bot.id, { services: [{ ...service, base_url: url, interface: serviceInterface }] });
      recordBot(state, bot.id, { services: [{ base_url: url, interface: serviceInterface, token: service.token }] });
    }
  }
  const config = input.config_data;
  if (config !== undefined) {
    // Any bot's configuration is stored and announced whole, as `do_update_bot_config_data` does,
    // though only embedded bots list it among their services.
    const updated = { ...botProfileOf(state, bot.id).config_data, ...config };
    updateBotProfile(state, bot.id, { config_data: updated });
    recordBot(state, bot.id, { services: [{ config_data: updated }] });
  }
}
