import fc from 'fast-check';
import { folderIdAt } from './folders';
import { type Actor, actor, channel, channelIdOf, mostlyAdministrator, once, pick, type Performers, topic, USERS, userIdOf, type WeightedAction } from './common';

/** Channels and subscriptions: joining, muting, describing, creating, archiving, the default channels. */
export type ChannelAction =
  | { kind: 'subscribe'; actor: Actor; channel: string; leave: boolean }
  | { kind: 'muteTopic'; actor: Actor; channel: string; topic: string; policy: 0 | 1 | 2 | 3 }
  | { kind: 'muteChannel'; actor: Actor; channel: string; muted: boolean }
  | { kind: 'channelDescription'; actor: Actor; channel: string; description: string }
  | { kind: 'newChannel'; actor: Actor; name: string; inviteOnly: boolean; folder: number | undefined }
  | {
      kind: 'createChannel';
      actor: Actor;
      name: string;
      inviteOnly: boolean;
      subscribers: Actor[];
      folder: number | undefined;
      announce: boolean;
      isDefault: boolean;
    }
  | { kind: 'archiveChannel'; actor: Actor; channel: string; unarchive: boolean }
  | { kind: 'defaultChannel'; actor: Actor; channel: string; remove: boolean }
  | { kind: 'defaultGroup'; actor: Actor; name: string; channel: string; remove: boolean };

const newName = fc.constantFrom('garden', 'vault');
const folder = fc.option(pick, { nil: undefined, freq: 2 });

export const channelActions: WeightedAction<ChannelAction>[] = once<ChannelAction>(
  fc.record({ kind: fc.constant('subscribe' as const), actor, channel, leave: fc.boolean() }),
  fc.record({ kind: fc.constant('muteTopic' as const), actor, channel, topic, policy: fc.constantFrom(0 as const, 1 as const, 2 as const, 3 as const) }),
  fc.record({ kind: fc.constant('muteChannel' as const), actor, channel, muted: fc.boolean() }),
  fc.record({ kind: fc.constant('channelDescription' as const), actor, channel, description: fc.constantFrom('', 'the **castle**') }),
  fc.record({ kind: fc.constant('newChannel' as const), actor, name: newName, inviteOnly: fc.boolean(), folder }),
  fc.record({
    kind: fc.constant('createChannel' as const),
    actor,
    name: newName,
    inviteOnly: fc.boolean(),
    subscribers: fc.subarray([...USERS]),
    folder,
    announce: fc.boolean(),
    isDefault: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('archiveChannel' as const), actor: mostlyAdministrator, channel: fc.constantFrom('Scotland', 'Denmark', 'garden', 'vault'), unarchive: fc.boolean() }),
  fc.record({ kind: fc.constant('defaultChannel' as const), actor, channel, remove: fc.boolean() }),
  fc.record({ kind: fc.constant('defaultGroup' as const), actor, name: fc.constantFrom('starters', 'extras'), channel, remove: fc.boolean() }),
);

export const channelPerformers: Performers<ChannelAction> = {
  subscribe: ({ client }, step) =>
    step.leave ? client.subscriptions.remove({ subscriptions: [step.channel] }) : client.subscriptions.add({ subscriptions: [{ name: step.channel }] }),
  muteTopic: async ({ client }, step) =>
    client.topics.updatePreferences({ stream_id: await channelIdOf(client, step.channel), topic: step.topic, visibility_policy: step.policy }),
  muteChannel: async ({ client }, step) =>
    client.subscriptions.updateSettings({ subscription_data: [{ stream_id: await channelIdOf(client, step.channel), property: 'is_muted', value: step.muted }] }),
  channelDescription: async ({ client }, step) =>
    client.channels.update({ stream_id: await channelIdOf(client, step.channel), description: step.description }),
  newChannel: ({ mock, client }, step) => {
    const folderId = step.folder === undefined ? undefined : folderIdAt(mock, step.folder);
    return client.subscriptions.add({
      subscriptions: [{ name: step.name }],
      invite_only: step.inviteOnly,
      principals: [step.actor, 'hamlet@zulip.com'],
      ...(folderId === undefined ? {} : { folder_id: folderId }),
    });
  },
  createChannel: ({ mock, client }, step) => {
    const folderId = step.folder === undefined ? undefined : folderIdAt(mock, step.folder);
    return client.channels.create({
      name: step.name,
      subscribers: step.subscribers.map((email) => userIdOf(mock, email)),
      invite_only: step.inviteOnly,
      announce: step.announce,
      is_default_stream: step.isDefault,
      ...(folderId === undefined ? {} : { folder_id: folderId }),
    });
  },
  // By the channel's ID in the realm: an archived channel has no ID to look up by name.
  archiveChannel: ({ mock, client }, step) => {
    const channelId = mock.store.tables.channel.all().find((candidate) => candidate.name === step.channel)?.id ?? 999_999;
    return step.unarchive ? client.channels.update({ stream_id: channelId, is_archived: false }) : client.channels.archive({ stream_id: channelId });
  },
  defaultChannel: async ({ client }, step) => {
    const channelId = await channelIdOf(client, step.channel);
    return step.remove ? client.channels.removeDefault({ stream_id: channelId }) : client.channels.addDefault({ stream_id: channelId });
  },
  defaultGroup: ({ mock, client }, step) => {
    const group = mock.store.tables.defaultChannelGroup.all().find((candidate) => candidate.name === step.name);
    if (!group) return client.channels.createDefaultGroup({ group_name: step.name, description: 'for new users', stream_names: [step.channel] });
    return client.channels.updateDefaultGroupChannels({ group_id: group.id, op: step.remove ? 'remove' : 'add', stream_names: [step.channel] });
  },
};
