import fc from 'fast-check';
import { ManualClock, OffsetClock } from '../../../mock/domain/clock';
import type { MockServer } from '../../../mock/index';
import { png } from '../image-bytes';
import { type Actor, actor, channelIdOf, mostlyAdministrator, mostlyOwner, once, type Performers, type WeightedAction } from './common';

/**
 * The organization's settings (its waiting period for full membership and its type among them),
 * Welcome Bot's test message, bots with their avatars, and days passing on the realm's clock.
 */
export type RealmAction =
  | { kind: 'realmName'; actor: Actor; name: string }
  | { kind: 'channelEventsMessages'; actor: Actor; send: boolean }
  | { kind: 'realmSteps'; actor: Actor; name: string; group: 'role:members' | 'role:administrators' | 'unknown'; channel: 'Verona' | 'unknown' | undefined }
  | { kind: 'welcomeBot'; actor: Actor; text: string }
  | { kind: 'botAvatar'; actor: Actor; shortName: string; size: number | undefined }
  | { kind: 'waitingPeriod'; actor: Actor; days: 0 | 1 | 3 }
  | { kind: 'orgType'; actor: Actor; orgType: 0 | 10 | 30 | 35 }
  | { kind: 'passDay'; actor: Actor };

const DAY_MS = 24 * 60 * 60 * 1000;

/** A group or channel ID nothing has. */
const UNKNOWN_ID = 424_242;

/**
 * The most days a sequence moves the clock: the observers' queues live a week (the server's
 * longest), and a fresh registration must still find them.
 */
const MAX_DAYS_PASSED = 5;

export const realmActions: WeightedAction<RealmAction>[] = [
  ...once<RealmAction>(
    fc.record({ kind: fc.constant('realmName' as const), actor, name: fc.constantFrom('Zulip Dev', 'Elsinore') }),
    fc.record({ kind: fc.constant('channelEventsMessages' as const), actor: mostlyAdministrator, send: fc.boolean() }),
    // Several settings at once, an unknown group or channel refused part-way: the name (and the group) stay changed.
    fc.record({
      kind: fc.constant('realmSteps' as const),
      actor: mostlyAdministrator,
      name: fc.constantFrom('Zulip Dev', 'Elsinore'),
      group: fc.constantFrom('role:members' as const, 'role:administrators' as const, 'unknown' as const),
      channel: fc.constantFrom('Verona' as const, 'unknown' as const, undefined),
    }),
    fc.record({ kind: fc.constant('welcomeBot' as const), actor: mostlyAdministrator, text: fc.constantFrom('Say hi in #**Verona**!', '', 'Welcome, @**King Hamlet**') }),
    // The first time a short name comes up, the bot is created; then its avatar changes (or, with no size, its name).
    fc.record({ kind: fc.constant('botAvatar' as const), actor, shortName: fc.constantFrom('deploy', 'tester'), size: fc.option(fc.constantFrom(8, 16), { nil: undefined, freq: 4 }) }),
    // An education organization (30, 35) changes what Welcome Bot tells new users.
    fc.record({ kind: fc.constant('orgType' as const), actor: mostlyAdministrator, orgType: fc.constantFrom(0 as const, 10 as const, 30 as const, 35 as const) }),
    // A day on the realm's clock: members whose waiting period ends are promoted, reminders fall due.
    fc.record({ kind: fc.constant('passDay' as const), actor }),
  ),
  // The seeded members joined when the realm began: a waiting period makes them provisional.
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('waitingPeriod' as const), actor: mostlyOwner, days: fc.constantFrom(0 as const, 1 as const, 3 as const) }) },
];

/** Moves the realm's clock a day, unless the sequence has already moved it {@link MAX_DAYS_PASSED} days. */
async function passDay(mock: MockServer): Promise<void> {
  const clock = mock.clock;
  if (!(clock instanceof ManualClock || clock instanceof OffsetClock)) throw new Error('the realm clock cannot be moved');
  // Every seeded account joined when the realm began.
  const began = mock.store.userByDeliveryEmail('iago@zulip.com')?.date_joined ?? clock.now();
  if (clock.now() - began < MAX_DAYS_PASSED * DAY_MS) clock.advance(DAY_MS);
  await Promise.resolve();
}

export const realmPerformers: Performers<RealmAction> = {
  realmName: ({ client }, step) => client.realm.update({ name: step.name }),
  channelEventsMessages: ({ client }, step) => client.realm.update({ send_channel_events_messages: step.send }),
  realmSteps: async ({ mock, client }, step) => {
    const channel = step.channel === undefined ? {} : { new_stream_announcements_stream_id: step.channel === 'unknown' ? UNKNOWN_ID : await channelIdOf(client, step.channel) };
    const group = step.group === 'unknown' ? UNKNOWN_ID : mock.realm.system_groups[step.group];
    return client.realm.update({ name: step.name, can_add_subscribers_group: { new: group }, ...channel });
  },
  welcomeBot: ({ client }, step) => client.realm.testWelcomeBotCustomMessage({ welcome_message_custom_text: step.text }),
  botAvatar: ({ mock, client }, step) => {
    const avatar = step.size === undefined ? {} : { avatar: { content: png(step.size, step.size), contentType: 'image/png' } };
    const bot = mock.store.tables.user.all().find((user) => user.is_bot && user.delivery_email.startsWith(`${step.shortName}-bot@`));
    if (bot) return client.bots.update({ bot_id: bot.id, ...(step.size === undefined ? { full_name: `${step.shortName} bot, renamed` } : avatar) });
    return client.bots.create({ full_name: `${step.shortName} bot`, short_name: step.shortName, ...avatar });
  },
  waitingPeriod: ({ client }, step) => client.realm.update({ waiting_period_threshold: step.days }),
  orgType: ({ client }, step) => client.realm.update({ org_type: step.orgType }),
  passDay: ({ mock }) => passDay(mock),
};
