import { describe, expect, it } from 'vitest';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();

const bad = (msg: string) => ({ code: 'BAD_REQUEST', status: 400, msg });

async function hamletsOutgoingBot(): Promise<number> {
  const { user_id } = await realm.clientFor('hamlet@zulip.com').bots.create({
    full_name: 'Out Bot',
    short_name: 'out',
    bot_type: 3,
    payload_url: 'https://hooks.example/x',
  });
  return user_id;
}

describe('bots.update (PATCH /bots/{bot_id}) applies each step in turn, as the server (no transaction)', () => {
  it('a refused owner keeps the rename before it, with its events (acceptance)', async () => {
    const id = await hamletsOutgoingBot();
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const events = await verifyAction(hamlet, () =>
      expectApiError(hamlet.bots.update({ bot_id: id, full_name: 'Out Bot Two', bot_owner_id: 99999 }), bad('Failed to change owner, no such user')),
    );
    expect(events).toContainEqual(expect.objectContaining({ type: 'realm_bot', op: 'update', bot: { user_id: id, full_name: 'Out Bot Two' } }));
    expect(realm.mock.store.tables.user.get(id)?.full_name).toBe('Out Bot Two');
  });

  it('a refused interface type keeps the default channel set before it; a refused channel keeps the rename', async () => {
    const id = await hamletsOutgoingBot();
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await verifyAction(hamlet, () =>
      expectApiError(
        hamlet.bots.update({ bot_id: id, default_sending_stream: 'Verona', service_payload_url: 'https://hooks.example/y', service_interface: 9 }),
        bad('Invalid interface type'),
      ),
    );
    await verifyAction(hamlet, () =>
      expectApiError(hamlet.bots.update({ bot_id: id, full_name: 'Out Bot Three', default_sending_stream: 'nonexistent' }), bad("Invalid channel name 'nonexistent'")),
    );
    const bot = (await hamlet.bots.list()).bots.find((entry) => entry.username === 'out-bot@zulip.testserver');
    expect([bot?.full_name, bot?.default_sending_stream]).toEqual(['Out Bot Three', 'Verona']);
  });

  it('a URL that is no URL is refused as the parameters are read, before any change', async () => {
    const id = await hamletsOutgoingBot();
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await expectApiError(hamlet.bots.update({ bot_id: id, full_name: 'Out Bot Four', service_payload_url: 'nope' }), bad('Invalid service_payload_url: Value error, Not a URL'));
    expect(realm.mock.store.tables.user.get(id)?.full_name).toBe('Out Bot');
  });

  it("the current owner's ID skips the owner checks, even when that owner is deactivated; a system bot is no such user", async () => {
    const { user_id: id } = await realm.clientFor('cordelia@zulip.com').bots.create({ full_name: 'Cord Bot', short_name: 'cord' });
    const iago = realm.clientFor('iago@zulip.com');
    const cordeliaId = realm.userId('cordelia@zulip.com');
    await iago.users.deactivate({ user_id: cordeliaId });
    expect(await iago.bots.update({ bot_id: id, bot_owner_id: cordeliaId })).toMatchObject({ bot_owner: 'cordelia@zulip.com' });
    const { cross_realm_bots } = await iago.events.register({ fetch_event_types: ['realm_user'] });
    const notificationBot = cross_realm_bots?.[0]?.user_id ?? -1;
    await expectApiError(iago.bots.update({ bot_id: id, bot_owner_id: notificationBot }), bad('Failed to change owner, no such user'));
  });

  it('the same URL and format again is no change and no event; the URL alone resets the format to 1 (acceptance)', async () => {
    const id = await hamletsOutgoingBot();
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await hamlet.bots.update({ bot_id: id, service_payload_url: 'https://hooks.example/x', service_interface: 2 });
    const same = await verifyAction(hamlet, () => hamlet.bots.update({ bot_id: id, service_payload_url: 'https://hooks.example/x', service_interface: 2 }));
    expect(same).toEqual([]);
    const reset = await verifyAction(hamlet, () => hamlet.bots.update({ bot_id: id, service_payload_url: 'https://hooks.example/x' }));
    expect(reset).toEqual([
      {
        type: 'realm_bot',
        op: 'update',
        bot: { user_id: id, services: [{ base_url: 'https://hooks.example/x', interface: 1, token: expect.any(String) }] },
        id: expect.any(Number),
      },
    ]);
  });

  it("an embedded bot's service takes a URL too, announced in the outgoing webhook's shape; realm_bots still lists it as embedded", async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const { user_id: id } = await hamlet.bots.create({ full_name: 'Hello Bot', short_name: 'hello', bot_type: 4, service_name: 'helloworld', config_data: { a: 'b' } });
    const initial = await hamlet.events.register({ event_types: ['realm_bot'] });
    await hamlet.bots.update({ bot_id: id, service_payload_url: 'https://hooks.example/embedded', service_interface: 2 });
    // Created with no URL and format 1: the same again is no change.
    await hamlet.bots.update({ bot_id: id, service_payload_url: 'https://hooks.example/embedded', service_interface: 2 });
    const { events } = await hamlet.events.get({ queue_id: initial.queue_id ?? '', last_event_id: initial.last_event_id, dont_block: true });
    expect(events).toEqual([
      { type: 'realm_bot', op: 'update', bot: { user_id: id, services: [{ base_url: 'https://hooks.example/embedded', interface: 2, token: expect.stringMatching(/^[0-9A-Za-z]{32}$/) }] }, id: 0 },
    ]);
    const { realm_bots } = await hamlet.events.register({ fetch_event_types: ['realm_bot'] });
    expect(realm_bots?.find((bot) => bot.user_id === id)?.services).toEqual([{ service_name: 'helloworld', config_data: { a: 'b' } }]);
  });
});
