import fc from 'fast-check';
import type { MockServer } from '../../../mock/index';
import { folderIdAt } from './folders';
import { type Actor, actor, channel, channelIdOf, mostlyAdministrator, once, pick, type Performers, topic, USERS, userIdOf, type WeightedAction } from './common';

/**
 * Channels and subscriptions: joining, subscribing others, muting, describing, creating, archiving,
 * who may subscribe, the default channels.
 */
export type ChannelAction =
  | { kind: 'subscribe'; actor: Actor; channel: string; leave: boolean }
  | { kind: 'subscribeOthers'; actor: Actor; channels: string[]; principals: Actor[]; leave: boolean }
  | { kind: 'subscribeGroup'; actor: Actor; channel: string; group: 'role:fullmembers' | 'role:nobody' }
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

/**
 * Channels of every kind the peer events tell apart: public with a guest subscriber (Verona),
 * public without (Denmark, Scotland), private (core team), and the new ones.
 */
const anyChannels = fc.subarray(['Verona', 'Denmark', 'Scotland', 'core team', 'garden', 'vault'], { minLength: 1 });

export const channelActions: WeightedAction<ChannelAction>[] = once<ChannelAction>(
  fc.record({ kind: fc.constant('subscribe' as const), actor, channel, leave: fc.boolean() }),
  // Several users to several channels at once: the peer events split by channel kind.
  fc.record({ kind: fc.constant('subscribeOthers' as const), actor: mostlyAdministrator, channels: anyChannels, principals: fc.subarray([...USERS], { minLength: 1 }), leave: fc.boolean() }),
  // Who may subscribe, and so see a private channel: the full members follow the waiting period.
  fc.record({ kind: fc.constant('subscribeGroup' as const), actor: mostlyAdministrator, channel: fc.constantFrom('core team', 'vault', 'Denmark'), group: fc.constantFrom('role:fullmembers' as const, 'role:nobody' as const) }),
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

/** The channels of `names` the realm has (creating new ones is `newChannel`'s part, and leaving none is refused); with none, Verona. */
function existing(mock: MockServer, names: readonly string[]): string[] {
  const found = names.filter((name) => mock.store.tables.channel.all().some((candidate) => candidate.name === name));
  return found.length > 0 ? found : ['Verona'];
}

export const channelPerformers: Performers<ChannelAction> = {
  subscribe: ({ client }, step) =>
    step.leave ? client.subscriptions.remove({ subscriptions: [step.channel] }) : client.subscriptions.add({ subscriptions: [{ name: step.channel }] }),
  subscribeOthers: ({ mock, client }, step) =>
    step.leave
      ? client.subscriptions.remove({ subscriptions: existing(mock, step.channels), principals: step.principals })
      : client.subscriptions.add({ subscriptions: existing(mock, step.channels).map((name) => ({ name })), principals: step.principals }),
  // By the channel's ID in the realm: the administrator may set it on a private channel they do not see.
  subscribeGroup: ({ mock, client }, step) => {
    const channelId = mock.store.tables.channel.all().find((candidate) => candidate.name === step.channel)?.id ?? 999_999;
    return client.channels.update({ stream_id: channelId, can_subscribe_group: { new: mock.state.realm.system_groups[step.group] } });
  },
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
