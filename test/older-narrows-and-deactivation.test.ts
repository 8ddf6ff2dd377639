import { describe, expect, it } from 'vitest';
import { narrow } from '../src/index';
import { serverAt, type OlderServer } from './support/older-server';
import { verifyAction } from './support/verify-action';

const HAMLET = 'hamlet@zulip.com';
const IAGO = 'iago@zulip.com';

/** A channel message, a 1:1 and a group direct message to hamlet; their IDs. */
async function conversations({ mock }: OlderServer) {
  const iago = mock.clientFor(IAGO);
  const othello = mock.store.userByDeliveryEmail('othello@zulip.com')?.id ?? 0;
  const hamlet = mock.store.userByDeliveryEmail(HAMLET)?.id ?? 0;
  const channel = (await iago.messages.send({ type: 'stream', to: 'Verona', topic: 'older', content: 'channel' })).id;
  const direct = (await iago.messages.send({ type: 'private', to: [hamlet], content: 'direct' })).id;
  const group = (await iago.messages.send({ type: 'private', to: [hamlet, othello], content: 'group' })).id;
  return { channel, direct, group, iagoId: mock.store.userByDeliveryEmail(IAGO)?.id ?? 0 };
}

/** GET /messages with a narrow as JSON text, sent as is. */
function rawHistory(server: OlderServer, terms: unknown) {
  const query = new URLSearchParams({ narrow: JSON.stringify(terms), anchor: 'newest', num_before: '10', num_after: '0' });
  return server.raw('GET', `/messages?${query.toString()}`);
}

const unknownOperator = (operator: string) => ({
  status: 400,
  body: { result: 'error', msg: `Invalid narrow operator: unknown operator ${operator}`, code: 'BAD_NARROW', desc: `unknown operator ${operator}` },
});

describe('narrow operators of servers before 177 and 250, end to end', () => {
  it('at 176 and 249 the SDK gets the right messages for channel, dm and is:dm', async () => {
    for (const level of [176, 249]) {
      const server = serverAt(level);
      const { channel, direct, group, iagoId } = await conversations(server);
      const ids = async (terms: Parameters<typeof server.client.messages.list>[0]['narrow']) =>
        (await server.client.messages.list({ narrow: terms, anchor: 'newest', num_before: 50, num_after: 0 })).messages.map((message) => message.id);
      expect(await ids(narrow().channel('Verona').topic('older'))).toEqual([channel]);
      // The seed has an earlier 1:1 conversation of iago and hamlet; the group is not theirs alone.
      const dm = await ids(narrow().dm([iagoId]));
      expect([dm.at(-1), dm.includes(group), dm.includes(channel)]).toEqual([direct, false, false]);
      expect((await ids(narrow().is('dm'))).slice(-2)).toEqual([direct, group]);
      expect(await ids(narrow().is('dm'))).not.toContain(channel);
      const matched = await server.client.messages.matchesNarrow({ msg_ids: [channel, direct], narrow: narrow().channel('Verona') });
      expect(Object.keys(matched.messages).map(Number)).toEqual([channel]);
      const flagged = await server.client.flags.updateForNarrow({ narrow: narrow().is('dm'), anchor: 'oldest', num_before: 0, num_after: 100, op: 'add', flag: 'starred' });
      expect(flagged.updated_count).toBeGreaterThanOrEqual(2);
    }
  });

  it('below 250 a raw channel or channels term is an unknown operator; dm still works at 249', async () => {
    const server = serverAt(249);
    const { direct, iagoId } = await conversations(server);
    expect(await rawHistory(server, [{ operator: 'channel', operand: 'Verona' }])).toEqual(unknownOperator('channel'));
    expect(await rawHistory(server, [['channels', 'public']])).toEqual(unknownOperator('channels'));
    // An integer operand: the operator is not among those taking IDs, so its operand had to be a string.
    expect(await rawHistory(server, [{ operator: 'channel', operand: 2001 }])).toEqual({
      status: 400,
      body: { result: 'error', msg: 'elem["operand"] is not a string', code: 'BAD_REQUEST' },
    });
    const dm = await rawHistory(server, [{ operator: 'dm', operand: [iagoId] }]);
    expect((dm.body.messages as { id: number }[]).map((message) => message.id).at(-1)).toEqual(direct);
    expect(await server.raw('POST', '/register', { narrow: JSON.stringify([['channel', 'Verona']]) })).toEqual({
      status: 400,
      body: { result: 'error', msg: 'Operator channel not supported.', code: 'BAD_REQUEST' },
    });
    expect((await serverAt(250).raw('POST', '/register', { narrow: JSON.stringify([['channel', 'Verona']]) })).status).toBe(200);
    expect((await rawHistory(serverAt(250), [['channel', 'Verona']])).status).toBe(200);
  });

  it('below 177 dm, dm-including and is:dm are unknown, in history, matches_narrow and flags', async () => {
    const server = serverAt(176);
    const { direct, iagoId } = await conversations(server);
    expect(await rawHistory(server, [{ operator: 'dm', operand: 'iago@zulip.com' }])).toEqual(unknownOperator('dm'));
    expect(await rawHistory(server, [['dm-including', 'iago@zulip.com']])).toEqual(unknownOperator('dm-including'));
    expect(await rawHistory(server, [{ operator: 'dm', operand: [iagoId] }])).toEqual({
      status: 400,
      body: { result: 'error', msg: 'elem["operand"] is not a string', code: 'BAD_REQUEST' },
    });
    expect(await rawHistory(server, [['is', 'dm']])).toEqual({
      status: 400,
      body: { result: 'error', msg: "Invalid narrow operator: unknown 'is' operand dm", code: 'BAD_NARROW', desc: "unknown 'is' operand dm" },
    });
    const query = new URLSearchParams({ msg_ids: JSON.stringify([direct]), narrow: JSON.stringify([['is', 'dm']]) });
    expect((await server.raw('GET', `/messages/matches_narrow?${query.toString()}`)).body).toMatchObject({ code: 'BAD_NARROW' });
    const flags = await server.raw('POST', '/messages/flags/narrow', {
      narrow: JSON.stringify([['dm', 'iago@zulip.com']]), anchor: 'oldest', num_before: '0', num_after: '10', op: 'add', flag: 'read',
    });
    expect(flags).toEqual(unknownOperator('dm'));
    const old = await rawHistory(server, [['pm-with', 'iago@zulip.com']]);
    expect((old.body.messages as { id: number }[]).map((message) => message.id).at(-1)).toEqual(direct);
    expect((await rawHistory(serverAt(177), [['dm-including', 'iago@zulip.com']])).status).toBe(200);
  });

  it('channel and direct messages at once: unknown operator first; refused from 233, in older words below 250, empty below 233', async () => {
    const both = [['stream', 'Verona'], ['pm-with', 'iago@zulip.com']];
    const refusal = (desc: string) => ({ status: 400, body: { result: 'error', msg: `Invalid narrow operator: ${desc}`, code: 'BAD_NARROW', desc } });
    expect(await rawHistory(serverAt(250), both)).toEqual(refusal('No message can be both a channel message and direct message'));
    expect(await rawHistory(serverAt(249), both)).toEqual(refusal('No message can be both a stream and a DM message'));
    expect(await rawHistory(serverAt(233), [['is', 'dm'], ['stream', 'Verona']])).toEqual(refusal('No message can be both a stream and a DM message'));
    expect(await rawHistory(serverAt(249), [['stream', 'Verona'], ['channel', 'Verona']])).toEqual(unknownOperator('channel'));
    expect(await rawHistory(serverAt(176), [['stream', 'Verona'], ['dm', 'iago@zulip.com']])).toEqual(unknownOperator('dm'));
    const old = await rawHistory(serverAt(232), both);
    expect([old.status, old.body.messages]).toEqual([200, []]);
  });

  it("below 177 a queue's is:dm narrow filters nothing (the event filter knew is:private alone)", async () => {
    const server = serverAt(176);
    const registered = await server.raw('POST', '/register', { event_types: '["message"]', narrow: JSON.stringify([['is', 'dm']]) });
    expect(registered.status).toBe(200);
    const { channel } = await conversations(server);
    const query = new URLSearchParams({ queue_id: String(registered.body.queue_id), last_event_id: '-1', dont_block: 'true' });
    const { body } = await server.raw('GET', `/events?${query.toString()}`);
    const ids = (body.events as { type: string; message?: { id: number } }[]).flatMap((event) => (event.message ? [event.message.id] : []));
    expect(ids).toContain(channel);
    expect(ids).toHaveLength(3);
  });
});

describe('deactivation and reactivation before level 222', () => {
  it('are realm_user remove and add, and pass the events acceptance test', async () => {
    const server = serverAt(221);
    const admin = server.mock.clientFor(IAGO);
    const othello = server.mock.store.userByDeliveryEmail('othello@zulip.com')?.id ?? 0;
    // The old server rendered the reactivated user as a new one, without profile field values:
    // the reducer keeps the values it knows.
    const { id: field } = await admin.profileFields.create({ name: 'Home', field_type: 1, hint: '' });
    await admin.users.update({ user_id: othello, profile_data: [{ id: field, value: 'Cyprus' }] });
    const register = { event_types: ['realm_user'] };
    const removed = await verifyAction(admin, () => admin.users.deactivate({ user_id: othello }), register);
    expect(removed).toEqual([expect.objectContaining({ type: 'realm_user', op: 'remove', person: { user_id: othello, full_name: 'Othello, the Moor of Venice' } })]);
    const added = await verifyAction(admin, () => admin.users.reactivate({ user_id: othello }), register);
    expect(added).toEqual([
      expect.objectContaining({ type: 'realm_user', op: 'add', person: expect.objectContaining({ user_id: othello, email: 'othello@zulip.com', profile_data: {} }) }),
    ]);
    const { realm_users: users } = await admin.events.register(register);
    expect(users?.find((user) => user.user_id === othello)?.profile_data).toEqual({ [field]: { value: 'Cyprus', rendered_value: '<p>Cyprus</p>' } });
    // Another member hears of both too, as every active user did.
    const hamlet = server.client;
    await verifyAction(hamlet, () => admin.users.deactivate({ user_id: othello }), register);
    await verifyAction(hamlet, () => admin.users.reactivate({ user_id: othello }), register);
  });

  it('a bot: realm_bot remove and add to its owner and the administrators; the bot stays in realm_bots, inactive', async () => {
    const server = serverAt(221);
    const admin = server.mock.clientFor(IAGO);
    const bot = server.mock.store.userByDeliveryEmail('default-bot@zulip.com')?.id ?? 0;
    const register = { event_types: ['realm_bot', 'realm_user'] };
    for (const observer of [server.client, admin]) {
      const removed = await verifyAction(observer, () => admin.bots.deactivate({ bot_id: bot }), register);
      expect(removed).toContainEqual(expect.objectContaining({ type: 'realm_bot', op: 'remove', bot: { user_id: bot, full_name: expect.any(String) } }));
      expect((await observer.events.register(register)).realm_bots?.find((entry) => entry.user_id === bot)?.is_active).toBe(false);
      const added = await verifyAction(observer, () => admin.users.reactivate({ user_id: bot }), register);
      expect(added).toContainEqual(expect.objectContaining({ type: 'realm_bot', op: 'add', bot: expect.objectContaining({ user_id: bot, is_active: true }) }));
    }
  });

  it('with the whole registration (groups, subscribers, presence)', async () => {
    const server = serverAt(221);
    const admin = server.mock.clientFor(IAGO);
    const othello = server.mock.store.userByDeliveryEmail('othello@zulip.com')?.id ?? 0;
    const register = { event_types: ['realm_user', 'subscription', 'realm_user_groups', 'user_group', 'realm', 'user_status', 'realm_bot'], include_subscribers: true };
    await verifyAction(admin, () => admin.users.deactivate({ user_id: othello }), register);
    await verifyAction(admin, () => admin.users.reactivate({ user_id: othello }), register);
  });
});

describe('with (271), has:reaction (249) and is:followed (265) on older servers', () => {
  it('below 271 with is an unknown operator, its message ID operand not a string (in the wording of the level)', async () => {
    const server = serverAt(270);
    const { channel } = await conversations(server);
    expect(await rawHistory(server, [{ operator: 'with', operand: String(channel) }])).toEqual(unknownOperator('with'));
    const notString = (msg: string) => ({ status: 400, body: { result: 'error', msg, code: 'BAD_REQUEST' } });
    expect(await rawHistory(server, [{ operator: 'with', operand: channel }])).toEqual(notString('operand is not a string'));
    expect(await rawHistory(serverAt(253), [{ operator: 'with', operand: channel }])).toEqual(notString('elem["operand"] is not a string'));
    const at271 = serverAt(271);
    const ids = await conversations(at271);
    const found = await rawHistory(at271, [{ operator: 'with', operand: ids.channel }]);
    expect((found.body.messages as { id: number }[]).map((message) => message.id)).toContain(ids.channel);
  });

  it("below 249 has:reaction is an unknown 'has' operand", async () => {
    const refusal = { status: 400, body: { result: 'error', msg: "Invalid narrow operator: unknown 'has' operand reaction", code: 'BAD_NARROW', desc: "unknown 'has' operand reaction" } };
    expect(await rawHistory(serverAt(248), [['has', 'reaction']])).toEqual(refusal);
    expect((await rawHistory(serverAt(249), [['has', 'reaction']])).status).toBe(200);
  });

  it("below 265 is:followed is an unknown 'is' operand; a queue's narrow takes it (filtering nothing) below 265 and refuses it from 265", async () => {
    const refusal = { status: 400, body: { result: 'error', msg: "Invalid narrow operator: unknown 'is' operand followed", code: 'BAD_NARROW', desc: "unknown 'is' operand followed" } };
    expect(await rawHistory(serverAt(264), [['is', 'followed']])).toEqual(refusal);
    expect((await rawHistory(serverAt(265), [['is', 'followed']])).status).toBe(200);
    expect(await serverAt(265).raw('POST', '/register', { narrow: JSON.stringify([['is', 'followed']]) })).toEqual({
      status: 400,
      body: { result: 'error', msg: 'Operand followed not supported.', code: 'BAD_REQUEST' },
    });
    const server = serverAt(264);
    const registered = await server.raw('POST', '/register', { event_types: '["message"]', narrow: JSON.stringify([['is', 'followed']]) });
    expect(registered.status).toBe(200);
    await conversations(server);
    const query = new URLSearchParams({ queue_id: String(registered.body.queue_id), last_event_id: '-1', dont_block: 'true' });
    const { body } = await server.raw('GET', `/events?${query.toString()}`);
    expect((body.events as { type: string }[]).filter((event) => event.type === 'message')).toHaveLength(3);
  });
});
