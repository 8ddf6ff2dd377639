import type { UserRecord } from '../../store/store';
import type { BotService } from '../../store/models';
import { insertUser } from '../accounts/insert-user';
import { checkFullName } from '../accounts/names';
import { accessChannelByName } from '../channel-access';
import { badRequest, roleRequired } from '../errors';
import { pythonStrip } from '../python-strip';
import { randomApiKey } from '../random';
import type { MockState } from '../state';
import { recordSystemGroupsJoined } from '../user-groups/membership-events';
import { avatarUrlFor, hasRole } from '../users';
import { botToWire, BOT_TYPES, channelNameOf, EMBEDDED_BOT_NAMES, updateBotProfile } from './profile';
import { botAddress } from './address';
import { type BotAvatarUpload, oneBotAvatar, storeBotAvatar } from './avatar';
import { checkInterfaceType, checkWebhookUrl } from './services';
import { checkIncomingWebhookConfig } from './webhook-config';
import { hasRealmPermission } from '../realm-permission';
import { isPolicyReplaced, replacedPolicyValue } from '../realm-config/replaced-policies';

/** What `POST /bots` reads. */
export interface CreateBotInput {
  readonly full_name: string;
  readonly short_name: string;
  readonly bot_type?: number | undefined;
  readonly payload_url?: string | undefined;
  readonly service_name?: string | undefined;
  readonly config_data?: Readonly<Record<string, string>> | undefined;
  readonly interface_type?: number | undefined;
  readonly default_sending_stream?: string | undefined;
  readonly default_events_register_stream?: string | undefined;
  readonly default_all_public_streams?: boolean | undefined;
}

const VALID_BOT_TYPES: readonly number[] = Object.values(BOT_TYPES);

/** `bot_creation_policy`'s numbers: any member, generic bots administrators only, administrators only. */
const BOT_CREATION = { everyone: 1, limitGenericBots: 2 } as const;

/**
 * Who may create which bots, as the server's `check_can_create_bot` decides: `can_create_bots_group`
 * any, `can_create_write_only_bots_group` incoming webhooks, and no one else (administrators
 * included: only the two settings count). Below level 344, as `check_bot_creation_policy` did by
 * `bot_creation_policy`: administrators any, members any but generic bots while generic bots are
 * limited, none while bots are.
 */
export function checkCreationPolicy(state: MockState, owner: UserRecord, botType: number): void {
  if (!isPolicyReplaced(state, 'bot_creation_policy')) {
    if (hasRole(owner, 'administrator')) return;
    const policy = replacedPolicyValue(state, 'bot_creation_policy');
    if (policy === BOT_CREATION.everyone || (policy === BOT_CREATION.limitGenericBots && botType !== BOT_TYPES.generic)) return;
    throw roleRequired('Must be an organization administrator');
  }
  if (hasRealmPermission(state, owner, 'can_create_bots_group')) return;
  if (botType === BOT_TYPES.incomingWebhook && hasRealmPermission(state, owner, 'can_create_write_only_bots_group')) return;
  throw badRequest('Insufficient permission');
}

/** Refuses a name an active user (human or bot) already has, as `check_bot_name_available` does. */
export function checkBotNameAvailable(state: MockState, fullName: string, exceptId?: number): void {
  if (nameTaken(state, fullName, exceptId)) throw badRequest('Name is already in use.');
}

/** Whether an active user other than `exceptId` has this full name. */
export function nameTaken(state: MockState, fullName: string, exceptId?: number): boolean {
  return state.store.tables.user.all().some((user) => user.is_active && user.id !== exceptId && user.full_name === fullName);
}

/**
 * `POST /bots`: a member or administrator creates a bot they own, at `{short_name}-bot@{realm
 * host}` (quoted where the short name needs it), checked in the server's order. Names are
 * stripped as Python strips them. The bot joins the member system groups (not the
 * default channels); its owner and the administrators get `realm_bot` `add`. A file sent with it
 * is its avatar, checked as an image only once the bot exists: the server then answers the
 * image's error, and the bot stays, with the events of its creation but no service, no
 * configuration and no `realm_bot` `add`.
 */
export function createBot(state: MockState, owner: UserRecord, input: CreateBotInput, uploads: readonly BotAvatarUpload[] = []) {
  const botType = input.bot_type ?? BOT_TYPES.generic;
  const shortName = pythonStrip(input.short_name);
  if (shortName === '') throw badRequest('Bad name or username');
  const serviceName = botType === BOT_TYPES.incomingWebhook ? input.service_name : input.service_name || shortName;
  const fullName = checkFullName(input.full_name, { state, exceptUserId: owner.id });
  const email = botAddress(shortName, state.realm.fake_email_domain);
  if (botType === BOT_TYPES.embedded && !EMBEDDED_BOT_NAMES.includes(serviceName as (typeof EMBEDDED_BOT_NAMES)[number])) {
    throw badRequest('Invalid embedded bot name.');
  }
  if (email === undefined) throw badRequest('Bad name or username');
  if (state.store.userByDeliveryEmail(email)) throw badRequest('Email is already in use.');
  checkBotNameAvailable(state, fullName);
  checkCreationPolicy(state, owner, botType);
  if (!VALID_BOT_TYPES.includes(botType)) throw badRequest('Invalid bot type');
  const interfaceType = checkInterfaceType(input.interface_type ?? 1);
  const payloadUrl = input.payload_url === undefined ? '' : checkWebhookUrl(input.payload_url, 'payload_url');
  const avatar = oneBotAvatar(uploads);
  const sending = input.default_sending_stream === undefined ? null : accessChannelByName(state, owner, input.default_sending_stream).id;
  const register =
    input.default_events_register_stream === undefined ? null : accessChannelByName(state, owner, input.default_events_register_stream).id;
  if (botType === BOT_TYPES.incomingWebhook && serviceName) checkIncomingWebhookConfig(state, serviceName, input.config_data ?? {});
  const bot = insertUser(state, {
    email,
    delivery_email: email,
    full_name: fullName,
    is_bot: true,
    bot_type: botType,
    bot_owner_id: owner.id,
    api_key: randomApiKey(),
  });
  const id = bot.id;
  if (avatar) state.store.avatarImages.setUploadedAvatar(id, true);
  updateBotProfile(state, id, {
    default_sending_stream_id: sending,
    default_events_register_stream_id: register,
    default_all_public_streams: input.default_all_public_streams ?? false,
  });
  state.events.record({ kind: 'realm_user_added', userId: id });
  recordSystemGroupsJoined(state, bot);
  // The server stores the image before the service and the configuration: a refused image leaves
  // a bot with neither.
  if (avatar) storeBotAvatar(state, bot, avatar, bot.avatar_version);
  updateBotProfile(state, id, {
    services: botServices(botType, serviceName ?? shortName, payloadUrl, interfaceType),
    config_data: botConfig(botType, serviceName, input.config_data),
  });
  state.events.record({ kind: 'realm_bot_changed', botId: id, op: 'add', bot: botToWire(state, bot) });
  return {
    user_id: id,
    api_key: bot.api_key,
    avatar_url: avatarUrlFor(state, bot),
    default_sending_stream: channelNameOf(state, sending),
    default_events_register_stream: channelNameOf(state, register),
    default_all_public_streams: input.default_all_public_streams ?? false,
  };
}

/** The service a new outgoing webhook or embedded bot gets (`add_service`); none for other bots. */
function botServices(botType: number, name: string, payloadUrl: string, interfaceType: number): BotService[] {
  if (botType !== BOT_TYPES.outgoingWebhook && botType !== BOT_TYPES.embedded) return [];
  const kind = botType === BOT_TYPES.outgoingWebhook ? 'outgoing' : 'embedded';
  return [{ kind, name, base_url: payloadUrl, interface: interfaceType, token: randomApiKey() }];
}

/** The configuration a new bot keeps (`set_bot_config`): an incoming webhook's integration, then the sent entries. */
function botConfig(botType: number, serviceName: string | undefined, configData: CreateBotInput['config_data']): Record<string, string> {
  const config: Record<string, string> = {};
  if (botType === BOT_TYPES.incomingWebhook && serviceName) config['integration_id'] = serviceName;
  if (botType === BOT_TYPES.incomingWebhook || botType === BOT_TYPES.embedded) Object.assign(config, configData ?? {});
  return config;
}
