import fc from 'fast-check';
import { png } from '../image-bytes';
import { type Actor, actor, mostlyAdministrator, once, type Performers, type WeightedAction } from './common';

/** The organization's settings, Welcome Bot's test message, bots with their avatars. */
export type RealmAction =
  | { kind: 'realmName'; actor: Actor; name: string }
  | { kind: 'channelEventsMessages'; actor: Actor; send: boolean }
  | { kind: 'welcomeBot'; actor: Actor; text: string }
  | { kind: 'botAvatar'; actor: Actor; shortName: string; size: number | undefined };

export const realmActions: WeightedAction<RealmAction>[] = once<RealmAction>(
  fc.record({ kind: fc.constant('realmName' as const), actor, name: fc.constantFrom('Zulip Dev', 'Elsinore') }),
  fc.record({ kind: fc.constant('channelEventsMessages' as const), actor: mostlyAdministrator, send: fc.boolean() }),
  fc.record({ kind: fc.constant('welcomeBot' as const), actor: mostlyAdministrator, text: fc.constantFrom('Say hi in #**Verona**!', '', 'Welcome, @**King Hamlet**') }),
  // The first time a short name comes up, the bot is created; then its avatar changes (or, with no size, its name).
  fc.record({ kind: fc.constant('botAvatar' as const), actor, shortName: fc.constantFrom('deploy', 'tester'), size: fc.option(fc.constantFrom(8, 16), { nil: undefined, freq: 4 }) }),
);

export const realmPerformers: Performers<RealmAction> = {
  realmName: ({ client }, step) => client.realm.update({ name: step.name }),
  channelEventsMessages: ({ client }, step) => client.realm.update({ send_channel_events_messages: step.send }),
  welcomeBot: ({ client }, step) => client.realm.testWelcomeBotCustomMessage({ welcome_message_custom_text: step.text }),
  botAvatar: ({ mock, client }, step) => {
    const avatar = step.size === undefined ? {} : { avatar: { content: png(step.size, step.size), contentType: 'image/png' } };
    const bot = mock.store.tables.user.all().find((user) => user.is_bot && user.delivery_email.startsWith(`${step.shortName}-bot@`));
    if (bot) return client.bots.update({ bot_id: bot.id, ...(step.size === undefined ? { full_name: `${step.shortName} bot, renamed` } : avatar) });
    return client.bots.create({ full_name: `${step.shortName} bot`, short_name: step.shortName, ...avatar });
  },
};
