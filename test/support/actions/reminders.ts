import fc from 'fast-check';
import { unixSeconds } from '../../../mock/domain/clock';
import { DELIVERY_TYPE } from '../../../mock/domain/scheduled-messages/delivery-type';
import { type Actor, messageIdAt, nth, pick, type Performers, userIdOf, type WeightedAction } from './common';

/** Two of the observed users (whose state shows their reminders): few, so that one deletes what it set. */
const reminderActor = fc.constantFrom('hamlet@zulip.com' as const, 'polonius@zulip.com' as const);

/**
 * Reminders of messages, set by observed users: scheduled a few
 * seconds ahead (the properties move the clock a second after each action, so some are delivered
 * within the sequence) or far ahead; and deleted, delivered ones too (which the server refuses).
 */
export type ReminderAction =
  | { kind: 'remind'; actor: Actor; pick: number; inSeconds: 1 | 3 | 3600; note: string | undefined }
  | { kind: 'forget'; actor: Actor; pick: number };

export const reminderActions: WeightedAction<ReminderAction>[] = [
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('remind' as const),
      actor: reminderActor,
      pick,
      inSeconds: fc.constantFrom(1 as const, 3 as const, 3600 as const),
      note: fc.option(fc.constantFrom('', 'reply to **this**'), { nil: undefined }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('forget' as const), actor: reminderActor, pick }) },
];

export const reminderPerformers: Performers<ReminderAction> = {
  remind: ({ mock, client }, step) =>
    client.reminders.create({
      message_id: messageIdAt(mock, step.pick),
      scheduled_delivery_timestamp: unixSeconds(mock.clock) + step.inSeconds,
      ...(step.note === undefined ? {} : { note: step.note }),
    }),
  forget: ({ mock, client }, step) => {
    const userId = userIdOf(mock, step.actor);
    const own = mock.store.tables.scheduledMessage.all().filter((record) => record.user_id === userId && record.delivery_type === DELIVERY_TYPE.remind);
    // With none, an ID that is no reminder: the server's 404.
    return client.reminders.delete({ reminder_id: nth(own, step.pick)?.id ?? 999_999 });
  },
};
