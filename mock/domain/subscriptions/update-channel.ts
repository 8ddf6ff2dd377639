import type { GroupSettingValue } from '../../../src/schemas/group-setting';
import type { ChannelRecord, UserRecord } from '../../store/store';
import { hasChannelContentAccess } from '../channel-access';
import { channelExists, checkChannelName } from '../channels';
import { pythonStrip } from '../python-strip';
import { badRequest, roleRequired } from '../errors';
import { LEVEL, hasLevel } from '../feature-levels';
import { settingValueChanges } from '../group-setting';
import { silentMention } from '../notification-bot';
import type { MockState } from '../state';
import { settingForApi } from '../user-groups/settings';
import { hasRole } from '../users';
import { canAdministerChannel, channelWithMetadataAccess, metadataViewerIds } from './access';
import { checkUnarchive, unarchiveChannel } from './archive';
import { isDefaultChannel, setDefaultChannel } from './default-channels';
import { renderChannelDescription } from './defaults';
import { postChannelNotice } from './notices';
import { canCreateChannel } from './permissions';
import { streamPostPolicy } from './serialize';
import { postDescriptionNotice, postPostingPermissionNotice, postRetentionNotice, postTopicsPolicyNotice } from './setting-notices';
import {
  CHANNEL_PERMISSION_SETTINGS,
  type ChannelGroupSetting,
  DELETE_POLICY_SETTINGS,
  checkChannelGroupSetting,
  checkDescription,
  parseRetentionDays,
} from './settings';
import { hasRealmPermission } from '../realm-permission';
import { MODERATION_CHANNEL_PRIVATE } from '../realm-config/realm-channels';
import { checkTopicsPolicy, checkTopicsPolicyPermission } from './topics-policy';
import { WEB_PUBLIC_DISABLED, checkChannelFolder } from './create-channel';

/** What `PATCH /streams/{stream_id}` reads besides the group settings. */
interface UpdateChannelBasics {
  readonly description?: string | undefined;
  readonly new_name?: string | undefined;
  readonly is_private?: boolean | undefined;
  readonly is_web_public?: boolean | undefined;
  readonly history_public_to_subscribers?: boolean | undefined;
  readonly message_retention_days?: number | string | undefined;
  readonly topics_policy?: string | undefined;
  readonly folder_id?: number | null | undefined;
  readonly is_default_stream?: boolean | undefined;
  readonly is_archived?: boolean | undefined;
}

/** What `PATCH /streams/{stream_id}` reads, its group settings included. */
export type UpdateChannelInput = UpdateChannelBasics & { readonly [Setting in ChannelGroupSetting]?: GroupUpdate | undefined };

/** A group setting's new value, and the value the caller expects it to replace. */
interface GroupUpdate {
  readonly new: GroupSettingValue;
  readonly old?: GroupSettingValue | null | undefined;
}

/** The group settings whose change needs access to the channel's content, as privacy changes do. */
const SETTINGS_NEEDING_CONTENT_ACCESS: readonly ChannelGroupSetting[] = ['can_add_subscribers_group', 'can_subscribe_group'];

const CONTENT_ACCESS_REQUIRED = 'Channel content access is required.';

type Privacy = Pick<ChannelRecord, 'invite_only' | 'is_web_public' | 'history_public_to_subscribers'>;

function record(state: MockState, channel: ChannelRecord, property: string, value: unknown, hadAccess: ReadonlySet<number>, extra: Record<string, unknown> = {}) {
  state.events.record({ kind: 'channel_updated', channelId: channel.id, name: channel.name, property, value, extra, hadAccess });
}

function policyName(channel: Privacy): string {
  if (channel.is_web_public) return 'Web-public';
  if (!channel.invite_only) return 'Public';
  return channel.history_public_to_subscribers ? 'Private, shared history' : 'Private, protected history';
}

/**
 * The privacy settings the request proposes, checked as `update_stream_backend` does (lines
 * 300–345 of its view): history defaults to the opposite of a given `is_private`; web-public
 * channels need shared history and cannot be private; public channels need shared history;
 * default channels cannot be private, the moderation request channel public; changing `is_private` needs content access and permission
 * to create that kind of channel; making a channel web-public needs permission to create one.
 */
function proposedPrivacy(state: MockState, user: UserRecord, channel: ChannelRecord, input: UpdateChannelInput): Privacy {
  const invite_only = input.is_private ?? channel.invite_only;
  const is_web_public = input.is_web_public ?? channel.is_web_public;
  const history_public_to_subscribers =
    input.history_public_to_subscribers ?? (input.is_private !== undefined ? !input.is_private : channel.history_public_to_subscribers);
  if (is_web_public && !history_public_to_subscribers) throw badRequest('Invalid parameters');
  if (is_web_public && invite_only) throw badRequest('Invalid parameters');
  if (!invite_only && !history_public_to_subscribers) throw badRequest('Invalid parameters');
  if (invite_only && (input.is_default_stream ?? isDefaultChannel(state, channel.id))) throw badRequest('A default channel cannot be private.');
  if (!invite_only && state.realm.moderation_request_channel_id === channel.id) throw badRequest(MODERATION_CHANNEL_PRIVATE);
  if (input.is_private !== undefined) {
    if (!hasChannelContentAccess(state, user, channel)) throw badRequest(CONTENT_ACCESS_REQUIRED);
    if (!canCreateChannel(state, user, input.is_private ? 'private' : 'public')) throw badRequest('Insufficient permission');
  }
  if (input.is_web_public) {
    if (!state.realm.enable_spectator_access) throw badRequest(WEB_PUBLIC_DISABLED);
    if (!canCreateChannel(state, user, 'web-public')) throw badRequest('Insufficient permission');
  }
  return { invite_only, is_web_public, history_public_to_subscribers };
}

/**
 * `PATCH /streams/{stream_id}`: channel administrators (and organization administrators) change a
 * channel's privacy, settings, description, name and (from level 389) folder, and (from level 388) unarchive it. As the
 * server's `update_stream_backend` (no transaction around it), the privacy rules are checked
 * first, then each change is checked and made in turn: a later failure keeps the earlier changes,
 * their events and notices. Archived channels may be edited from level 362.
 */
export function updateChannel(state: MockState, user: UserRecord, channelId: number, input: UpdateChannelInput): void {
  const channel = channelWithMetadataAccess(state, user, channelId);
  if (!canAdministerChannel(state, user, channel)) throw badRequest('You do not have permission to administer this channel.');
  if (channel.is_archived && !hasLevel(state, LEVEL.archivedChannelsEditable)) throw badRequest('Invalid channel ID');
  // The description's checks are its parameter's type: before anything else.
  const description = input.description === undefined ? undefined : checkDescription(input.description);
  const privacy = proposedPrivacy(state, user, channel, input);
  const id = channel.id;
  if (input.topics_policy !== undefined) {
    checkTopicsPolicyPermission(state, user, input.topics_policy);
    checkTopicsPolicy(state, current(state, id), input.topics_policy);
    applyTopicsPolicy(state, user, id, input.topics_policy);
  }
  if (input.is_private !== undefined || input.is_web_public !== undefined || input.history_public_to_subscribers !== undefined) {
    applyPrivacy(state, user, id, privacy);
  }
  if (input.is_default_stream !== undefined) {
    // Channel administrators get this far; default channels stay the organization administrators'.
    if (!hasRole(user, 'administrator')) throw badRequest('You do not have permission to change default channels.');
    setDefaultChannel(state, id, input.is_default_stream);
  }
  if (input.message_retention_days !== undefined) {
    if (!hasRole(user, 'owner')) throw roleRequired('Must be an organization owner');
    applyRetention(state, user, id, parseRetentionDays(input.message_retention_days));
  }
  if (input.is_archived === false && hasLevel(state, LEVEL.unarchiveChannel)) {
    checkUnarchive(state, current(state, id));
    unarchiveChannel(state, current(state, id));
  }
  // Asked for at all, changed or not, the delete policies need the realm's permission.
  if (DELETE_POLICY_SETTINGS.some((setting) => input[setting] !== undefined) && !hasRealmPermission(state, user, 'can_set_delete_message_policy_group')) {
    throw badRequest('Insufficient permission');
  }
  if (description !== undefined) applyDescription(state, user, id, description);
  if (input.new_name !== undefined) renameChannel(state, user, id, input.new_name);
  if (input.folder_id !== undefined) moveToFolder(state, id, input.folder_id);
  for (const setting of CHANNEL_PERMISSION_SETTINGS) {
    const update = input[setting];
    if (!update || !settingValueChanges(state, settingForApi(state, current(state, id)[setting]), update)) continue;
    if (SETTINGS_NEEDING_CONTENT_ACCESS.includes(setting) && !hasChannelContentAccess(state, user, current(state, id))) {
      throw badRequest(CONTENT_ACCESS_REQUIRED);
    }
    applyGroupSetting(state, user, id, setting, checkChannelGroupSetting(state, setting, update.new));
  }
}

/**
 * Puts the channel in a folder (any of the realm's, archived ones included) or, with null, in
 * none (`do_change_stream_folder`): told even when unchanged, with no notice in the channel.
 */
function moveToFolder(state: MockState, id: number, folderId: number | null): void {
  checkChannelFolder(state, folderId);
  state.store.tables.channel.update(id, { folder_id: folderId });
  record(state, current(state, id), 'folder_id', folderId, metadataViewerIds(state, current(state, id)));
}

function current(state: MockState, channelId: number): ChannelRecord {
  const channel = state.store.tables.channel.get(channelId);
  if (!channel) throw new Error(`[teamchat-mock] channel ${channelId} vanished during an update`);
  return channel;
}

function applyPrivacy(state: MockState, user: UserRecord, id: number, privacy: Privacy): void {
  const before = current(state, id);
  const hadAccess = metadataViewerIds(state, before);
  state.store.tables.channel.update(id, privacy);
  // The server tells and notes it even when nothing changed (`do_change_stream_permission`).
  record(state, current(state, id), 'invite_only', privacy.invite_only, hadAccess, {
    history_public_to_subscribers: privacy.history_public_to_subscribers,
    is_web_public: privacy.is_web_public,
  });
  postChannelNotice(
    state,
    current(state, id),
    `${silentMention(user)} changed the [access permissions](/help/channel-permissions) for this channel from **${policyName(before)}** to **${policyName(privacy)}**.`,
  );
}

function applyGroupSetting(state: MockState, user: UserRecord, id: number, setting: ChannelGroupSetting, value: GroupSettingValue): void {
  const before = current(state, id);
  const hadAccess = metadataViewerIds(state, before);
  state.store.tables.channel.update(id, { [setting]: value });
  const after = current(state, id);
  record(state, after, setting, value, hadAccess);
  if (setting !== 'can_send_message_group') return;
  // Older clients read the posting permission from the deprecated policy fields, sent when it changes.
  const policy = streamPostPolicy(state, after);
  if (policy !== streamPostPolicy(state, before)) {
    record(state, after, 'stream_post_policy', policy, metadataViewerIds(state, after));
    record(state, after, 'is_announcement_only', policy === 2, metadataViewerIds(state, after));
  }
  postPostingPermissionNotice(state, user, after, before.can_send_message_group, value);
}

function applyTopicsPolicy(state: MockState, user: UserRecord, id: number, policy: string): void {
  const before = current(state, id).topics_policy;
  if (policy === before) return;
  state.store.tables.channel.update(id, { topics_policy: policy });
  record(state, current(state, id), 'topics_policy', policy, metadataViewerIds(state, current(state, id)));
  postTopicsPolicyNotice(state, user, current(state, id), before, policy);
}

function applyRetention(state: MockState, user: UserRecord, id: number, days: number | null): void {
  const before = current(state, id).message_retention_days;
  state.store.tables.channel.update(id, { message_retention_days: days });
  record(state, current(state, id), 'message_retention_days', days, metadataViewerIds(state, current(state, id)));
  postRetentionNotice(state, user, current(state, id), before, days);
}

function applyDescription(state: MockState, user: UserRecord, id: number, description: string): void {
  // As the server, even an unchanged description is stored, sent and noted.
  const before = current(state, id).description;
  const rendered = renderChannelDescription(state, description, user);
  state.store.tables.channel.update(id, { description, rendered_description: rendered });
  record(state, current(state, id), 'description', description, metadataViewerIds(state, current(state, id)), { rendered_description: rendered });
  postDescriptionNotice(state, user, current(state, id), before, description);
}

/**
 * Renames the channel: the name stripped, refused when unchanged; a name that differs by more
 * than case must be a valid name no other channel has (`CHANNEL_ALREADY_EXISTS`, HTTP 409; before
 * {@link LEVEL.channelExistsError}, 10.2's 400 `Channel name is already in use.`).
 */
function renameChannel(state: MockState, user: UserRecord, id: number, requested: string): void {
  const oldName = current(state, id).name;
  const newName = pythonStrip(requested);
  if (newName === oldName) throw badRequest('Channel already has that name.');
  if (newName.toLowerCase() !== oldName.toLowerCase()) {
    checkChannelName(state, newName);
    if (state.store.channelByName(newName)) {
      throw hasLevel(state, LEVEL.channelExistsError) ? channelExists(newName) : badRequest('Channel name is already in use.');
    }
  }
  state.store.tables.channel.update(id, { name: newName });
  record(state, { ...current(state, id), name: oldName }, 'name', newName, metadataViewerIds(state, current(state, id)));
  postChannelNotice(state, current(state, id), `${silentMention(user)} renamed channel **${oldName}** to **${newName}**.`);
}
