import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../mock/domain/clock';
import { createMockServer } from '../mock/index';
import { CLIENT_CAPABILITY_LEVELS, type ClientCapabilityName } from '../src/contract/client-capabilities';
import { applyEvent, type ApplyEventContext, parseEvent, type RegisteredState } from '../src/index';
import { type Action, action, OBSERVERS, performAllowingRefusal, prepareRealm, USERS } from './support/random-actions';
import { withoutSubscriberCounts } from './support/verify-action';

/**
 * The events acceptance test as a property: after any sequence of actions by any users, each
 * observer's registered state with the events applied equals a fresh registration. Where the
 * SDK documents what `applyEvent` cannot know (see its JSDoc), the comparison leaves that out.
 */

/** Queues that outlive the days a sequence may pass on the realm's clock (a week, the server's longest). */
const QUEUE_LIFESPAN_SECS = 7 * 24 * 3600;

/** The observers' client capabilities: each of those the SDK knows declared or not. */
const capabilities = fc.record(
  Object.fromEntries(Object.keys(CLIENT_CAPABILITY_LEVELS).map((name) => [name, fc.boolean()])) as Record<ClientCapabilityName, fc.Arbitrary<boolean>>,
);

/** About the registration itself: its queue, and the time it was made. */
const REGISTRATION_FIELDS = ['queue_id', 'last_event_id', 'server_timestamp'];

/**
 * What `applyEvent` documents it cannot know from events alone: after deletions and moves, the
 * newest message and the recent conversations the server recomputes from its database; a topic
 * bucket's name after its oldest unread message goes; wildcard mentions after muting changes;
 * the unread messages a rejoined channel brings back; a new channel's first message for those not
 * subscribed to it; what a new role of your own brings (every bot, the default channels); the
 * topic policies an archived channel drops; whether you are still subscribed to an unarchived one,
 * or had left a channel you see again.
 */
function comparable(state: RegisteredState, actions: readonly Action[], observer: string): Record<string, unknown> {
  const copy = structuredClone(withoutSubscriberCounts(state));
  for (const field of REGISTRATION_FIELDS) delete copy[field];
  // Rejoining a channel brings back its unread messages from before leaving; no event lists them.
  if (rejoinsAChannel(actions, observer)) delete copy.unread_msgs;
  // A new role of your own cannot give what a fresh registration brings with it.
  if (actions.some((step) => step.kind === 'role' && step.target === observer)) {
    for (const section of ['realm_bots', 'realm_default_streams', 'realm_default_stream_groups']) delete copy[section];
  }
  // A channel's first message sets its first_message_id with no event for those not subscribed.
  if (actions.some((step) => step.kind === 'newChannel' || step.kind === 'createChannel')) {
    for (const section of ['streams', 'never_subscribed', 'unsubscribed'] as const) {
      for (const entry of (copy[section] as Record<string, unknown>[] | undefined) ?? []) delete entry.first_message_id;
    }
  }
  // Archiving a channel drops its topic policies from a fresh registration, with no event for them.
  if (actions.some((step) => step.kind === 'archiveChannel' && !step.unarchive)) {
    delete copy.user_topics;
    delete copy.muted_topics;
  }
  // An unarchived channel comes back as a stream create, which cannot tell whether you are subscribed.
  const unarchived = new Set(actions.flatMap((step) => (step.kind === 'archiveChannel' && step.unarchive ? [step.channel] : [])));
  for (const section of ['subscriptions', 'unsubscribed', 'never_subscribed'] as const) {
    const entries = copy[section] as { name: string }[] | undefined;
    if (entries) copy[section] = entries.filter((entry) => !unarchived.has(entry.name));
  }
  // A channel left, then seen again through a role or group, comes back by a stream create, which cannot tell it was left.
  const regained = channelsLeftBeforeRegainingSight(actions, observer);
  for (const section of ['unsubscribed', 'never_subscribed'] as const) {
    const entries = copy[section] as { name: string }[] | undefined;
    if (entries) copy[section] = entries.filter((entry) => !regained.has(entry.name));
  }
  if (actions.some((step) => step.kind === 'delete' || step.kind === 'move')) delete copy.max_message_id;
  if (actions.some((step) => step.kind === 'delete')) delete copy.recent_private_conversations;
  const unread = copy.unread_msgs as { streams?: { topic: string }[]; mentions?: number[] } | undefined;
  if (unread?.streams) for (const bucket of unread.streams) bucket.topic = bucket.topic.toLowerCase();
  if (unread && actions.some((step) => step.kind === 'muteTopic' || step.kind === 'muteChannel' || step.kind === 'move')) {
    delete unread.mentions;
  }
  return copy;
}

/** The channels an action has the observer join or leave, if any. */
function ownSubscriptionChange(step: Action, observer: string): { channels: readonly string[]; leave: boolean } | undefined {
  if (step.kind === 'subscribe' && step.actor === observer) return { channels: [step.channel], leave: step.leave };
  if (step.kind === 'subscribeOthers' && (step.principals as readonly string[]).includes(observer)) return { channels: step.channels, leave: step.leave };
  return undefined;
}

/** Actions after which a user may see again a channel they had lost sight of. */
function mayRegainSight(step: Action, observer: string): boolean {
  if (step.kind === 'role') return step.target === observer;
  return step.kind === 'waitingPeriod' || step.kind === 'passDay' || step.kind === 'subscribeGroup' || step.kind === 'group';
}

/** The channels the observer left before an action that may have them see them again. */
function channelsLeftBeforeRegainingSight(actions: readonly Action[], observer: string): Set<string> {
  const left = new Set<string>();
  const regained = new Set<string>();
  for (const step of actions) {
    const change = ownSubscriptionChange(step, observer);
    if (change?.leave) for (const channel of change.channels) left.add(channel);
    if (mayRegainSight(step, observer)) for (const channel of left) regained.add(channel);
  }
  return regained;
}

function rejoinsAChannel(actions: readonly Action[], observer: string): boolean {
  const left = new Set<string>();
  for (const step of actions) {
    const change = ownSubscriptionChange(step, observer);
    for (const channel of change?.channels ?? []) {
      if (change?.leave) left.add(channel);
      else if (left.has(channel)) return true;
    }
  }
  return false;
}

describe('events acceptance as a property (fast-check, fixed seed)', () => {
  it('initial state + events == a fresh registration, for any sequence of actions by any users', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 8 }), capabilities, async (actions, client_capabilities) => {
        const registration = { queue_lifespan_secs: QUEUE_LIFESPAN_SECS, client_capabilities };
        const mock = createMockServer({ clock: new ManualClock(), rateLimits: false });
        await prepareRealm(mock);
        const clients = new Map(USERS.map((email) => [email, mock.clientFor(email)]));
        const observed = await Promise.all(
          OBSERVERS.map(async (email) => {
            const client = mock.clientFor(email);
            return { email, client, initial: await client.events.register(registration) };
          }),
        );
        for (const step of actions) {
          await performAllowingRefusal(mock, clients, step);
          mock.clock.advance(1_000);
        }
        for (const { email, client, initial } of observed) {
          const { events } = await client.events.get({ queue_id: initial.queue_id ?? '', last_event_id: initial.last_event_id, dont_block: true });
          const context: ApplyEventContext = { userId: mock.store.userByDeliveryEmail(email)?.id, clientCapabilities: client_capabilities };
          let state = initial;
          for (const raw of events) {
            const event = parseEvent(raw);
            expect(event, `an event the SDK cannot type: ${JSON.stringify(raw)}`).toBeDefined();
            if (event) state = applyEvent(state, event, context);
          }
          const fresh = await client.events.register(registration);
          expect(comparable(state, actions, email), `${email} with ${JSON.stringify(client_capabilities)} after ${JSON.stringify(actions)}`).toEqual(comparable(fresh, actions, email));
        }
      }),
      { numRuns: Number(process.env.EVENTS_PROPERTY_RUNS ?? 40), seed: Number(process.env.EVENTS_PROPERTY_SEED ?? 20261126), endOnFailure: true },
    );
  }, 300_000);
});
