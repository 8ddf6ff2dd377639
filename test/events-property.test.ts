import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../mock/domain/clock';
import { createMockServer, type MockServer } from '../mock/index';
import { applyEvent, type ApplyEventContext, type ChatClient, parseEvent, type RegisteredState } from '../src/index';

/**
 * The events acceptance test as a property: after any sequence of actions by any users, each
 * observer's registered state with the events applied equals a fresh registration. Where the
 * SDK documents what `applyEvent` cannot know (see its JSDoc), the comparison leaves that out.
 */

const USERS = ['iago@zulip.com', 'hamlet@zulip.com', 'othello@zulip.com', 'cordelia@zulip.com', 'polonius@zulip.com'] as const;
const OBSERVERS = ['hamlet@zulip.com', 'iago@zulip.com', 'polonius@zulip.com'] as const;
const CHANNELS = ['Verona', 'Denmark', 'Scotland'] as const;
const TOPICS = ['plans', 'Plans', 'lunch', ''] as const;
const CONTENTS = ['hello', 'ping @**King Hamlet**', 'all hands @**all**', '**bold** :smile:', 'see #**Verona>plans**'] as const;

type Actor = (typeof USERS)[number];

/** One thing a user does; it may be refused (the realm's rules decide), which is fine. */
type Action =
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
  | { kind: 'muteUser'; actor: Actor; target: Actor; unmute: boolean };

const actor = fc.constantFrom(...USERS);
const channel = fc.constantFrom(...CHANNELS);
const topic = fc.constantFrom(...TOPICS);
const content = fc.constantFrom(...CONTENTS);
const pick = fc.nat(50);

const action: fc.Arbitrary<Action> = fc.oneof(
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
);

/** The message IDs the realm has, so that `pick` names one (or, past the end, none). */
function messageIdAt(mock: MockServer, index: number): number {
  const ids = mock.store.tables.message.all().map((message) => message.id);
  return ids[index % Math.max(ids.length, 1)] ?? 1;
}

async function perform(mock: MockServer, clients: Map<string, ChatClient>, step: Action): Promise<void> {
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
    case 'muteUser': {
      const userId = mock.store.userByDeliveryEmail(step.target)?.id ?? 0;
      if (step.unmute) await client.users.unmute({ muted_user_id: userId });
      else await client.users.mute({ muted_user_id: userId });
      return;
    }
  }
}

/** About the registration itself: its queue, and the time it was made. */
const REGISTRATION_FIELDS = ['queue_id', 'last_event_id', 'server_timestamp'];

/**
 * What `applyEvent` documents it cannot know from events alone: after deletions and moves, the
 * newest message and the recent conversations the server recomputes from its database; a topic
 * bucket's name after its oldest unread message goes; wildcard mentions after muting changes;
 * the unread messages a rejoined channel brings back; a new channel's first message for those not
 * subscribed to it; what a new role of your own brings (every bot, the default channels).
 */
function comparable(state: RegisteredState, actions: readonly Action[], observer: string): Record<string, unknown> {
  const copy: Record<string, unknown> = structuredClone(state);
  for (const field of REGISTRATION_FIELDS) delete copy[field];
  // Rejoining a channel brings back its unread messages from before leaving; no event lists them.
  if (rejoinsAChannel(actions, observer)) delete copy.unread_msgs;
  // A new role of your own cannot give what a fresh registration brings with it.
  if (actions.some((step) => step.kind === 'role' && step.target === observer)) {
    for (const section of ['realm_bots', 'realm_default_streams', 'realm_default_stream_groups']) delete copy[section];
  }
  // A channel's first message sets its first_message_id with no event for those not subscribed.
  if (actions.some((step) => step.kind === 'newChannel')) {
    for (const section of ['streams', 'never_subscribed', 'unsubscribed'] as const) {
      for (const entry of (copy[section] as Record<string, unknown>[] | undefined) ?? []) delete entry.first_message_id;
    }
  }
  if (actions.some((step) => step.kind === 'delete' || step.kind === 'move' || step.kind === 'subscribe')) {
    delete copy.max_message_id;
    delete copy.recent_private_conversations;
  }
  const unread = copy.unread_msgs as { streams?: { topic: string }[]; mentions?: number[] } | undefined;
  if (unread?.streams) for (const bucket of unread.streams) bucket.topic = bucket.topic.toLowerCase();
  if (unread && actions.some((step) => step.kind === 'muteTopic' || step.kind === 'muteChannel' || step.kind === 'move' || step.kind === 'subscribe')) {
    delete unread.mentions;
  }
  return copy;
}

function rejoinsAChannel(actions: readonly Action[], observer: string): boolean {
  const left = new Set<string>();
  for (const step of actions) {
    if (step.kind !== 'subscribe' || step.actor !== observer) continue;
    if (step.leave) left.add(step.channel);
    else if (left.has(step.channel)) return true;
  }
  return false;
}

describe('events acceptance as a property (fast-check, fixed seed)', () => {
  it('initial state + events == a fresh registration, for any sequence of actions by any users', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 8 }), async (actions) => {
        const mock = createMockServer({ clock: new ManualClock(), rateLimits: false });
        const clients = new Map(USERS.map((email) => [email, mock.clientFor(email)]));
        const observed = await Promise.all(
          OBSERVERS.map(async (email) => {
            const client = mock.clientFor(email);
            return { email, client, initial: await client.events.register({}) };
          }),
        );
        for (const step of actions) {
          await perform(mock, clients, step).catch(() => undefined);
          mock.clock.advance(1_000);
        }
        for (const { email, client, initial } of observed) {
          const { events } = await client.events.get({ queue_id: initial.queue_id ?? '', last_event_id: initial.last_event_id, dont_block: true });
          const context: ApplyEventContext = { userId: mock.store.userByDeliveryEmail(email)?.id, clientCapabilities: { notification_settings_null: true } };
          let state = initial;
          for (const raw of events) {
            const event = parseEvent(raw);
            expect(event, `an event the SDK cannot type: ${JSON.stringify(raw)}`).toBeDefined();
            if (event) state = applyEvent(state, event, context);
          }
          const fresh = await client.events.register({});
          expect(comparable(state, actions, email), `${email} after ${JSON.stringify(actions)}`).toEqual(comparable(fresh, actions, email));
        }
      }),
      { numRuns: Number(process.env.EVENTS_PROPERTY_RUNS ?? 40), seed: Number(process.env.EVENTS_PROPERTY_SEED ?? 20261126), endOnFailure: true },
    );
  }, 300_000);
});
