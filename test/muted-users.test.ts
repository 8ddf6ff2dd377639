import { describe, expect, it } from 'vitest';
import { ManualClock } from '../mock/domain/clock';
import { createMockServer } from '../mock/index';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();
const HAMLET = 'hamlet@zulip.com';
const OTHELLO = 'othello@zulip.com';
const bad = (msg: string) => ({ code: 'BAD_REQUEST', status: 400, msg });

describe('muted users', () => {
  it('mute and unmute with the server\'s refusals; the list is in the register state with when', async () => {
    realm.clock.set(1_700_000_000_000);
    const hamlet = realm.clientFor(HAMLET);
    const othello = realm.userId(OTHELLO);
    await hamlet.users.mute({ muted_user_id: othello });
    expect((await hamlet.events.register({ fetch_event_types: ['muted_users'] })).muted_users).toEqual([{ id: othello, timestamp: 1_700_000_000 }]);
    await expectApiError(hamlet.users.mute({ muted_user_id: othello }), bad('User already muted'));
    await expectApiError(hamlet.users.mute({ muted_user_id: realm.userId(HAMLET) }), bad('Cannot mute self'));
    await expectApiError(hamlet.users.mute({ muted_user_id: 424_242 }), bad('No such user'));
    await hamlet.users.unmute({ muted_user_id: othello });
    await expectApiError(hamlet.users.unmute({ muted_user_id: othello }), bad('User is not muted'));
    await expectApiError(hamlet.users.unmute({ muted_user_id: 424_242 }), bad('No such user'));
    expect((await hamlet.events.register({ fetch_event_types: ['muted_users'] })).muted_users).toEqual([]);
  });

  it('muting reads their unread messages; their new messages arrive read; register + events == a fresh register', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const othelloClient = realm.clientFor(OTHELLO);
    const othello = realm.userId(OTHELLO);
    const before = await othelloClient.messages.send({ type: 'direct', to: [realm.userId(HAMLET)], content: 'unread until muted' });
    const register = { event_types: ['muted_users', 'message', 'update_message_flags'] };
    const events = await verifyAction(hamlet, () => hamlet.users.mute({ muted_user_id: othello }), register);
    expect(events).toMatchObject([
      { type: 'update_message_flags', op: 'add', flag: 'read', messages: expect.arrayContaining([before.id]) },
      { type: 'muted_users', muted_users: [{ id: othello }] },
    ]);
    // Every message it marked read is Othello's (the seed has one in Verona too).
    const marked = (events[0] as { messages: number[] }).messages;
    expect(marked.every((id) => realm.mock.store.tables.message.get(id)?.sender_id === othello)).toBe(true);
    const later = await othelloClient.messages.send({ type: 'channel', to: 'Verona', topic: 'muted', content: 'arrives read' });
    const { message } = await hamlet.messages.get({ message_id: later.id });
    expect(message.flags).toContain('read');
    await verifyAction(hamlet, () => othelloClient.messages.send({ type: 'direct', to: [realm.userId(HAMLET)], content: 'still read' }), register);
    await verifyAction(hamlet, () => hamlet.users.unmute({ muted_user_id: othello }), register);
  });

  it('the Notification Bot, a bot and a deactivated user can be muted (the server looks users up across realms here)', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const { cross_realm_bots: systemBots } = await hamlet.events.register({ fetch_event_types: ['realm_user'] });
    const botId = systemBots?.find((bot) => bot.email === 'notification-bot@zulip.com')?.user_id ?? 0;
    await hamlet.users.mute({ muted_user_id: botId });
    expect((await hamlet.events.register({ fetch_event_types: ['muted_users'] })).muted_users?.map((entry) => entry.id)).toEqual([botId]);
    await hamlet.users.unmute({ muted_user_id: botId });
    // So can a bot and a deactivated user.
    await hamlet.users.mute({ muted_user_id: realm.userId('default-bot@zulip.com') });
    await realm.clientFor('iago@zulip.com').users.deactivate({ user_id: realm.userId('cordelia@zulip.com') });
    await hamlet.users.mute({ muted_user_id: realm.userId('cordelia@zulip.com') });
    const listed = (await hamlet.events.register({ fetch_event_types: ['muted_users'] })).muted_users?.map((entry) => entry.id);
    expect(listed).toEqual([realm.userId('default-bot@zulip.com'), realm.userId('cordelia@zulip.com')]);
  });

  it('before feature level 188, a bot (a system bot too) is No such user, to mute and to unmute; a human still mutes', async () => {
    const mock = createMockServer({ featureLevel: 187, clock: new ManualClock() });
    const hamlet = mock.clientFor(HAMLET);
    const { cross_realm_bots: systemBots } = await hamlet.events.register({ fetch_event_types: ['realm_user'] });
    const notificationBot = systemBots?.find((bot) => bot.email === 'notification-bot@zulip.com')?.user_id ?? 0;
    const { user: { user_id: defaultBot } } = await hamlet.users.getByEmail({ email: 'default-bot@zulip.com' });
    for (const bot of [defaultBot, notificationBot]) {
      await expectApiError(hamlet.users.mute({ muted_user_id: bot }), bad('No such user'));
      await expectApiError(hamlet.users.unmute({ muted_user_id: bot }), bad('No such user'));
    }
    const { user: { user_id: othello } } = await hamlet.users.getByEmail({ email: OTHELLO });
    await hamlet.users.mute({ muted_user_id: othello });
    expect((await hamlet.events.register({ fetch_event_types: ['muted_users'] })).muted_users?.map((entry) => entry.id)).toEqual([othello]);
  });

  it("a muted sender's typing still reaches the user who muted them: the server leaves hiding it to clients", async () => {
    const hamlet = realm.clientFor(HAMLET);
    const cordelia = realm.clientFor('cordelia@zulip.com');
    await hamlet.users.mute({ muted_user_id: realm.userId(OTHELLO) });
    const hamletQueue = await hamlet.events.register({ event_types: ['typing'] });
    const cordeliaQueue = await cordelia.events.register({ event_types: ['typing'] });
    await realm.clientFor(OTHELLO).typing.set({ op: 'start', to: [realm.userId(HAMLET), realm.userId('cordelia@zulip.com')] });
    const seen = async (client: typeof hamlet, queue: typeof hamletQueue) =>
      (await client.events.get({ queue_id: queue.queue_id ?? '', last_event_id: queue.last_event_id, dont_block: true })).events.length;
    expect(await seen(hamlet, hamletQueue)).toBe(1);
    expect(await seen(cordelia, cordeliaQueue)).toBe(1);
  });
});
