import type { UserRecord } from '../../store/store';
import { channelExists, checkChannelName } from '../channels';
import type { MockState } from '../state';
import {
  type NewChannelOptions,
  checkChannelFolder,
  checkCreationPermissions,
  checkNewChannelGroups,
  createChannel,
  newChannelSettings,
  parseRequestedRetention,
} from './create-channel';
import { setDefaultChannel } from './default-channels';
import { defaultChannelPermissions } from './defaults';
import { resolvePrincipals } from './principals';
import { checkDescription } from './settings';
import { applySubscribe } from './subscribe';
import { checkTopicsPolicyPermission } from './topics-policy';

/** What `POST /channels/create` reads. */
export interface CreateChannelInput extends NewChannelOptions {
  readonly name: string;
  readonly description?: string | undefined;
  readonly subscribers: readonly number[];
  readonly announce?: boolean | undefined;
}

/**
 * `POST /channels/create` (the server's `create_channel` view), checked in its order: the name
 * (valid, not taken: 409), the folder and retention value, permission to set the topics policy,
 * permission to create that kind of channel, the group settings, then the subscribers (every ID a
 * user of the organization, active). Without subscribers the channel is only created (no
 * Notification Bot message, no announcement); with them, they are subscribed as
 * `POST /users/me/subscriptions` does for a channel it creates, with its events and messages.
 * Answers the new channel's ID.
 */
export function createChannelByRequest(state: MockState, actor: UserRecord, input: CreateChannelInput): number {
  const name = checkChannelName(state, input.name);
  const taken = state.store.channelByName(name);
  if (taken) throw channelExists(name);
  checkChannelFolder(state, input.folder_id);
  parseRequestedRetention(input);
  if (input.topics_policy !== undefined) checkTopicsPolicyPermission(state, actor, input.topics_policy);
  const retention = checkCreationPermissions(state, actor, input);
  const checked = newChannelSettings(input, checkNewChannelGroups(state, actor, input), retention);
  // The view checks the delete groups, then leaves them out when it creates the channel: they keep their defaults.
  const { can_delete_any_message_group, can_delete_own_message_group } = defaultChannelPermissions(state, actor.id);
  const settings = { ...checked, can_delete_any_message_group, can_delete_own_message_group };
  const users = input.subscribers.length > 0 ? resolvePrincipals(state, input.subscribers) : [];
  const description = checkDescription(input.description ?? '');
  if (users.length === 0) {
    const channel = createChannel(state, actor, name, description, settings);
    if (input.is_default_stream) setDefaultChannel(state, channel.id, true);
    return channel.id;
  }
  const request = { name, description };
  applySubscribe(state, actor, {
    input: { subscriptions: [request], announce: input.announce, is_default_stream: input.is_default_stream, send_new_subscription_messages: false },
    requests: [request],
    missing: [request],
    settings,
    authorized: [],
    unauthorized: [],
    fatal: true,
    users,
  });
  const created = state.store.channelByName(name);
  if (!created) throw new Error(`the channel ${name} was not created`);
  return created.id;
}
