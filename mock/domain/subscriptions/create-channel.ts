import type { GroupSettingValue } from '../../../src/schemas/group-setting';
import type { ChannelRecord, UserRecord } from '../../store/store';
import { checkChannelName } from '../channels';
import { unixSeconds } from '../clock';
import { badRequest, roleRequired } from '../errors';
import type { MockState } from '../state';
import { hasRole } from '../users';
import { defaultChannelPermissions, renderChannelDescription } from './defaults';
import { canCreateChannel } from './permissions';
import { CHANNEL_PERMISSION_SETTINGS, type ChannelGroupSetting, DELETE_POLICY_SETTINGS, checkChannelGroupSetting, parseRetentionDays } from './settings';
import { hasRealmPermission } from '../realm-permission';
import { channelFolderById } from '../channel-folders/read';

/** The settings other than group settings a subscribe request gives the channels it creates. */
interface NewChannelBasics {
  readonly invite_only?: boolean | undefined;
  readonly is_web_public?: boolean | undefined;
  readonly is_default_stream?: boolean | undefined;
  readonly history_public_to_subscribers?: boolean | undefined;
  readonly message_retention_days?: number | string | undefined;
  readonly topics_policy?: string | undefined;
  readonly folder_id?: number | null | undefined;
}

/** The settings a subscribe request gives the channels it creates, its group settings included. */
export type NewChannelOptions = NewChannelBasics & { readonly [Setting in ChannelGroupSetting]?: GroupSettingValue | undefined };

/** Channel settings checked and resolved before anything is created. */
export type CheckedChannelSettings = Pick<
  ChannelRecord,
  | 'invite_only'
  | 'is_web_public'
  | 'history_public_to_subscribers'
  | 'message_retention_days'
  | 'topics_policy'
  | 'folder_id'
  | ChannelGroupSetting
>;

/**
 * Checks the folder a channel is put in: any folder of the realm, archived ones included, else
 * "Invalid channel folder ID"; null or omitted is no folder. A request that creates channels
 * reads it before anything else of them (even when every channel exists, or none is named);
 * anyone who may create or change the channels may choose it.
 */
export function checkChannelFolder(state: MockState, folderId: number | null | undefined): void {
  if (folderId !== undefined && folderId !== null) channelFolderById(state, folderId);
}

/**
 * The retention a request asks for new channels (null: the organization's), parsed as the server
 * reads it before the channel names, even when every channel exists; who may ask for it is
 * checked later ({@link checkCreationPermissions}).
 */
export function parseRequestedRetention(options: NewChannelOptions): number | null {
  return options.message_retention_days === undefined ? null : parseRetentionDays(options.message_retention_days);
}

/** The server's answer to a web-public channel while the organization has spectator access off (`web_public_streams_enabled`). */
export const WEB_PUBLIC_DISABLED = 'Web-public channels are not enabled.';

/**
 * Checks the group settings of a channel to create, in the server's order: each checked, then the
 * delete policies' permission when one is not nobody. Answers every group setting, the defaults
 * included. Subscribing checks them before {@link checkCreationPermissions}, `POST
 * /channels/create` after.
 */
export function checkNewChannelGroups(state: MockState, creator: UserRecord, options: NewChannelOptions): Record<ChannelGroupSetting, GroupSettingValue> {
  const groups: Record<ChannelGroupSetting, GroupSettingValue> = defaultChannelPermissions(state, creator.id);
  for (const setting of CHANNEL_PERMISSION_SETTINGS) {
    const value = options[setting];
    if (value === undefined) continue;
    groups[setting] = checkChannelGroupSetting(state, setting, value);
    // Only the delete-policy group may give a new channel anyone but nobody for these.
    if (
      DELETE_POLICY_SETTINGS.includes(setting) &&
      groups[setting] !== state.realm.system_groups['role:nobody'] &&
      !hasRealmPermission(state, creator, 'can_set_delete_message_policy_group')
    ) {
      throw badRequest('Insufficient permission');
    }
  }
  return groups;
}

/**
 * The server's `check_channel_creation_permissions`: permission for a private or public channel,
 * default channels (administrators only, never private), web-public ones (spectator access on,
 * then permission), retention (owners only). Answers the retention (null: the organization's).
 */
export function checkCreationPermissions(state: MockState, creator: UserRecord, options: NewChannelOptions): number | null {
  const requestedPrivate = options.invite_only === true;
  if (!canCreateChannel(state, creator, requestedPrivate ? 'private' : 'public')) throw badRequest('Insufficient permission');
  if (options.is_default_stream && !hasRole(creator, 'administrator')) throw badRequest('Insufficient permission');
  if (options.is_default_stream && requestedPrivate) throw badRequest('A default channel cannot be private.');
  if (options.is_web_public) {
    if (!state.realm.enable_spectator_access) throw badRequest(WEB_PUBLIC_DISABLED);
    if (!canCreateChannel(state, creator, 'web-public')) throw badRequest('Insufficient permission');
  }
  const retention = parseRequestedRetention(options);
  if (retention !== null && !hasRole(creator, 'owner')) throw roleRequired('Must be an organization owner');
  return retention;
}

/**
 * The settings of channels to create, from the request's options and what their checks answered
 * ({@link checkNewChannelGroups}, {@link checkCreationPermissions}): a web-public channel is
 * never private, a public one always shares its history.
 */
export function newChannelSettings(
  options: NewChannelOptions,
  groups: Record<ChannelGroupSetting, GroupSettingValue>,
  retention: number | null,
): CheckedChannelSettings {
  const invite_only = options.invite_only === true && !options.is_web_public;
  return {
    invite_only,
    is_web_public: options.is_web_public === true,
    // Public channels always share their history; private ones hide it unless asked.
    history_public_to_subscribers: invite_only ? options.history_public_to_subscribers === true : true,
    message_retention_days: retention,
    topics_policy: options.topics_policy ?? 'inherit',
    folder_id: options.folder_id ?? null,
    ...groups,
  };
}

/** Creates a channel (no subscribers yet) and records its creation for the event queues. */
export function createChannel(
  state: MockState,
  creator: UserRecord,
  name: string,
  description: string,
  settings: CheckedChannelSettings,
): ChannelRecord {
  const { store } = state;
  const channel = store.tables.channel.insert({
    id: store.ids.next('channel'),
    name: checkChannelName(state, name),
    description,
    rendered_description: renderChannelDescription(state, description, creator),
    date_created: unixSeconds(state.clock),
    creator_id: creator.id,
    first_message_id: null,
    is_archived: false,
    is_recently_active: true,
    recipient_id: store.ids.next('recipient'),
    ...settings,
  });
  state.events.record({ kind: 'channel_created', channelId: channel.id });
  return channel;
}
