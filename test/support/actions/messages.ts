import fc from 'fast-check';
import { type Actor, actor, channel, channelIdOf, content, messageIdAt, once, pick, type Performers, topic, type WeightedAction } from './common';

/** Sending, changing, deleting and reacting to messages; their flags. */
export type MessageAction =
  | { kind: 'send'; actor: Actor; channel: string; topic: string; content: string }
  | { kind: 'dm'; actor: Actor; to: Actor; content: string }
  | { kind: 'edit'; actor: Actor; pick: number; content: string }
  | { kind: 'move'; actor: Actor; pick: number; topic: string; channel: string | undefined }
  | { kind: 'delete'; actor: Actor; pick: number }
  | { kind: 'react'; actor: Actor; pick: number; remove: boolean }
  | { kind: 'flag'; actor: Actor; picks: number[]; flag: 'read' | 'starred'; op: 'add' | 'remove' }
  | { kind: 'markAllRead'; actor: Actor }
  | { kind: 'dmWelcomeBot'; actor: Actor; content: string };

/** Welcome Bot's address: a direct message to it alone has it answer. */
const WELCOME_BOT = 'welcome-bot@zulip.com';

export const messageActions: WeightedAction<MessageAction>[] = [
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('send' as const), actor, channel, topic, content }) },
  ...once<MessageAction>(
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
    // Words it answers, and one it does not (listing what it understands, once per user).
    fc.record({ kind: fc.constant('dmWelcomeBot' as const), actor, content: fc.constantFrom('help', 'Apps', 'topics', 'hello there') }),
  ),
];

export const messagePerformers: Performers<MessageAction> = {
  send: ({ client }, step) => client.messages.send({ type: 'channel', to: step.channel, topic: step.topic, content: step.content }),
  dm: ({ client }, step) => client.messages.send({ type: 'direct', to: [step.to], content: step.content }),
  edit: ({ mock, client }, step) => client.messages.update({ message_id: messageIdAt(mock, step.pick), content: step.content }),
  move: async ({ mock, client }, step) =>
    client.messages.update({
      message_id: messageIdAt(mock, step.pick),
      topic: step.topic === '' ? 'moved' : step.topic,
      ...(step.channel === undefined ? {} : { stream_id: await channelIdOf(client, step.channel) }),
      propagate_mode: 'change_one',
      send_notification_to_old_thread: false,
      send_notification_to_new_thread: false,
    }),
  delete: ({ mock, client }, step) => client.messages.delete({ message_id: messageIdAt(mock, step.pick) }),
  react: ({ mock, client }, step) => {
    const reaction = { message_id: messageIdAt(mock, step.pick), emoji_name: 'smile' };
    return step.remove ? client.reactions.remove(reaction) : client.reactions.add(reaction);
  },
  flag: ({ mock, client }, step) => client.flags.update({ messages: step.picks.map((index) => messageIdAt(mock, index)), op: step.op, flag: step.flag }),
  markAllRead: ({ client }) => client.flags.markAllAsRead(),
  dmWelcomeBot: ({ client }, step) => client.messages.send({ type: 'direct', to: [WELCOME_BOT], content: step.content }),
};
