import { describe, expect, it } from 'vitest';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';

const realm = useTestRealm();

const messagesIn = (channelId: number) =>
  [...realm.mock.store.channelMessageIds(channelId)].map((id) => realm.mock.store.tables.message.get(id));

describe('POST /users/me/subscriptions', () => {
  it('subscribes the caller, reports already-subscribed channels by user ID, and creates missing channels', async () => {
    const othello = realm.clientFor('othello@zulip.com');
    const othelloId = String(realm.userId('othello@zulip.com'));
    const result = await othello.subscriptions.add({
      subscriptions: [{ name: 'Denmark' }, { name: ' new place ', description: 'Line one\nline two', color: '#abc' }],
    });
    expect(result).toEqual({
      subscribed: { [othelloId]: ['new place'] },
      already_subscribed: { [othelloId]: ['Denmark'] },
      new_subscription_messages_sent: true,
    });
    const created = realm.mock.store.channelByName('new place');
    expect(created).toMatchObject({
      description: 'Line one line two',
      invite_only: false,
      history_public_to_subscribers: true,
      creator_id: Number(othelloId),
      can_administer_channel_group: { direct_members: [Number(othelloId)], direct_subgroups: [] },
    });
    const { subscriptions } = await othello.subscriptions.list();
    expect(subscriptions.find((sub) => sub.name === 'new place')?.color).toBe('#abc');
    // Notification Bot opens the channel, read for its creator.
    const [first] = messagesIn(created?.id ?? -1);
    expect(first?.topic).toBe('channel events');
    expect(first?.content).toBe(
      `**Public** channel created by @_**Othello, the Moor of Venice|${othelloId}**. **Description:**\n\`\`\`\` quote\nLine one line two\n\`\`\`\``,
    );
    expect(realm.mock.store.userMessages.hasFlag(Number(othelloId), first?.id ?? -1, 'read')).toBe(true);
    expect(created?.first_message_id).toBe(first?.id);
  });

  it('creates private channels with protected history by default, and announces public ones when asked', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    realm.mock.realm.new_stream_announcements_stream_id = realm.channelId('Verona');
    await hamlet.subscriptions.add({ subscriptions: [{ name: 'secret' }], invite_only: true });
    expect(realm.mock.store.channelByName('secret')).toMatchObject({ invite_only: true, history_public_to_subscribers: false });
    await hamlet.subscriptions.add({ subscriptions: [{ name: 'open' }], announce: true });
    const last = messagesIn(realm.channelId('Verona')).at(-1);
    expect(last?.topic).toBe('new channels');
    expect(last?.content).toBe(`@_**King Hamlet|${realm.userId('hamlet@zulip.com')}** created a new channel #**open**.`);
    // A name the #**channel** syntax cannot carry becomes a plain Markdown link.
    await hamlet.subscriptions.add({ subscriptions: [{ name: 'R&D [core]' }], announce: true });
    const id = realm.channelId('R&D [core]');
    expect(messagesIn(realm.channelId('Verona')).at(-1)?.content).toBe(
      `@_**King Hamlet|${realm.userId('hamlet@zulip.com')}** created a new channel [#R&amp;D &#91;core&#93;](#narrow/channel/${id}-R.26D-.5Bcore.5D).`,
    );
  });

  it('subscribing others needs permission and tells them by direct message', async () => {
    const hamletId = realm.userId('hamlet@zulip.com');
    const prospero = realm.userId('prospero@zulip.com');
    const result = await realm.clientFor('hamlet@zulip.com').subscriptions.add({
      subscriptions: [{ name: 'Denmark' }, { name: 'Scotland' }],
      principals: [prospero],
    });
    expect(result.subscribed).toEqual({ [String(prospero)]: ['Denmark', 'Scotland'] });
    const notice = realm.mock.store.tables.message.get(realm.mock.store.userMessages.maxMessageId(prospero));
    expect(notice?.content).toBe(
      `@_**King Hamlet|${hamletId}** subscribed you to the following channels:\n\n* #**Denmark**\n* #**Scotland**`,
    );
    realm.mock.realm.can_add_subscribers_group = realm.groupId('role:administrators');
    await expectApiError(
      realm.clientFor('othello@zulip.com').subscriptions.add({ subscriptions: [{ name: 'Verona' }], principals: ['cordelia@zulip.com'] }),
      { code: 'BAD_REQUEST', status: 400, msg: 'Insufficient permission' },
    );
    await realm.clientFor('iago@zulip.com').subscriptions.add({ subscriptions: [{ name: 'Scotland' }], principals: ['cordelia@zulip.com'] });
    expect(realm.mock.store.isSubscribed(realm.userId('cordelia@zulip.com'), realm.channelId('Scotland'))).toBe(true);
    await expectApiError(realm.clientFor('iago@zulip.com').subscriptions.add({ subscriptions: [{ name: 'Verona' }], principals: [999_999] }), {
      code: 'BAD_REQUEST',
      status: 400,
      msg: 'No such user',
    });
    // The Notification Bot belongs to the server's internal realm: no principal names it.
    await realm.clientFor('iago@zulip.com').events.register({});
    const systemBot = realm.mock.store.systemBotByEmail('notification-bot@zulip.com')?.id ?? 0;
    for (const principal of ['notification-bot@zulip.com', systemBot]) {
      await expectApiError(
        realm.clientFor('iago@zulip.com').subscriptions.add({ subscriptions: [{ name: 'Verona' }], principals: [principal] as string[] | number[] }),
        { code: 'BAD_REQUEST', status: 400, msg: 'No such user' },
      );
    }
  });

  it('refuses guests before reading the parameters (require_non_guest_user wraps typed_endpoint)', async () => {
    const response = await realm.raw('polonius@zulip.com', 'POST', '/users/me/subscriptions', new URLSearchParams({ subscriptions: 'not json' }));
    expect({ status: response.status, body: await response.json() }).toEqual({
      status: 400,
      body: { result: 'error', msg: 'Not allowed for guest users', code: 'BAD_REQUEST' },
    });
  });

  it('refuses guests, private channels of outsiders (or lists them), bad colours and creation without permission', async () => {
    await expectApiError(realm.clientFor('polonius@zulip.com').subscriptions.add({ subscriptions: [{ name: 'Denmark' }] }), {
      code: 'BAD_REQUEST',
      status: 400,
      msg: 'Not allowed for guest users',
    });
    const othello = realm.clientFor('othello@zulip.com');
    await expectApiError(othello.subscriptions.add({ subscriptions: [{ name: 'core team' }] }), {
      code: 'BAD_REQUEST',
      status: 400,
      msg: 'Unable to access channel (core team).',
    });
    const partial = await othello.subscriptions.add({
      subscriptions: [{ name: 'core team' }, { name: 'Denmark' }],
      authorization_errors_fatal: false,
    });
    expect(partial.unauthorized).toEqual(['core team']);
    // PATCH runs the same add view on the request, so it answers `unauthorized` too.
    const patched = await othello.subscriptions.update({ add: [{ name: 'core team' }], delete: ['Denmark'], authorization_errors_fatal: false });
    expect(patched).toMatchObject({ unauthorized: ['core team'], removed: ['Denmark'] });
    await expectApiError(othello.subscriptions.add({ subscriptions: [{ name: 'x', color: 'red' }] }), {
      code: 'BAD_REQUEST',
      status: 400,
      msg: 'Invalid subscriptions[0]: Value error, add.color is not a valid hex color code',
    });
    await expectApiError(othello.subscriptions.add({ subscriptions: [{ name: 'web' }], is_web_public: true }), {
      code: 'BAD_REQUEST',
      status: 400,
      msg: 'Insufficient permission',
    });
    await expectApiError(othello.subscriptions.add({ subscriptions: [{ name: 'kept' }], message_retention_days: 30 }), {
      code: 'UNAUTHORIZED_PRINCIPAL',
      status: 400,
      msg: 'Must be an organization owner',
    });
    await realm.clientFor('desdemona@zulip.com').subscriptions.add({
      subscriptions: [{ name: 'web' }],
      is_web_public: true,
      message_retention_days: 30,
    });
    expect(realm.mock.store.channelByName('web')).toMatchObject({ is_web_public: true, message_retention_days: 30 });
    // The channel's can_subscribe_group lets its members join a private channel.
    const coreTeam = realm.channelId('core team');
    realm.mock.store.tables.channel.update(coreTeam, { can_subscribe_group: realm.groupId('role:members') });
    expect((await othello.subscriptions.add({ subscriptions: [{ name: 'core team' }] })).subscribed).toEqual({
      [String(realm.userId('othello@zulip.com'))]: ['core team'],
    });
  });
});

describe('DELETE and PATCH /users/me/subscriptions', () => {
  it('unsubscribes the caller; others only with can_remove_subscribers_group', async () => {
    const othello = realm.clientFor('othello@zulip.com');
    expect(await othello.subscriptions.remove({ subscriptions: ['Denmark', 'Denmark'] })).toMatchObject({
      removed: ['Denmark'],
      not_removed: [],
    });
    expect(await othello.subscriptions.remove({ subscriptions: ['Denmark'] })).toMatchObject({ removed: [], not_removed: ['Denmark'] });
    await expectApiError(othello.subscriptions.remove({ subscriptions: ['Verona'], principals: ['hamlet@zulip.com'] }), {
      code: 'BAD_REQUEST',
      status: 400,
      msg: 'Insufficient permission',
    });
    await expectApiError(othello.subscriptions.remove({ subscriptions: ['nowhere', 'Denmark', 'nope'] }), {
      code: 'BAD_REQUEST',
      status: 400,
      msg: 'Channel(s) (nowhere, nope) do not exist',
    });
    await realm.clientFor('iago@zulip.com').subscriptions.remove({ subscriptions: ['Verona'], principals: ['hamlet@zulip.com'] });
    expect(realm.mock.store.isSubscribed(realm.userId('hamlet@zulip.com'), realm.channelId('Verona'))).toBe(false);
  });

  it("a bot's owner unsubscribes it (and themselves) without can_remove_subscribers_group; someone else's bot needs it", async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const bot = realm.userId('default-bot@zulip.com');
    expect(await hamlet.subscriptions.remove({ subscriptions: ['Verona'], principals: [bot, realm.userId('hamlet@zulip.com')] })).toMatchObject({
      removed: ['Verona', 'Verona'],
    });
    expect(realm.mock.store.isSubscribed(bot, realm.channelId('Verona'))).toBe(false);
    await expectApiError(realm.clientFor('othello@zulip.com').subscriptions.remove({ subscriptions: ['Verona'], principals: ['webhook-bot@zulip.com'] }), {
      code: 'BAD_REQUEST',
      status: 400,
      msg: 'Insufficient permission',
    });
  });

  it("strips names with Python's whitespace (remove_subscriptions_backend's str.strip()), not JavaScript's", async () => {
    const othello = realm.clientFor('othello@zulip.com');
    // U+001F is whitespace to Python, not to JavaScript's trim().
    expect(await othello.subscriptions.remove({ subscriptions: ['Verona\u001f'] })).toMatchObject({ removed: ['Verona'], not_removed: [] });
    expect(realm.mock.store.isSubscribed(realm.userId('othello@zulip.com'), realm.channelId('Verona'))).toBe(false);
    // U+FEFF is whitespace to trim(), not to Python: no such channel.
    await expectApiError(othello.subscriptions.remove({ subscriptions: ['Denmark\ufeff'] }), {
      code: 'BAD_REQUEST',
      status: 400,
      msg: 'Channel(s) (Denmark\ufeff) do not exist',
    });
  });

  it("strips principals' emails and GET /get_stream_id's name with Python's whitespace too (bulk_access_users_by_email, get_realm_stream)", async () => {
    const iago = realm.clientFor('iago@zulip.com');
    expect(await iago.subscriptions.remove({ subscriptions: ['Verona'], principals: ['hamlet@zulip.com\u001f'] })).toMatchObject({ removed: ['Verona'] });
    expect(realm.mock.store.isSubscribed(realm.userId('hamlet@zulip.com'), realm.channelId('Verona'))).toBe(false);
    expect(await iago.channels.getId({ stream: '\u001cDenmark\u0085' })).toMatchObject({ stream_id: realm.channelId('Denmark') });
    await expectApiError(iago.channels.getId({ stream: 'Denmark\ufeff' }), {
      code: 'BAD_REQUEST',
      status: 400,
      msg: "Invalid channel name 'Denmark\ufeff'",
    });
  });

  it('PATCH adds and deletes in one call, and refuses an empty request', async () => {
    const cordelia = realm.clientFor('cordelia@zulip.com');
    const id = String(realm.userId('cordelia@zulip.com'));
    expect(await cordelia.subscriptions.update({ add: [{ name: 'Scotland' }], delete: ['Denmark'] })).toMatchObject({
      subscribed: { [id]: ['Scotland'] },
      already_subscribed: {},
      removed: ['Denmark'],
      not_removed: [],
    });
    await expectApiError(cordelia.subscriptions.update({}), {
      code: 'BAD_REQUEST',
      status: 400,
      msg: 'Nothing to do. Specify at least one of "add" or "delete".',
    });
  });
});

describe('POST /users/me/subscriptions/properties', () => {
  it('changes colour, muting (and its inverse), pinning and notification settings, with the server’s checks', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const denmark = realm.channelId('Denmark');
    await hamlet.subscriptions.updateSettings({
      subscription_data: [
        { stream_id: denmark, property: 'color', value: '#123456' },
        { stream_id: denmark, property: 'in_home_view', value: false },
        { stream_id: denmark, property: 'pin_to_top', value: true },
        { stream_id: denmark, property: 'push_notifications', value: false },
      ],
    });
    const sub = (await hamlet.subscriptions.list()).subscriptions.find((entry) => entry.stream_id === denmark);
    expect(sub).toMatchObject({ color: '#123456', is_muted: true, in_home_view: false, pin_to_top: true, push_notifications: false, email_notifications: null });
    const failures: [unknown, string][] = [
      [{ stream_id: denmark, property: 'volume', value: true }, 'Unknown subscription property: volume'],
      // The model's colour check is a ValueError, worded by pydantic (test_subscription_settings.py).
      [{ stream_id: denmark, property: 'color', value: 'blue' }, 'Invalid subscription_data[0]: Value error, color is not a valid hex color code'],
      [{ stream_id: denmark, property: 'color', value: false }, 'Invalid subscription_data[0]: Value error, color is not a valid hex color code'],
      [{ stream_id: denmark, property: 'is_muted', value: 'yes' }, 'is_muted is not a boolean'],
      // `bool | str` takes neither null nor a number: pydantic names its first member.
      [{ stream_id: denmark, property: 'desktop_notifications', value: null }, 'subscription_data[0]["value"]["bool"] is not a boolean'],
      [{ stream_id: denmark, property: 'is_muted', value: 1 }, 'subscription_data[0]["value"]["bool"] is not a boolean'],
      ['muted', 'Invalid subscription_data[0]: Input should be a valid dictionary or instance of SubscriptionPropertyChangeRequest'],
      [{ stream_id: realm.channelId('core team'), property: 'is_muted', value: true }, 'Invalid channel ID'],
    ];
    const othello = realm.clientFor('othello@zulip.com');
    for (const [change, msg] of failures) {
      await expectApiError(othello.subscriptions.updateSettings({ subscription_data: [change as never] }), { code: 'BAD_REQUEST', status: 400, msg });
    }
    await othello.subscriptions.remove({ subscriptions: ['Denmark'] });
    await expectApiError(othello.subscriptions.updateSettings({ subscription_data: [{ stream_id: denmark, property: 'is_muted', value: true }] }), {
      code: 'BAD_REQUEST',
      status: 400,
      msg: `Not subscribed to channel ID ${denmark}`,
    });
  });

  it('checks every value before any channel, then applies change by change (a later failure keeps earlier changes)', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const denmark = realm.channelId('Denmark');
    await realm.clientFor('iago@zulip.com').subscriptions.add({ subscriptions: [{ name: 'elsewhere' }] });
    const unsubscribed = realm.channelId('elsewhere');
    // A bad colour is collected and the next change still checked: its own error stops the list.
    for (const [second, msg] of [
      [{ stream_id: denmark, property: 'pin_to_top', value: 'yes' }, 'pin_to_top is not a boolean'],
      [{ stream_id: denmark, property: 'color', value: 'red' }, 'Invalid subscription_data[0]: Value error, color is not a valid hex color code'],
    ] as const) {
      await expectApiError(
        hamlet.subscriptions.updateSettings({ subscription_data: [{ stream_id: denmark, property: 'color', value: 'blue' }, second as never] }),
        { code: 'BAD_REQUEST', status: 400, msg },
      );
    }
    // A bad value anywhere wins over a channel the caller is not subscribed to.
    await expectApiError(
      realm.clientFor('othello@zulip.com').subscriptions.updateSettings({
        subscription_data: [
          { stream_id: realm.channelId('core team'), property: 'is_muted', value: true },
          { stream_id: denmark, property: 'pin_to_top', value: 'yes' as never },
        ],
      }),
      { code: 'BAD_REQUEST', status: 400, msg: 'pin_to_top is not a boolean' },
    );
    await expectApiError(
      hamlet.subscriptions.updateSettings({
        subscription_data: [
          { stream_id: denmark, property: 'color', value: '#abcdef' },
          { stream_id: unsubscribed, property: 'color', value: '#abcdef' },
        ],
      }),
      { code: 'BAD_REQUEST', status: 400, msg: `Not subscribed to channel ID ${unsubscribed}` },
    );
    expect((await hamlet.subscriptions.list()).subscriptions.find((entry) => entry.stream_id === denmark)?.color).toBe('#abcdef');
    // An archived channel is not accessible, even to its subscribers.
    realm.mock.store.tables.channel.update(denmark, { is_archived: true });
    await expectApiError(hamlet.subscriptions.updateSettings({ subscription_data: [{ stream_id: denmark, property: 'color', value: '#000000' }] }), {
      code: 'BAD_REQUEST',
      status: 400,
      msg: 'Invalid channel ID',
    });
  });
});

describe('PATCH and DELETE /streams/{stream_id}', () => {
  it('administrators rename, describe and make a channel private; others may not', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const scotland = realm.channelId('Scotland');
    await expectApiError(realm.clientFor('hamlet@zulip.com').channels.update({ stream_id: scotland, description: 'x' }), {
      code: 'BAD_REQUEST',
      status: 400,
      msg: 'You do not have permission to administer this channel.',
    });
    await iago.channels.update({ stream_id: scotland, new_name: 'Alba', description: 'Now **Alba**', is_private: true });
    expect(realm.mock.store.tables.channel.get(scotland)).toMatchObject({
      name: 'Alba',
      rendered_description: '<p>Now <strong>Alba</strong></p>',
      invite_only: true,
      // A given is_private sets the history too unless it is given: private means protected.
      history_public_to_subscribers: false,
    });
    // Descriptions render without image previews, as the server's no_previews.
    await iago.channels.update({ stream_id: scotland, description: 'https://example.com/map.png' });
    expect(realm.mock.store.tables.channel.get(scotland)?.rendered_description).toBe(
      '<p><a href="https://example.com/map.png">https://example.com/map.png</a></p>',
    );
    await expectApiError(iago.channels.update({ stream_id: scotland, new_name: 'Alba' }), {
      code: 'BAD_REQUEST',
      status: 400,
      msg: 'Channel already has that name.',
    });
    // The newest server's ChannelExistsError (10.2 said 400 `Channel name is already in use.`).
    await expectApiError(iago.channels.update({ stream_id: scotland, new_name: ' denmark ' }), {
      code: 'CHANNEL_ALREADY_EXISTS',
      status: 409,
      msg: "Channel 'denmark' already exists",
      channel_name: 'denmark',
    });
    await expectApiError(
      iago.channels.update({ stream_id: scotland, can_remove_subscribers_group: { new: realm.groupId('role:members'), old: 1 } }),
      { code: 'EXPECTATION_MISMATCH', status: 400, msg: "'old' value does not match the expected value." },
    );
    await expectApiError(iago.channels.update({ stream_id: scotland, can_add_subscribers_group: { new: realm.groupId('role:everyone') } }), {
      code: 'BAD_REQUEST',
      status: 400,
      msg: "'can_add_subscribers_group' setting cannot be set to 'role:everyone' group.",
    });
    // The creator of a channel administers it.
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await hamlet.subscriptions.add({ subscriptions: [{ name: 'mine' }] });
    await hamlet.channels.update({ stream_id: realm.channelId('mine'), description: 'my own' });
  });

  it("a description links a private channel only for an acting user who may read it (test_change_stream_description)", async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await hamlet.subscriptions.add({ subscriptions: [{ name: 'core' }], invite_only: true, history_public_to_subscribers: true });
    const { id } = await hamlet.messages.send({ type: 'channel', to: 'core', topic: 'testing', content: 'x' });
    const core = realm.channelId('core');
    const iago = realm.clientFor('iago@zulip.com');
    const verona = realm.channelId('Verona');
    await iago.channels.update({ stream_id: verona, description: '#**core>testing**' });
    expect(realm.mock.store.tables.channel.get(verona)?.rendered_description).toBe('<p>#<strong>core&gt;testing</strong></p>');
    await hamlet.subscriptions.add({ subscriptions: [{ name: 'core' }], principals: ['iago@zulip.com'] });
    await iago.channels.update({ stream_id: verona, description: '#**core>testing**' });
    expect(realm.mock.store.tables.channel.get(verona)?.rendered_description).toBe(
      `<p><a class="stream-topic" data-stream-id="${String(core)}" href="/#narrow/channel/${String(core)}-core/topic/testing/with/${String(id)}">#core &gt; testing</a></p>`,
    );
    // Creating a channel renders its description for the creator too.
    await hamlet.subscriptions.add({ subscriptions: [{ name: 'linked', description: 'See #**core**' }] });
    expect(realm.mock.store.channelByName('linked')?.rendered_description).toBe(
      `<p>See <a class="stream" data-stream-id="${String(core)}" href="/#narrow/channel/${String(core)}-core">#core</a></p>`,
    );
  });

  it('archives a channel: it keeps its messages and subscribers, refuses new messages', async () => {
    const denmark = realm.channelId('Denmark');
    await expectApiError(realm.clientFor('hamlet@zulip.com').channels.archive({ stream_id: denmark }), {
      code: 'BAD_REQUEST',
      status: 400,
      msg: 'You do not have permission to administer this channel.',
    });
    await realm.clientFor('iago@zulip.com').channels.archive({ stream_id: denmark });
    expect(realm.mock.store.tables.channel.get(denmark)?.is_archived).toBe(true);
    expect(messagesIn(denmark).at(-1)?.content).toBe('Channel #**Denmark** has been archived.');
    await expectApiError(realm.clientFor('iago@zulip.com').channels.archive({ stream_id: denmark }), {
      code: 'BAD_REQUEST',
      status: 400,
      msg: 'Channel is already deactivated',
    });
    await expectApiError(realm.clientFor('hamlet@zulip.com').messages.send({ type: 'stream', to: 'Denmark', topic: 't', content: 'x' }), {
      code: 'BAD_REQUEST',
      status: 400,
    });
    const names = (await realm.clientFor('hamlet@zulip.com').subscriptions.list()).subscriptions.map((sub) => sub.name);
    expect(names).not.toContain('Denmark');
    expect((await realm.clientFor('hamlet@zulip.com').channels.list({ exclude_archived: false })).streams.map((s) => s.name)).toContain('Denmark');
  });
});

describe('subscription lists read with the server\'s AddSubscriptionData model', () => {
  it('an element that is no object is pydantic\'s model_type error, as test_subs.py asserts for add', async () => {
    const cases = [
      ['POST', { subscriptions: '[5]' }, 'Invalid subscriptions[0]: Input should be a valid dictionary or instance of AddSubscriptionData'],
      ['PATCH', { add: '["Verona"]' }, 'Invalid add[0]: Input should be a valid dictionary or instance of AddSubscriptionData'],
      ['POST', { subscriptions: '[{"nam":"x"}]' }, 'subscriptions[0]["name"] field is missing: Field required'],
    ] as const;
    for (const [method, body, msg] of cases) {
      const response = await realm.raw('hamlet@zulip.com', method, '/users/me/subscriptions', new URLSearchParams(body));
      expect({ status: response.status, body: await response.json() }).toEqual({ status: 400, body: { result: 'error', msg, code: 'BAD_REQUEST' } });
    }
  });
});
