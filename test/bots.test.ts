import { describe, expect, it } from 'vitest';
import { ChatClient } from '../src/index';
import { expectApiError } from './support/failure';
import { SITE, useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();

const bad = (msg: string) => ({ code: 'BAD_REQUEST', status: 400, msg });
const types = (events: readonly unknown[]) => events.map((event) => `${(event as { type: string }).type}:${(event as { op?: string }).op ?? ''}`);

/** hamlet creates a bot he owns; answers its ID. */
async function hamletsBot(fields: Partial<Parameters<ChatClient['bots']['create']>[0]> = {}): Promise<number> {
  const { user_id } = await realm.clientFor('hamlet@zulip.com').bots.create({ full_name: 'Deploy Bot', short_name: 'deploy', ...fields });
  return user_id;
}

describe('bots.create (POST /bots)', () => {
  it('creates a generic bot its owner and the administrators are told about; everyone sees the new user', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    let created: Awaited<ReturnType<ChatClient['bots']['create']>> | undefined;
    const ownerEvents = await verifyAction(hamlet, async () => {
      created = await hamlet.bots.create({ full_name: 'Deploy Bot', short_name: 'deploy', default_sending_stream: 'Denmark' });
    });
    expect(created).toMatchObject({
      user_id: expect.any(Number),
      api_key: expect.stringMatching(/^[0-9A-Za-z]{32}$/),
      avatar_url: expect.any(String),
      default_sending_stream: 'Denmark',
      default_events_register_stream: null,
      default_all_public_streams: false,
    });
    expect(types(ownerEvents)).toEqual(['realm_user:add', 'user_group:add_members', 'user_group:add_members', 'realm_bot:add']);
    const { realm_bots } = await hamlet.events.register({ fetch_event_types: ['realm_bot'] });
    expect(realm_bots?.find((bot) => bot.user_id === created?.user_id)).toEqual({
      email: 'deploy-bot@zulip.testserver',
      user_id: created?.user_id,
      full_name: 'Deploy Bot',
      bot_type: 1,
      is_active: true,
      api_key: created?.api_key,
      default_sending_stream: 'Denmark',
      default_events_register_stream: null,
      default_all_public_streams: false,
      avatar_url: created?.avatar_url,
      owner_id: realm.userId('hamlet@zulip.com'),
      services: [],
    });
    // The new key works at once.
    const bot = new ChatClient({ site: SITE, email: 'deploy-bot@zulip.testserver', apiKey: created?.api_key ?? '', fetch: realm.mock.fetch, maxRetries: 0 });
    expect((await bot.users.me()).user_id).toBe(created?.user_id);
  });

  it('administrators see every bot; other members see theirs only', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const othello = realm.clientFor('othello@zulip.com');
    const adminEvents = await verifyAction(iago, () => hamletsBot());
    expect(types(adminEvents)).toContain('realm_bot:add');
    const memberEvents = await verifyAction(othello, () => hamletsBot({ short_name: 'other', full_name: 'Other Bot' }));
    expect(types(memberEvents)).not.toContain('realm_bot:add');
    expect((await othello.events.register({ fetch_event_types: ['realm_bot'] })).realm_bots).toEqual([]);
    const all = (await iago.events.register({ fetch_event_types: ['realm_bot'] })).realm_bots ?? [];
    expect(all.map((bot) => bot.email)).toEqual(expect.arrayContaining(['default-bot@zulip.com', 'webhook-bot@zulip.com', 'deploy-bot@zulip.testserver']));
  });

  it('outgoing webhook and embedded bots carry their service; the payload URL travels as JSON', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const outgoing = await hamletsBot({ bot_type: 3, payload_url: 'https://hooks.example/zulip', interface_type: 2 });
    const embedded = await hamletsBot({ short_name: 'hello', full_name: 'Hello Bot', bot_type: 4, service_name: 'helloworld', config_data: { greeting: 'hi' } });
    const bots = (await hamlet.events.register({ fetch_event_types: ['realm_bot'] })).realm_bots ?? [];
    expect(bots.find((bot) => bot.user_id === outgoing)?.services).toEqual([{ base_url: 'https://hooks.example/zulip', interface: 2, token: expect.stringMatching(/^[0-9A-Za-z]{32}$/) }]);
    expect(bots.find((bot) => bot.user_id === embedded)?.services).toEqual([{ service_name: 'helloworld', config_data: { greeting: 'hi' } }]);
    const form = new URLSearchParams({ full_name: 'Raw Bot', short_name: 'raw', bot_type: '3', payload_url: 'https://not-json.example' });
    const raw = await realm.raw('hamlet@zulip.com', 'POST', '/bots', form);
    expect(await raw.json()).toMatchObject({ result: 'error', code: 'BAD_REQUEST', msg: 'payload_url is not valid JSON' });
  });

  it("refuses with the server's messages, in its order, and creates nothing", async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const users = realm.mock.store.tables.user.size;
    await expectApiError(hamlet.bots.create({ full_name: 'X Bot', short_name: '  ' }), bad('Bad name or username'));
    await expectApiError(hamlet.bots.create({ full_name: 'X', short_name: 'x' }), bad('Name too short!'));
    await expectApiError(hamlet.bots.create({ full_name: 'X Bot', short_name: 'has space' }), bad('Bad name or username'));
    await expectApiError(hamlet.bots.create({ full_name: 'X Bot', short_name: 'x', bot_type: 4, service_name: 'nope' }), bad('Invalid embedded bot name.'));
    await expectApiError(hamlet.bots.create({ full_name: 'King Hamlet', short_name: 'x' }), bad('Name is already in use.'));
    await expectApiError(hamlet.bots.create({ full_name: 'X Bot', short_name: 'x', bot_type: 9 }), bad('Invalid bot type'));
    await expectApiError(hamlet.bots.create({ full_name: 'X Bot', short_name: 'x', bot_type: 3, interface_type: 3 }), bad('Invalid interface type'));
    await expectApiError(hamlet.bots.create({ full_name: 'X Bot', short_name: 'x', bot_type: 3, payload_url: 'not a url' }), bad('Invalid payload_url: Value error, Not a URL'));
    // The URL is checked as the parameter is read, before everything else.
    await expectApiError(hamlet.bots.create({ full_name: 'X Bot', short_name: '', bot_type: 3, payload_url: 'not a url' }), bad('Invalid payload_url: Value error, Not a URL'));
    await expectApiError(hamlet.bots.create({ full_name: 'X Bot', short_name: 'x', default_sending_stream: 'nope' }), bad("Invalid channel name 'nope'"));
    expect(realm.mock.store.tables.user.size).toBe(users);
    await hamletsBot();
    await expectApiError(hamletsBot({ full_name: 'Another Bot' }), bad('Email is already in use.'));
    await expectApiError(realm.clientFor('polonius@zulip.com').bots.create({ full_name: 'X Bot', short_name: 'x' }), bad('Not allowed for guest users'));
    await expectApiError(realm.clientFor('default-bot@zulip.com').bots.create({ full_name: 'X Bot', short_name: 'x' }), bad('This endpoint does not accept bot requests.'));
  });

  it('follows can_create_bots_group, and can_create_write_only_bots_group for incoming webhooks', async () => {
    realm.mock.realm.can_create_bots_group = realm.groupId('role:administrators');
    const othello = realm.clientFor('othello@zulip.com');
    await expectApiError(othello.bots.create({ full_name: 'X Bot', short_name: 'x' }), bad('Insufficient permission'));
    await expect(othello.bots.create({ full_name: 'Hook Bot', short_name: 'hook', bot_type: 2 })).resolves.toMatchObject({ user_id: expect.any(Number) });
    realm.mock.realm.can_create_write_only_bots_group = realm.groupId('role:administrators');
    await expectApiError(othello.bots.create({ full_name: 'Hook Two', short_name: 'hook2', bot_type: 2 }), bad('Insufficient permission'));
    await expect(realm.clientFor('iago@zulip.com').bots.create({ full_name: 'Admin Bot', short_name: 'admin' })).resolves.toMatchObject({ user_id: expect.any(Number) });
  });

  it('gives administrators no way around the setting: with nobody allowed, an administrator is refused too', async () => {
    // The server's check_can_create_bot reads only the two group settings (no administrator bypass).
    realm.mock.realm.can_create_bots_group = realm.groupId('role:nobody');
    realm.mock.realm.can_create_write_only_bots_group = realm.groupId('role:nobody');
    const iago = realm.clientFor('iago@zulip.com');
    await expectApiError(iago.bots.create({ full_name: 'Admin Bot', short_name: 'admin' }), bad('Insufficient permission'));
    await expectApiError(iago.bots.create({ full_name: 'Admin Hook', short_name: 'adminhook', bot_type: 2 }), bad('Insufficient permission'));
    realm.mock.realm.can_create_write_only_bots_group = realm.groupId('role:administrators');
    await expect(iago.bots.create({ full_name: 'Admin Hook', short_name: 'adminhook', bot_type: 2 })).resolves.toMatchObject({ user_id: expect.any(Number) });
  });
});

describe('bots.list (GET /bots)', () => {
  it("lists the caller's active bots, oldest first, with their keys", async () => {
    const first = await hamletsBot();
    const second = await hamletsBot({ short_name: 'second', full_name: 'Second Bot' });
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await hamlet.bots.deactivate({ bot_id: second });
    const { bots } = await hamlet.bots.list();
    const keyOf = (id: number) => realm.mock.store.tables.user.get(id)?.api_key;
    expect(bots.map((bot) => bot.username)).toEqual(['default-bot@zulip.com', 'deploy-bot@zulip.testserver']);
    expect(bots[1]).toEqual({
      username: 'deploy-bot@zulip.testserver',
      full_name: 'Deploy Bot',
      api_key: keyOf(first),
      avatar_url: expect.any(String),
      default_sending_stream: null,
      default_events_register_stream: null,
      default_all_public_streams: false,
    });
    expect((await realm.clientFor('othello@zulip.com').bots.list()).bots).toEqual([]);
  });
});

describe('bots.update (PATCH /bots/{bot_id})', () => {
  it('renames (realm_user and realm_bot updates), sets and clears default channels, answers the settings', async () => {
    const id = await hamletsBot();
    const hamlet = realm.clientFor('hamlet@zulip.com');
    let answer: unknown;
    const events = await verifyAction(hamlet, async () => {
      answer = await hamlet.bots.update({ bot_id: id, full_name: 'Release Bot', default_sending_stream: 'Verona', default_all_public_streams: true });
    });
    expect(types(events)).toEqual(['realm_user:update', 'realm_bot:update', 'realm_bot:update', 'realm_bot:update']);
    expect(answer).toEqual({
      full_name: 'Release Bot',
      avatar_url: expect.any(String),
      service_interface: 1,
      service_payload_url: null,
      config_data: null,
      default_sending_stream: 'Verona',
      default_events_register_stream: null,
      default_all_public_streams: true,
      bot_owner: 'hamlet@zulip.com',
    });
    await verifyAction(hamlet, () => hamlet.bots.update({ bot_id: id, default_sending_stream: '' }));
    expect((await hamlet.bots.list()).bots.find((bot) => bot.full_name === 'Release Bot')?.default_sending_stream).toBeNull();
  });

  it('moving a bot to a new owner: the old owner loses it, the new one gains it, administrators see owner_id change', async () => {
    const id = await hamletsBot();
    const othelloId = realm.userId('othello@zulip.com');
    const move = () => realm.clientFor('iago@zulip.com').bots.update({ bot_id: id, bot_owner_id: othelloId });
    const asOldOwner = await verifyAction(realm.clientFor('hamlet@zulip.com'), move);
    expect(asOldOwner).toContainEqual(expect.objectContaining({ type: 'realm_bot', op: 'delete', bot: { user_id: id } }));
    const asNewOwner = await verifyAction(realm.clientFor('cordelia@zulip.com'), () =>
      realm.clientFor('iago@zulip.com').bots.update({ bot_id: id, bot_owner_id: realm.userId('cordelia@zulip.com') }),
    );
    expect(asNewOwner).toContainEqual(expect.objectContaining({ type: 'realm_bot', op: 'add' }));
    const asAdministrator = await verifyAction(realm.clientFor('iago@zulip.com'), move);
    expect(asAdministrator).toContainEqual(expect.objectContaining({ type: 'realm_bot', op: 'update', bot: { user_id: id, owner_id: othelloId } }));
    expect(asAdministrator).toContainEqual(expect.objectContaining({ type: 'realm_user', op: 'update', person: { user_id: id, bot_owner_id: othelloId } }));
  });

  it('changes an outgoing webhook URL and an embedded bot configuration (merged), with realm_bot updates', async () => {
    const outgoing = await hamletsBot({ bot_type: 3, payload_url: 'https://hooks.example/one' });
    const embedded = await hamletsBot({ short_name: 'hello', full_name: 'Hello Bot', bot_type: 4, service_name: 'helloworld', config_data: { a: '1' } });
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const first = await verifyAction(hamlet, () => hamlet.bots.update({ bot_id: outgoing, service_payload_url: 'https://hooks.example/two', service_interface: 2 }));
    expect(first).toEqual([expect.objectContaining({ bot: { user_id: outgoing, services: [expect.objectContaining({ base_url: 'https://hooks.example/two', interface: 2 })] } })]);
    const second = await verifyAction(hamlet, () => hamlet.bots.update({ bot_id: embedded, config_data: { b: '2' } }));
    // The server's update carries the whole configuration only; clients merge it into the service.
    expect(second).toEqual([expect.objectContaining({ bot: { user_id: embedded, services: [{ config_data: { a: '1', b: '2' } }] } })]);
  });

  it('any bot type stores a configuration and announces it; an embedded bot without one lists no service', async () => {
    const bare = await hamletsBot({ short_name: 'bare', full_name: 'Bare Bot', bot_type: 4, service_name: 'converter' });
    const generic = await hamletsBot({ short_name: 'plain', full_name: 'Plain Bot' });
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const bots = async () => (await hamlet.events.register({ event_types: ['realm_bot'] })).realm_bots ?? [];
    expect((await bots()).find((bot) => bot.user_id === bare)?.services).toEqual([]);
    const events = await verifyAction(hamlet, () => hamlet.bots.update({ bot_id: generic, config_data: { key: 'v' } }));
    expect(events).toEqual([expect.objectContaining({ type: 'realm_bot', op: 'update', bot: { user_id: generic, services: [{ config_data: { key: 'v' } }] } })]);
    expect((await bots()).find((bot) => bot.user_id === generic)?.services).toEqual([]);
    // An outgoing webhook's service keeps its URL, format and token only (acceptance).
    const outgoing = await hamletsBot({ short_name: 'out', full_name: 'Out Bot', bot_type: 3, payload_url: 'https://hooks.example/x' });
    await verifyAction(hamlet, () => hamlet.bots.update({ bot_id: outgoing, config_data: { key: 'v' } }), { event_types: ['realm_bot'] });
  });

  it("a bot whose default channel is private is its owner's alone: administrators hear nothing of it", async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const iago = realm.clientFor('iago@zulip.com');
    const { queue_id, last_event_id } = await iago.events.register({ event_types: ['realm_bot'] });
    const privateBot = await hamletsBot({ short_name: 'secret', full_name: 'Secret Bot', default_sending_stream: 'core team' });
    await hamlet.bots.update({ bot_id: privateBot, full_name: 'Secret Bot 2' });
    const publicBot = await hamletsBot({ short_name: 'open', full_name: 'Open Bot' });
    const { events } = await iago.events.get({ queue_id: queue_id ?? '', last_event_id, dont_block: true });
    expect(events.map((event) => [event.type, (event as { op?: string }).op, (event as { bot?: { user_id: number } }).bot?.user_id])).toEqual([
      ['realm_bot', 'add', publicBot],
    ]);
    await verifyAction(hamlet, () => hamlet.bots.update({ bot_id: privateBot, full_name: 'Secret Bot 3' }));
  });

  it("refuses with the server's messages", async () => {
    const id = await hamletsBot();
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await expectApiError(hamlet.bots.update({ bot_id: realm.userId('othello@zulip.com'), full_name: 'X Bot' }), bad('No such bot'));
    await expectApiError(hamlet.bots.update({ bot_id: 9999, full_name: 'X Bot' }), bad('No such bot'));
    await expectApiError(realm.clientFor('othello@zulip.com').bots.update({ bot_id: id, full_name: 'X Bot' }), bad('Insufficient permission'));
    await expectApiError(hamlet.bots.update({ bot_id: id, full_name: 'King Hamlet' }), bad('Name is already in use.'));
    await expectApiError(hamlet.bots.update({ bot_id: id, service_payload_url: 'nope' }), bad('Invalid service_payload_url: Value error, Not a URL'));
    await expectApiError(hamlet.bots.update({ bot_id: id, bot_owner_id: 9999 }), bad('Failed to change owner, no such user'));
    await expectApiError(hamlet.bots.update({ bot_id: id, bot_owner_id: realm.userId('default-bot@zulip.com') }), bad("Failed to change owner, bots can't own other bots"));
    await realm.clientFor('iago@zulip.com').users.deactivate({ user_id: realm.userId('cordelia@zulip.com') });
    await expectApiError(hamlet.bots.update({ bot_id: id, bot_owner_id: realm.userId('cordelia@zulip.com') }), bad('Failed to change owner, user is deactivated'));
    await expectApiError(hamlet.bots.update({ bot_id: id, role: 300 }), { code: 'UNAUTHORIZED_PRINCIPAL', status: 400, msg: 'Must be an organization administrator' });
    await expectApiError(realm.clientFor('iago@zulip.com').bots.update({ bot_id: id, role: 100 }), { code: 'UNAUTHORIZED_PRINCIPAL', status: 400, msg: 'Must be an organization owner' });
    await expectApiError(hamlet.bots.update({ bot_id: id, default_sending_stream: 'nope' }), bad("Invalid channel name 'nope'"));
    expect(realm.mock.store.tables.user.get(id)?.full_name).toBe('Deploy Bot');
  });

  it('an administrator changes a bot role; the bot moves between system groups', async () => {
    const id = await hamletsBot();
    const iago = realm.clientFor('iago@zulip.com');
    const events = await verifyAction(iago, () => iago.bots.update({ bot_id: id, role: 300 }));
    // The server's order: out of role:members, into role:moderators, then out of role:fullmembers.
    expect(types(events)).toEqual(['realm_user:update', 'user_group:remove_members', 'user_group:add_members', 'user_group:remove_members']);
  });
});

describe('bots.deactivate, reactivation and API keys', () => {
  it('deactivating a bot: it cannot log in, stays in realm_bots as inactive, leaves its groups; reactivation restores it', async () => {
    const id = await hamletsBot();
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const key = realm.mock.store.tables.user.get(id)?.api_key ?? '';
    const events = await verifyAction(hamlet, () => hamlet.bots.deactivate({ bot_id: id }));
    // No user_group events: clients drop a deactivated user from groups themselves (verifyAction proves it).
    expect(types(events)).toEqual(['realm_user:update', 'realm_bot:update']);
    const bot = new ChatClient({ site: SITE, email: 'deploy-bot@zulip.testserver', apiKey: key, fetch: realm.mock.fetch, maxRetries: 0 });
    await expectApiError(bot.users.me(), { code: 'UNAUTHORIZED', status: 401, msg: 'Account is deactivated' });
    await hamlet.bots.deactivate({ bot_id: id });
    const iago = realm.clientFor('iago@zulip.com');
    const back = await verifyAction(iago, () => iago.users.reactivate({ user_id: id }));
    expect(back).toContainEqual(expect.objectContaining({ type: 'realm_bot', op: 'update', bot: { user_id: id, is_active: true } }));
    expect(types(back).filter((type) => type === 'user_group:add_members')).toHaveLength(2);
    expect((await bot.users.me()).user_id).toBe(id);
  });

  it("deactivating a human deactivates their bots, with realm_bot updates for the bots' administrators", async () => {
    await hamletsBot();
    const iago = realm.clientFor('iago@zulip.com');
    const events = await verifyAction(iago, () => iago.users.deactivate({ user_id: realm.userId('hamlet@zulip.com') }));
    expect(events.filter((event) => event?.type === 'realm_bot')).toHaveLength(2);
  });

  it('regenerating a key: the old one stops working, the new one works, administrators are told', async () => {
    const id = await hamletsBot();
    const old = realm.mock.store.tables.user.get(id)?.api_key ?? '';
    const hamlet = realm.clientFor('hamlet@zulip.com');
    let fresh = '';
    const events = await verifyAction(hamlet, async () => {
      fresh = (await hamlet.bots.regenerateApiKey({ bot_id: id })).api_key;
    });
    expect(events).toEqual([expect.objectContaining({ type: 'realm_bot', op: 'update', bot: { user_id: id, api_key: fresh } })]);
    const as = (apiKey: string) => new ChatClient({ site: SITE, email: 'deploy-bot@zulip.testserver', apiKey, fetch: realm.mock.fetch, maxRetries: 0 });
    await expectApiError(as(old).users.me(), { code: 'UNAUTHORIZED', status: 401, msg: 'Invalid API key' });
    expect((await as(fresh).users.me()).user_id).toBe(id);
    await expectApiError(realm.clientFor('othello@zulip.com').bots.regenerateApiKey({ bot_id: id }), bad('Insufficient permission'));
  });

  it('a human regenerates their own key', async () => {
    const { api_key } = await realm.clientFor('othello@zulip.com').bots.regenerateOwnApiKey();
    const othello = new ChatClient({ site: SITE, email: 'othello@zulip.com', apiKey: api_key, fetch: realm.mock.fetch, maxRetries: 0 });
    expect((await othello.users.me()).email).toBe('othello@zulip.com');
  });

  it('a bot regenerates its own key (the server has no human-only check there); its owner and the administrators are told', async () => {
    const bot = realm.clientFor('default-bot@zulip.com');
    const botId = realm.userId('default-bot@zulip.com');
    const old = realm.mock.apiKeyOf('default-bot@zulip.com');
    let fresh = '';
    const regenerate = async () => {
      fresh = (await bot.bots.regenerateOwnApiKey()).api_key;
    };
    const ownerEvents = await verifyAction(realm.clientFor('hamlet@zulip.com'), regenerate);
    expect(ownerEvents).toEqual([expect.objectContaining({ type: 'realm_bot', op: 'update', bot: { user_id: botId, api_key: fresh } })]);
    expect(fresh).not.toBe(old);
    const as = (apiKey: string) => new ChatClient({ site: SITE, email: 'default-bot@zulip.com', apiKey, fetch: realm.mock.fetch, maxRetries: 0 });
    await expectApiError(as(old).users.me(), { code: 'UNAUTHORIZED', status: 401, msg: 'Invalid API key' });
    const adminEvents = await verifyAction(realm.clientFor('iago@zulip.com'), () => as(fresh).bots.regenerateOwnApiKey());
    expect(adminEvents).toEqual([expect.objectContaining({ type: 'realm_bot', op: 'update', bot: { user_id: botId, api_key: expect.any(String) } })]);
  });

  it('an incoming webhook bot may not regenerate its key', async () => {
    await expectApiError(realm.clientFor('webhook-bot@zulip.com').bots.regenerateOwnApiKey(), {
      code: 'UNAUTHORIZED',
      status: 401,
      msg: 'This API is not available to incoming webhook bots.',
    });
  });

  it("renaming a bot through PATCH /users/{user_id} updates its administrators' realm_bots too", async () => {
    const id = await hamletsBot();
    const iago = realm.clientFor('iago@zulip.com');
    const events = await verifyAction(iago, () => iago.users.update({ user_id: id, full_name: 'Renamed Bot' }));
    expect(events).toContainEqual(expect.objectContaining({ type: 'realm_bot', op: 'update', bot: { user_id: id, full_name: 'Renamed Bot' } }));
  });
});

describe("a bot's owner hears of sends to a missing or empty channel", () => {
  const lastNotice = async (email: string) => {
    const { messages } = await realm.clientFor(email).messages.list({ anchor: 'newest', num_before: 1, apply_markdown: false });
    return messages.at(-1);
  };

  it('a missing channel by name or ID: the error, and once a minute a direct message from the Notification Bot', async () => {
    const bot = realm.clientFor('default-bot@zulip.com');
    await expectApiError(bot.messages.send({ type: 'channel', to: ' Nope ', topic: 't', content: 'x' }), {
      code: 'STREAM_DOES_NOT_EXIST',
      status: 400,
      msg: "Channel 'Nope' does not exist",
    });
    expect(await lastNotice('hamlet@zulip.com')).toMatchObject({
      sender_email: 'notification-bot@zulip.com',
      content: 'Your bot `default-bot@zulip.com` tried to send a message to channel #**Nope**, but that channel does not exist. Click [here](#channels/new) to create it.',
    });
    const notices = realm.mock.store.tables.message.size;
    await expectApiError(bot.messages.send({ type: 'channel', to: 9999, topic: 't', content: 'x' }), { code: 'STREAM_DOES_NOT_EXIST', status: 400 });
    expect(realm.mock.store.tables.message.size).toBe(notices);
    realm.clock.advance(61_000);
    await expectApiError(bot.messages.send({ type: 'channel', to: 9999, topic: 't', content: 'x' }), { code: 'STREAM_DOES_NOT_EXIST', status: 400 });
    expect((await lastNotice('hamlet@zulip.com'))?.content).toBe(
      'Your bot `default-bot@zulip.com` tried to send a message to channel ID 9999, but there is no channel with that ID.',
    );
  });

  it('an existing channel without subscribers: the message is sent and the owner told; humans are never told', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    await iago.subscriptions.add({ subscriptions: [{ name: 'Empty' }] });
    await iago.subscriptions.remove({ subscriptions: ['Empty'] });
    await realm.clientFor('default-bot@zulip.com').messages.send({ type: 'channel', to: 'Empty', topic: 't', content: 'x' });
    expect((await lastNotice('hamlet@zulip.com'))?.content).toBe(
      'Your bot `default-bot@zulip.com` tried to send a message to channel #**Empty**. The channel exists but does not have any subscribers.',
    );
    const before = realm.mock.store.tables.message.size;
    await expectApiError(iago.messages.send({ type: 'channel', to: 'Nope', topic: 't', content: 'x' }), { code: 'STREAM_DOES_NOT_EXIST', status: 400 });
    expect(realm.mock.store.tables.message.size).toBe(before);
  });

  it('a channel whose only subscriber is deactivated counts as empty: the owner is told, with its event', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const cordelia = realm.userId('cordelia@zulip.com');
    await iago.subscriptions.add({ subscriptions: [{ name: 'lonely' }], principals: [cordelia] });
    await iago.users.deactivate({ user_id: cordelia });
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const events = await verifyAction(hamlet, () =>
      realm.clientFor('default-bot@zulip.com').messages.send({ type: 'channel', to: 'lonely', topic: 't', content: 'x' }),
    );
    const alert = 'Your bot `default-bot@zulip.com` tried to send a message to channel #**lonely**. The channel exists but does not have any subscribers.';
    expect(events).toContainEqual(expect.objectContaining({ type: 'message', message: expect.objectContaining({ sender_email: 'notification-bot@zulip.com' }) }));
    expect((await lastNotice('hamlet@zulip.com'))?.content).toBe(alert);
  });
});
