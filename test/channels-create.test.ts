import { describe, expect, it } from 'vitest';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();

const bad = (msg: string) => ({ code: 'BAD_REQUEST', status: 400, msg });
const messagesIn = (channelId: number) =>
  [...realm.mock.store.channelMessageIds(channelId)].map((id) => realm.mock.store.tables.message.get(id));

describe('POST /channels/create', () => {
  it('creates the channel, subscribes the listed users (not the caller unless listed), and posts its creation', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const iagoId = realm.userId('iago@zulip.com');
    const hamletId = realm.userId('hamlet@zulip.com');
    const cordeliaId = realm.userId('cordelia@zulip.com');
    const { id } = await iago.channels.create({ name: ' design ', description: 'Mockups\nand more', subscribers: [hamletId, cordeliaId] });
    expect(realm.mock.store.channelByName('design')).toMatchObject({
      id,
      description: 'Mockups and more',
      invite_only: false,
      history_public_to_subscribers: true,
      creator_id: iagoId,
      can_administer_channel_group: { direct_members: [iagoId], direct_subgroups: [] },
    });
    expect([...realm.mock.store.subscriberIds(id)].sort((a, b) => a - b)).toEqual([hamletId, cordeliaId].sort((a, b) => a - b));
    const [first, ...rest] = messagesIn(id);
    expect(rest).toEqual([]);
    expect(first).toMatchObject({
      topic: 'channel events',
      content: `**Public** channel created by @_**Iago|${iagoId}**. **Description:**\n\`\`\`\` quote\nMockups and more\n\`\`\`\``,
    });
    // No "subscribed you" direct message for a channel just created.
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const { messages } = await hamlet.messages.list({ anchor: 'newest', num_before: 5, num_after: 0, narrow: [{ operator: 'is', operand: 'dm' }] });
    expect(messages.filter((message) => message.content.includes('design'))).toEqual([]);
  });

  it('without subscribers creates the channel only: no message, no announcement', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const verona = realm.channelId('Verona');
    realm.mock.realm.new_stream_announcements_stream_id = verona;
    const before = messagesIn(verona).length;
    const { id } = await hamlet.channels.create({ name: 'quiet', subscribers: [], announce: true });
    expect(realm.mock.store.subscriberIds(id).size).toBe(0);
    expect(messagesIn(id)).toEqual([]);
    expect(messagesIn(verona)).toHaveLength(before);
  });

  it('announces the channel when asked and it has subscribers; private channels hide history unless asked', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const hamletId = realm.userId('hamlet@zulip.com');
    realm.mock.realm.new_stream_announcements_stream_id = realm.channelId('Verona');
    const { id } = await hamlet.channels.create({ name: 'open plan', subscribers: [hamletId], announce: true });
    expect(messagesIn(realm.channelId('Verona')).at(-1)).toMatchObject({
      topic: 'new channels',
      content: `@_**King Hamlet|${hamletId}** created a new channel #**open plan**.`,
    });
    expect(messagesIn(id)[0]?.content).toContain('**Description:**\n```` quote\n*No description.*\n````');
    const secret = await hamlet.channels.create({ name: 'secret', subscribers: [hamletId], invite_only: true });
    expect(realm.mock.store.tables.channel.get(secret.id)).toMatchObject({ invite_only: true, history_public_to_subscribers: false });
    expect(messagesIn(secret.id)[0]?.content).toContain('**Private, protected history** channel created by');
    const shared = await hamlet.channels.create({ name: 'shared', subscribers: [hamletId], invite_only: true, history_public_to_subscribers: true });
    expect(realm.mock.store.tables.channel.get(shared.id)?.history_public_to_subscribers).toBe(true);
  });

  it('takes the settings: default channel, retention (owners), topics policy, group settings', async () => {
    const desdemona = realm.clientFor('desdemona@zulip.com');
    const desdemonaId = realm.userId('desdemona@zulip.com');
    const moderators = realm.groupId('role:moderators');
    const { id } = await desdemona.channels.create({
      name: 'rules',
      subscribers: [desdemonaId],
      is_default_stream: true,
      message_retention_days: 10,
      topics_policy: 'disable_empty_topic',
      can_send_message_group: moderators,
    });
    expect(realm.mock.store.tables.channel.get(id)).toMatchObject({ message_retention_days: 10, topics_policy: 'disable_empty_topic', can_send_message_group: moderators });
    expect(realm.mock.realm.default_channel_ids).toContain(id);
  });

  it('files the channel in the folder given', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const { channel_folder_id } = await iago.channelFolders.create({ name: 'Projects', description: '' });
    const { id } = await iago.channels.create({ name: 'filed', subscribers: [], folder_id: channel_folder_id });
    expect((await iago.channels.get({ stream_id: id })).stream.folder_id).toBe(channel_folder_id);
  });

  it('checks the delete groups, then gives the channel their defaults, as the server does', async () => {
    const desdemona = realm.clientFor('desdemona@zulip.com');
    const everyone = realm.groupId('role:everyone');
    const nobody = realm.groupId('role:nobody');
    const { id } = await desdemona.channels.create({ name: 'deletable', subscribers: [], can_delete_own_message_group: everyone });
    expect(realm.mock.store.tables.channel.get(id)?.can_delete_own_message_group).toBe(nobody);
    await expectApiError(
      realm.clientFor('hamlet@zulip.com').channels.create({ name: 'deletable 2', subscribers: [], can_delete_any_message_group: everyone }),
      bad('Insufficient permission'),
    );
  });

  it('refuses in the server order: name, taken name (409), folder, retention owner, default, web-public, subscribers', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await expectApiError(iago.channels.create({ name: '   ', subscribers: [] }), bad('name cannot be blank'));
    await expectApiError(iago.channels.create({ name: 'x'.repeat(61), subscribers: [] }), bad('Channel name too long (limit: 60 characters).'));
    await expectApiError(iago.channels.create({ name: 'denmark', subscribers: [] }), {
      code: 'CHANNEL_ALREADY_EXISTS',
      status: 409,
      msg: "Channel 'denmark' already exists",
    });
    // The folder is read after the name, before the retention value.
    await expectApiError(iago.channels.create({ name: 'kept', subscribers: [], folder_id: 424_242, message_retention_days: 'sometimes' }), bad('Invalid channel folder ID'));
    await expectApiError(iago.channels.create({ name: 'kept', subscribers: [], message_retention_days: 10 }), {
      code: 'UNAUTHORIZED_PRINCIPAL',
      status: 400,
      msg: 'Must be an organization owner',
    });
    await expectApiError(iago.channels.create({ name: 'kept', subscribers: [], message_retention_days: 'sometimes' }), {
      code: 'REQUEST_VARIABLE_INVALID',
      status: 400,
      msg: "Bad value for 'message_retention_days': sometimes",
    });
    await expectApiError(hamlet.channels.create({ name: 'kept', subscribers: [], is_default_stream: true }), bad('Insufficient permission'));
    await expectApiError(iago.channels.create({ name: 'kept', subscribers: [], is_default_stream: true, invite_only: true }), bad('A default channel cannot be private.'));
    // Web-public channels: only owners by default, and only while spectators may read the organization.
    await expectApiError(iago.channels.create({ name: 'kept', subscribers: [], is_web_public: true }), bad('Insufficient permission'));
    realm.mock.realm.enable_spectator_access = false;
    await expectApiError(realm.clientFor('desdemona@zulip.com').channels.create({ name: 'kept', subscribers: [], is_web_public: true }), bad('Web-public channels are not enabled.'));
    await expectApiError(iago.channels.create({ name: 'kept', subscribers: [12_345] }), bad('No such user'));
    await expectApiError(iago.channels.create({ name: 'kept', subscribers: [], description: 'd'.repeat(1025) }), bad('description is too long (limit: 1024 characters)'));
    // Nothing was created by the refused requests.
    expect(realm.mock.store.channelByName('kept')).toBeUndefined();
  });

  it('checks the creation permissions before the group settings (subscribing checks them the other way round)', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const request = { is_default_stream: true, can_administer_channel_group: 424_242 } as const;
    await expectApiError(hamlet.channels.create({ name: 'kept', subscribers: [], ...request }), bad('Insufficient permission'));
    await expectApiError(hamlet.subscriptions.add({ subscriptions: [{ name: 'kept' }], ...request }), bad('Invalid user group'));
    expect(realm.mock.store.channelByName('kept')).toBeUndefined();
  });

  it('refuses guests before reading anything, and callers without the realm permission', async () => {
    await expectApiError(realm.clientFor('polonius@zulip.com').channels.create({ name: 'guest place', subscribers: [] }), bad('Not allowed for guest users'));
    const response = await realm.raw('polonius@zulip.com', 'POST', '/channels/create', new URLSearchParams({ name: '' }));
    expect(await response.json()).toMatchObject({ msg: 'Not allowed for guest users' });
    const iago = realm.clientFor('iago@zulip.com');
    await iago.realm.update({ can_create_private_channel_group: { new: realm.groupId('role:administrators') } });
    await expectApiError(realm.clientFor('hamlet@zulip.com').channels.create({ name: 'p', subscribers: [], invite_only: true }), bad('Insufficient permission'));
    await iago.realm.update({ can_set_topics_policy_group: { new: realm.groupId('role:administrators') } });
    await expectApiError(realm.clientFor('hamlet@zulip.com').channels.create({ name: 'p', subscribers: [], topics_policy: 'allow_empty_topic' }), bad('Insufficient permission'));
  });

  it('events: the channel, the subscriptions, the peers and the creation message (acceptance)', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const hamletId = realm.userId('hamlet@zulip.com');
    const events = await verifyAction(hamlet, () => iago.channels.create({ name: 'events place', subscribers: [hamletId, realm.userId('cordelia@zulip.com')] }), {
      include_subscribers: true,
    });
    expect(events.map((event) => `${event?.type}${event && 'op' in event ? `:${String(event.op)}` : ''}`)).toEqual([
      'stream:create',
      'subscription:add',
      'message',
    ]);
    // Someone who sees the new public channel but is not subscribed gets the channel and its
    // subscribers (not the message: their `first_message_id` stays null, as with the server).
    const othello = realm.clientFor('othello@zulip.com');
    const queue = await othello.events.register({ event_types: ['stream', 'subscription'] });
    await iago.channels.create({ name: 'events place 2', subscribers: [hamletId] });
    const { events: seen } = await othello.events.get({ queue_id: queue.queue_id ?? '', last_event_id: queue.last_event_id, dont_block: true });
    expect(seen.map((event) => `${event.type}:${String(event['op'])}`)).toEqual(['stream:create', 'subscription:peer_add']);
    // Without subscribers only the channel itself.
    const alone = await verifyAction(hamlet, () => iago.channels.create({ name: 'events place 3', subscribers: [] }), { include_subscribers: true });
    expect(alone.map((event) => event?.type)).toEqual(['stream']);
  });
});

describe('POST /channels/create at an older server', () => {
  const older = useTestRealm({ featureLevel: 416 });

  it('is absent below feature level 417: the SDK refuses it and the server answers as for an unknown route', async () => {
    const hamlet = older.clientFor('hamlet@zulip.com');
    await expect(hamlet.channels.create({ name: 'too early', subscribers: [] })).rejects.toThrow(/417/);
    const response = await older.raw('hamlet@zulip.com', 'POST', '/channels/create', new URLSearchParams({ name: 'too early', subscribers: '[]' }));
    expect(response.status).toBe(404);
    expect(older.mock.store.channelByName('too early')).toBeUndefined();
  });
});
