import fc from 'fast-check';
import { type Actor, actor, channelIdOf, messageIdAt, mostlyAdministrator, once, pick, type Performers, type WeightedAction } from './common';

/** Reporting messages to the organization's moderators, and choosing the channel reports go to. */
export type ModerationAction =
  | { kind: 'report'; actor: Actor; pick: number; reportType: 'spam' | 'harassment' | 'inappropriate' | 'norms' | 'other'; description: string | undefined }
  | { kind: 'moderationChannel'; actor: Actor; channel: string | undefined };

export const moderationActions: WeightedAction<ModerationAction>[] = [
  // Reports need a private moderation channel: set one more often than reports are made.
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('moderationChannel' as const),
      actor: mostlyAdministrator,
      channel: fc.option(fc.constantFrom('core team', 'vault', 'garden', 'Verona'), { nil: undefined, freq: 4 }),
    }),
  },
  ...once<ModerationAction>(
    fc.record({
      kind: fc.constant('report' as const),
      actor,
      pick,
      reportType: fc.constantFrom('spam' as const, 'harassment' as const, 'inappropriate' as const, 'norms' as const, 'other' as const),
      description: fc.option(fc.constantFrom('', 'Off-topic **advertising**'), { nil: undefined }),
    }),
  ),
];

export const moderationPerformers: Performers<ModerationAction> = {
  report: ({ mock, client }, step) =>
    client.messages.report({
      message_id: messageIdAt(mock, step.pick),
      report_type: step.reportType,
      ...(step.description === undefined ? {} : { description: step.description }),
    }),
  // -1 turns moderation requests off, as the server reads it.
  moderationChannel: async ({ client }, step) =>
    client.realm.update({ moderation_request_channel_id: step.channel === undefined ? -1 : await channelIdOf(client, step.channel) }),
};
