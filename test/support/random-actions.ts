import fc from 'fast-check';
import type { MockServer } from '../../mock/index';
import { ApiError, type ChatClient } from '../../src/index';

/**
 * Random sequences of realistic actions by users of every role, for property tests: each action
 * may be refused by the realm's rules, which is part of what is tested.
 */

/** The acting users: an administrator, three members and a guest. */
export const USERS = ['iago@zulip.com', 'hamlet@zulip.com', 'othello@zulip.com', 'cordelia@zulip.com', 'polonius@zulip.com'] as const;
/** Users whose registered state the properties follow. */
export const OBSERVERS = ['hamlet@zulip.com', 'iago@zulip.com', 'polonius@zulip.com'] as const;
const CHANNELS = ['Verona', 'Denmark', 'Scotland'] as const;
const TOPICS = ['plans', 'Plans', 'lunch', ''] as const;
const CONTENTS = ['hello', 'ping @**King Hamlet**', 'all hands @**all**', '**bold** :smile:', 'see #**Verona>plans**'] as const;

type Actor = (typeof USERS)[number];

/** One thing a user does. */
export type Action =
  | { kind: 'send'; actor: Actor; channel: string; topic: string; content: string }
  | { kind: 'dm'; actor: Actor; to: Actor; content: string }
  | { kind: 'edit'; actor: Actor; pick: number; content: string }
  | { kind: 'move'; actor: Actor; pick: number; topic: string; channel: string | undefined }
  | { kind: 'delete'; actor: Actor; pick: number }
  | { kind: 'react'; actor: Actor; pick: number; remove: boolean }
  | { kind: 'flag'; actor: Actor; picks: number[]; flag: 'read' | 'starred'; op: 'add' | 'remove' }
  | { kind: 'markAllRead'; actor: Actor }
  | { kind: 'subscribe'; actor: Actor; channel: string; leave: boolean }
  | { kind: 'muteTopic'; actor: Actor; channel: string; topic: string; policy: 0 | 1 | 2 | 3 }
  | { kind: 'muteChannel'; actor: Actor; channel: string; muted: boolean }
  | { kind: 'status'; actor: Actor; text: string }
  | { kind: 'alertWord'; actor: Actor; word: string }
  | { kind: 'deactivate'; actor: Actor; target: Actor; reactivate: boolean }
  | { kind: 'group'; actor: Actor; name: string; member: Actor }
  | { kind: 'setting'; actor: Actor; twentyFourHour: boolean }
  | { kind: 'realmName'; actor: Actor; name: string }
  | { kind: 'channelDescription'; actor: Actor; channel: string; description: string }
  | { kind: 'newChannel'; actor: Actor; name: string; inviteOnly: boolean }
  | { kind: 'role'; actor: Actor; target: Actor; role: 200 | 300 | 400 | 600 }
  | { kind: 'muteUser'; actor: Actor; target: Actor; unmute: boolean }
  | { kind: 'defaultChannel'; actor: Actor; channel: string; remove: boolean }
  | { kind: 'defaultGroup'; actor: Actor; name: string; channel: string; remove: boolean }
  | { kind: 'onboarding'; actor: Actor };

const actor = fc.constantFrom(...USERS);
const channel = fc.constantFrom(...CHANNELS);
const topic = fc.constantFrom(...TOPICS);
const content = fc.constantFrom(...CONTENTS);
const pick = fc.nat(50);

/** Any one action. */
export const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('send' as const), actor, channel, topic, content }) },
  fc.record({ kind: fc.constant('dm' as const), actor, to: actor, content }),
  fc.record({ kind: fc.constant('edit' as const), actor, pick, content }),
  fc.record({ kind: fc.constant('move' as const), actor, pick, topic, channel: fc.option(channel, { nil: undefined }) }),
  fc.record({ kind: fc.constant('delete' as const), actor, pick }),
  fc.record({ kind: fc.constant('react' as const), actor, pick, remove: fc.boolean() }),
  fc.record({
    kind: fc.constant('flag' as const),
    actor,
    picks: fc.array(pick, { minLength: 1, maxLength: 3 }),
    flag: fc.constantFrom('read' as const, 'starred' as const),
    op: fc.constantFrom('add' as const, 'remove' as const),
  }),
  fc.record({ kind: fc.constant('markAllRead' as const), actor }),
  fc.record({ kind: fc.constant('subscribe' as const), actor, channel, leave: fc.boolean() }),
  fc.record({ kind: fc.constant('muteTopic' as const), actor, channel, topic, policy: fc.constantFrom(0 as const, 1 as const, 2 as const, 3 as const) }),
  fc.record({ kind: fc.constant('muteChannel' as const), actor, channel, muted: fc.boolean() }),
  fc.record({ kind: fc.constant('status' as const), actor, text: fc.constantFrom('', 'busy', 'on a walk') }),
  fc.record({ kind: fc.constant('alertWord' as const), actor, word: fc.constantFrom('lunch', 'plans', 'hello') }),
  // Observers stay active: a deactivated one could not register again.
  fc.record({ kind: fc.constant('deactivate' as const), actor, target: fc.constantFrom('othello@zulip.com' as const, 'cordelia@zulip.com' as const), reactivate: fc.boolean() }),
  fc.record({ kind: fc.constant('group' as const), actor, name: fc.constantFrom('crew', 'band'), member: actor }),
  fc.record({ kind: fc.constant('setting' as const), actor, twentyFourHour: fc.boolean() }),
  fc.record({ kind: fc.constant('realmName' as const), actor, name: fc.constantFrom('Zulip Dev', 'Elsinore') }),
  fc.record({ kind: fc.constant('channelDescription' as const), actor, channel, description: fc.constantFrom('', 'the **castle**') }),
  fc.record({ kind: fc.constant('newChannel' as const), actor, name: fc.constantFrom('garden', 'vault'), inviteOnly: fc.boolean() }),
  fc.record({ kind: fc.constant('role' as const), actor, target: actor, role: fc.constantFrom(200 as const, 300 as const, 400 as const, 600 as const) }),
  fc.record({ kind: fc.constant('muteUser' as const), actor, target: actor, unmute: fc.boolean() }),
  fc.record({ kind: fc.constant('defaultChannel' as const), actor, channel, remove: fc.boolean() }),
  fc.record({ kind: fc.constant('defaultGroup' as const), actor, name: fc.constantFrom('starters', 'extras'), channel, remove: fc.boolean() }),
  fc.record({ kind: fc.constant('onboarding' as const), actor }),
);

/** The message IDs the realm has, so that `pick` names one (or, past the end, none). */
function messageIdAt(mock: MockServer, index: number): number {
  const ids = mock.store.tables.message.all().map((message) => message.id);
  return ids[index % Math.max(ids.length, 1)] ?? 1;
}

/** Performs an action through the SDK as its actor; a refusal throws, as the API answered. */
export async function perform(mock: MockServer, clients: Map<string, ChatClient>, step: Action): Promise<void> {
  const client = clients.get(step.actor) as ChatClient;
  const channelId = async (name: string) => (await client.channels.getId({ stream: name })).stream_id;
  switch (step.kind) {
    case 'send':
      await client.messages.send({ type: 'channel', to: step.channel, topic: step.topic, content: step.content });
      return;
    case 'dm':
      await client.messages.send({ type: 'direct', to: [step.to], content: step.content });
      return;
    case 'edit':
      await client.messages.update({ message_id: messageIdAt(mock, step.pick), content: step.content });
      return;
    case 'move':
      await client.messages.update({
        message_id: messageIdAt(mock, step.pick),
        topic: step.topic === '' ? 'moved' : step.topic,
        ...(step.channel === undefined ? {} : { stream_id: await channelId(step.channel) }),
        propagate_mode: 'change_one',
        send_notification_to_old_thread: false,
        send_notification_to_new_thread: false,
      });
      return;
    case 'delete':
      await client.messages.delete({ message_id: messageIdAt(mock, step.pick) });
      return;
    case 'react':
      if (step.remove) await client.reactions.remove({ message_id: messageIdAt(mock, step.pick), emoji_name: 'smile' });
      else await client.reactions.add({ message_id: messageIdAt(mock, step.pick), emoji_name: 'smile' });
      return;
    case 'flag':
      await client.flags.update({ messages: step.picks.map((index) => messageIdAt(mock, index)), op: step.op, flag: step.flag });
      return;
    case 'markAllRead':
      await client.flags.markAllAsRead();
      return;
    case 'subscribe':
      if (step.leave) await client.subscriptions.remove({ subscriptions: [step.channel] });
      else await client.subscriptions.add({ subscriptions: [{ name: step.channel }] });
      return;
    case 'muteTopic':
      await client.topics.updatePreferences({ stream_id: await channelId(step.channel), topic: step.topic, visibility_policy: step.policy });
      return;
    case 'muteChannel':
      await client.subscriptions.updateSettings({ subscription_data: [{ stream_id: await channelId(step.channel), property: 'is_muted', value: step.muted }] });
      return;
    case 'status':
      await client.users.updateStatus({ status_text: step.text });
      return;
    case 'alertWord':
      await client.alertWords.add({ alert_words: [step.word] });
      return;
    case 'deactivate': {
      const userId = mock.store.userByDeliveryEmail(step.target)?.id ?? 0;
      if (step.reactivate) await client.users.reactivate({ user_id: userId });
      else await client.users.deactivate({ user_id: userId });
      return;
    }
    case 'group': {
      const member = mock.store.userByDeliveryEmail(step.member)?.id ?? 0;
      const existing = mock.store.tables.userGroup.all().find((group) => group.name === step.name);
      if (existing) await client.userGroups.updateMembers({ user_group_id: existing.id, add: [member] });
      else await client.userGroups.create({ name: step.name, description: 'a group', members: [member] });
      return;
    }
    case 'setting':
      await client.settings.update({ twenty_four_hour_time: step.twentyFourHour });
      return;
    case 'realmName':
      await client.realm.update({ name: step.name });
      return;
    case 'channelDescription':
      await client.channels.update({ stream_id: await channelId(step.channel), description: step.description });
      return;
    case 'newChannel':
      await client.subscriptions.add({ subscriptions: [{ name: step.name }], invite_only: step.inviteOnly, principals: [step.actor, 'hamlet@zulip.com'] });
      return;
    case 'role':
      await client.users.update({ user_id: mock.store.userByDeliveryEmail(step.target)?.id ?? 0, role: step.role });
      return;
    case 'defaultChannel':
      if (step.remove) await client.channels.removeDefault({ stream_id: await channelId(step.channel) });
      else await client.channels.addDefault({ stream_id: await channelId(step.channel) });
      return;
    case 'defaultGroup': {
      const group = mock.store.tables.defaultChannelGroup.all().find((candidate) => candidate.name === step.name);
      if (!group) await client.channels.createDefaultGroup({ group_name: step.name, description: 'for new users', stream_names: [step.channel] });
      else await client.channels.updateDefaultGroupChannels({ group_id: group.id, op: step.remove ? 'remove' : 'add', stream_names: [step.channel] });
      return;
    }
    case 'onboarding':
      await client.users.markOnboardingStep({ onboarding_step: 'intro_inbox_view_modal' });
      return;
    case 'muteUser': {
      const userId = mock.store.userByDeliveryEmail(step.target)?.id ?? 0;
      if (step.unmute) await client.users.unmute({ muted_user_id: userId });
      else await client.users.mute({ muted_user_id: userId });
      return;
    }
  }
}

/**
 * Performs an action, accepting the realm's refusals (an API error below 500); anything else (a
 * 5xx, an answer the SDK cannot read, a crash) fails the property.
 */
export async function performAllowingRefusal(mock: MockServer, clients: Map<string, ChatClient>, step: Action): Promise<void> {
  try {
    await perform(mock, clients, step);
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return;
    throw error;
  }
}
