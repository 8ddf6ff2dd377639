import { describe, expect, it } from 'vitest';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();
const SYSTEM_BOTS = ['notification-bot@zulip.com', 'emailgateway@zulip.com', 'welcome-bot@zulip.com'];

describe('the cross-realm system bots exist from the start', () => {
  it.each(SYSTEM_BOTS)('a direct message to %s works in a fresh realm, with its event', async (email) => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    // Nothing runs first (no registration, no notice) that could create the bot.
    const { id } = await hamlet.messages.send({ type: 'direct', to: [email], content: 'hello' });
    const { message } = await hamlet.messages.get({ message_id: id });
    expect(message.display_recipient).toEqual(expect.arrayContaining([expect.objectContaining({ email })]));
    await verifyAction(hamlet, () => hamlet.messages.send({ type: 'direct', to: [email], content: 'again' }));
  });

  it('they can be addressed by user ID, and keep the realm users\' IDs as they were', async () => {
    const state = await realm.clientFor('hamlet@zulip.com').events.register({ fetch_event_types: ['realm_user'] });
    const ids = (state.cross_realm_bots ?? []).map((bot) => bot.user_id);
    expect(ids).toHaveLength(3);
    expect(Math.max(...ids)).toBeLessThan(realm.userId('desdemona@zulip.com'));
    expect(realm.userId('desdemona@zulip.com')).toBe(1001);
    const { id } = await realm.clientFor('hamlet@zulip.com').messages.send({ type: 'direct', to: ids, content: 'all of you' });
    expect(realm.mock.store.tables.message.get(id)?.dm_user_ids).toEqual([...ids, realm.userId('hamlet@zulip.com')].sort((a, b) => a - b));
  });
});

// zerver/lib/onboarding.py: do_send_messages calls send_welcome_bot_response for a direct message
// to Welcome Bot alone; select_welcome_bot_response picks the answer, and the "not understood"
// answer (the one listing the commands) is not sent again to a user who already got it.
describe('Welcome Bot answers a direct message sent to it alone', () => {
  const COMMANDS = '`apps`, `profile`, `theme`, `channels`, `topics`, `message formatting`, `keyboard shortcuts`';

  it('answers what it understands, lists its commands once otherwise (acceptance test)', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const send = (content: string) => hamlet.messages.send({ type: 'direct', to: ['welcome-bot@zulip.com'], content });
    const events = await verifyAction(hamlet, async () => {
      await send('Apps');
      await send('what now?');
      await send('still lost');
      await send('help');
    });
    const messages = events.flatMap((event) => (event?.type === 'message' ? [event.message] : []));
    // The queue was registered without apply_markdown: the events carry the Markdown source.
    expect(messages.map((message) => [message.sender_email, message.content])).toEqual([
      ['hamlet@zulip.com', 'Apps'],
      [
        'welcome-bot@zulip.com',
        'You can [download](/apps/) the [mobile and desktop apps](/apps/). Zulip also works great in a browser.',
      ],
      ['hamlet@zulip.com', 'what now?'],
      [
        'welcome-bot@zulip.com',
        `You can chat with me as much as you like! To get help, try one of the following messages: ${COMMANDS}, \`help\`.`,
      ],
      ['hamlet@zulip.com', 'still lost'],
      ['hamlet@zulip.com', 'help'],
      [
        'welcome-bot@zulip.com',
        `Here are a few messages I understand: ${COMMANDS}.\n\nCheck out our [Getting started guide](/help/getting-started-with-zulip), or browse the [help center](/help/) to learn more!`,
      ],
    ]);
    const { message } = await hamlet.messages.get({ message_id: messages[1]?.id ?? 0 });
    expect(message.content).toBe(
      '<p>You can <a href="/apps/">download</a> the <a href="/apps/">mobile and desktop apps</a>. Zulip also works great in a browser.</p>',
    );
  });

  it('does not answer a group conversation it is part of', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const events = await verifyAction(hamlet, () =>
      hamlet.messages.send({ type: 'direct', to: ['welcome-bot@zulip.com', 'othello@zulip.com'], content: 'apps' }),
    );
    expect(events.map((event) => event?.type)).toEqual(['message']);
  });
});
