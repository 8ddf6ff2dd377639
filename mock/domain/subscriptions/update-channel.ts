import type { GroupSettingValue } from '../../../src/schemas/group-setting';
import type { ChannelRecord, UserRecord } from '../../store/store';
import { checkChannelName } from '../channels';
import { badRequest, roleRequired } from '../errors';
import type { MockState } from '../state';
import { sameSettingValue, settingMismatch } from '../group-setting';
import { hasRole } from '../users';
import { canAdministerChannel, channelWithMetadataAccess, hasMetadataAccess } from './access';
import { isDefaultChannel, setDefaultChannel } from './default-channels';
import { renderChannelDescription } from './defaults';
import { postChannelNotice } from './notices';
import { canCreateChannel } from './permissions';
import { streamPostPolicy } from './serialize';
import { CHANNEL_GROUP_SETTINGS, type ChannelGroupSetting, checkChannelGroupSetting, checkDescription, parseRetentionDays } from './settings';

/** What `PATCH /streams/{stream_id}` reads. */
export interface UpdateChannelInput {
  readonly description?: string | undefined;
  readonly new_name?: string | undefined;
  readonly is_private?: boolean | undefined;
  readonly is_web_public?: boolean | undefined;
  readonly history_public_to_subscribers?: boolean | undefined;
  readonly message_retention_days?: number | string | undefined;
  readonly topics_policy?: string | undefined;
  readonly folder_id?: number | null | undefined;
  readonly is_default_stream?: boolean | undefined;
  readonly can_add_subscribers_group?: GroupUpdate | undefined;
  readonly can_remove_subscribers_group?: GroupUpdate | undefined;
  readonly can_administer_channel_group?: GroupUpdate | undefined;
  readonly can_send_message_group?: GroupUpdate | undefined;
  readonly can_subscribe_group?: GroupUpdate | undefined;
}

/** A group setting's new value, and the value the caller expects it to replace. */
export interface GroupUpdate {
  readonly new: GroupSettingValue;
  readonly old?: GroupSettingValue | undefined;
}

/** Who may see the channel now (metadata access), to tell the event layer who gained or lost it. */
function viewers(state: MockState, channel: ChannelRecord): Set<number> {
  return new Set(
    state.store.tables.user
      .all()
      .filter((user) => user.is_active && hasMetadataAccess(state, user, channel))
      .map((user) => user.id),
  );
}

function record(state: MockState, channel: ChannelRecord, property: string, value: unknown, hadAccess: ReadonlySet<number>, extra: Record<string, unknown> = {}) {
  state.events.record({ kind: 'channel_updated', channelId: channel.id, name: channel.name, property, value, extra, hadAccess });
}

function policyName(channel: Pick<ChannelRecord, 'invite_only' | 'is_web_public' | 'history_public_to_subscribers'>): string {
  if (channel.is_web_public) return 'Web-public';
  if (!channel.invite_only) return 'Public';
  return channel.history_public_to_subscribers ? 'Private, shared history' : 'Private, protected history';
}

function mention(user: UserRecord): string {
  return `@_**${user.full_name}|${user.id}**`;
}

/** The privacy settings after the request, checked against the caller's permissions. */
function nextPrivacy(state: MockState, user: UserRecord, channel: ChannelRecord, input: UpdateChannelInput) {
  const isWebPublic = input.is_web_public ?? (input.is_private === true ? false : channel.is_web_public);
  const inviteOnly = isWebPublic ? false : (input.is_private ?? channel.invite_only);
  const history = inviteOnly ? (input.history_public_to_subscribers ?? channel.history_public_to_subscribers) : true;
  if (isWebPublic && !channel.is_web_public && !canCreateChannel(state, user, 'web-public')) throw badRequest('Insufficient permission');
  if (!inviteOnly && !isWebPublic && (channel.invite_only || channel.is_web_public) && !canCreateChannel(state, user, 'public')) {
    throw badRequest('Insufficient permission');
  }
  if (inviteOnly && !channel.invite_only && !canCreateChannel(state, user, 'private')) throw badRequest('Insufficient permission');
  return { invite_only: inviteOnly, is_web_public: isWebPublic, history_public_to_subscribers: history };
}

/**
 * `PATCH /streams/{stream_id}`: channel administrators (and organization administrators) change a
 * channel's name, description, privacy and settings; every change is checked before any is made.
 */
export function updateChannel(state: MockState, user: UserRecord, channelId: number, input: UpdateChannelInput): void {
  const channel = channelWithMetadataAccess(state, user, channelId);
  if (!canAdministerChannel(state, user, channel)) throw badRequest('You do not have permission to administer this channel.');
  if (channel.is_archived) throw badRequest('Invalid channel ID');
  let newName: string | undefined;
  if (input.new_name !== undefined) {
    newName = checkChannelName(state, input.new_name);
    if (newName === channel.name) throw badRequest('Channel already has that name.');
    const other = state.store.channelByName(newName);
    if (other && other.id !== channel.id) throw badRequest(`Channel name '${newName}' is already taken.`);
  }
  const description = input.description === undefined ? undefined : checkDescription(input.description);
  const privacyRequested =
    input.is_private !== undefined || input.is_web_public !== undefined || input.history_public_to_subscribers !== undefined;
  const privacy = privacyRequested ? nextPrivacy(state, user, channel, input) : undefined;
  const willBeDefault = input.is_default_stream ?? isDefaultChannel(state, channel.id);
  // Channel administrators get this far; default channels stay the organization administrators'.
  if (input.is_default_stream !== undefined && !hasRole(user, 'administrator')) {
    throw badRequest('You do not have permission to change default channels.');
  }
  if (willBeDefault && (privacy?.invite_only ?? channel.invite_only)) throw badRequest('A default channel cannot be private.');
  let retention: number | null | undefined;
  if (input.message_retention_days !== undefined) {
    if (!hasRole(user, 'owner')) throw roleRequired('Must be an organization owner');
    retention = parseRetentionDays(input.message_retention_days);
  }
  if (input.folder_id !== undefined && input.folder_id !== null) throw badRequest('Invalid channel folder ID');
  const groups: [ChannelGroupSetting, GroupSettingValue][] = [];
  for (const setting of Object.keys(CHANNEL_GROUP_SETTINGS) as ChannelGroupSetting[]) {
    const update = input[setting];
    if (!update) continue;
    if (update.old !== undefined && !sameSettingValue(update.old, channel[setting])) {
      throw settingMismatch();
    }
    groups.push([setting, checkChannelGroupSetting(state, setting, update.new)]);
  }
  applyUpdates(state, user, channel, { newName, description, privacy, retention, topicsPolicy: input.topics_policy, groups });
  if (input.is_default_stream !== undefined) setDefaultChannel(state, channel.id, input.is_default_stream);
}

interface CheckedUpdates {
  readonly newName: string | undefined;
  readonly description: string | undefined;
  readonly privacy: Pick<ChannelRecord, 'invite_only' | 'is_web_public' | 'history_public_to_subscribers'> | undefined;
  readonly retention: number | null | undefined;
  readonly topicsPolicy: string | undefined;
  readonly groups: readonly [ChannelGroupSetting, GroupSettingValue][];
}

function current(state: MockState, channelId: number): ChannelRecord {
  const channel = state.store.tables.channel.get(channelId);
  if (!channel) throw new Error(`[teamchat-mock] channel ${channelId} vanished during an update`);
  return channel;
}

function applyUpdates(state: MockState, user: UserRecord, original: ChannelRecord, updates: CheckedUpdates): void {
  const { store } = state;
  const id = original.id;
  const everyone = () => viewers(state, current(state, id));
  if (updates.newName !== undefined) {
    const oldName = current(state, id).name;
    store.tables.channel.update(id, { name: updates.newName });
    record(state, { ...current(state, id), name: oldName }, 'name', updates.newName, everyone());
    postChannelNotice(state, current(state, id), `${mention(user)} renamed channel **${oldName}** to **${updates.newName}**.`);
  }
  if (updates.description !== undefined && updates.description !== current(state, id).description) {
    const rendered = renderChannelDescription(state, updates.description);
    store.tables.channel.update(id, { description: updates.description, rendered_description: rendered });
    record(state, current(state, id), 'description', updates.description, everyone(), { rendered_description: rendered });
  }
  const privacy = updates.privacy;
  const before = current(state, id);
  if (
    privacy &&
    (privacy.invite_only !== before.invite_only ||
      privacy.is_web_public !== before.is_web_public ||
      privacy.history_public_to_subscribers !== before.history_public_to_subscribers)
  ) {
    const hadAccess = everyone();
    store.tables.channel.update(id, privacy);
    record(state, current(state, id), 'invite_only', privacy.invite_only, hadAccess, {
      history_public_to_subscribers: privacy.history_public_to_subscribers,
      is_web_public: privacy.is_web_public,
    });
    postChannelNotice(
      state,
      current(state, id),
      `${mention(user)} changed the [access permissions](/help/channel-permissions) for this channel from **${policyName(before)}** to **${policyName(privacy)}**.`,
    );
  }
  if (updates.retention !== undefined && updates.retention !== current(state, id).message_retention_days) {
    store.tables.channel.update(id, { message_retention_days: updates.retention });
    record(state, current(state, id), 'message_retention_days', updates.retention, everyone());
  }
  if (updates.topicsPolicy !== undefined && updates.topicsPolicy !== current(state, id).topics_policy) {
    store.tables.channel.update(id, { topics_policy: updates.topicsPolicy });
    record(state, current(state, id), 'topics_policy', updates.topicsPolicy, everyone());
  }
  for (const [setting, value] of updates.groups) {
    if (sameSettingValue(value, current(state, id)[setting])) continue;
    const hadAccess = everyone();
    store.tables.channel.update(id, { [setting]: value });
    record(state, current(state, id), setting, value, hadAccess);
    if (setting === 'can_send_message_group') {
      // Older clients read the posting permission from the deprecated policy fields.
      const policy = streamPostPolicy(state, current(state, id));
      record(state, current(state, id), 'stream_post_policy', policy, everyone());
      record(state, current(state, id), 'is_announcement_only', policy === 2, everyone());
    }
  }
}
