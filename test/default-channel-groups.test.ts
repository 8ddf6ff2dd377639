import { describe, expect, it } from 'vitest';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();

const bad = (msg: string) => ({ code: 'BAD_REQUEST', status: 400, msg });
const ADMIN_ONLY = { code: 'UNAUTHORIZED_PRINCIPAL', status: 400, msg: 'Must be an organization administrator' };
const GROUPS = { event_types: ['default_stream_groups'] };

async function groups(email = 'iago@zulip.com') {
  return (await realm.clientFor(email).events.register(GROUPS)).realm_default_stream_groups;
}

/** Iago's group "Europe" of Scotland and Denmark; its ID. */
async function europe(): Promise<number> {
  await realm.clientFor('iago@zulip.com').channels.createDefaultGroup({ group_name: 'Europe', description: 'Old world', stream_names: ['Scotland', 'Denmark'] });
  const created = (await groups())?.find((group) => group.name === 'Europe');
  return created?.id ?? 0;
}

describe('default channel groups: create (POST /default_stream_groups/create)', () => {
  it('creates a group; register lists the groups by name, each with its channel IDs by channel name', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    expect(await groups()).toEqual([]);
    expect(await iago.channels.createDefaultGroup({ group_name: 'Europe', description: 'Old world', stream_names: ['Scotland', 'Denmark', 'Scotland'] })).toEqual({});
    await iago.channels.createDefaultGroup({ group_name: 'Castles', description: '', stream_names: [] });
    expect(await groups()).toEqual([
      { name: 'Castles', id: expect.any(Number), description: '', streams: [] },
      { name: 'Europe', id: expect.any(Number), description: 'Old world', streams: [realm.channelId('Denmark'), realm.channelId('Scotland')] },
    ]);
  });

  it('refusals in the server\'s order: each channel, a default channel, the name, then an existing name', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    await iago.channels.addDefault({ stream_id: realm.channelId('Verona') });
    const create = (group_name: string, stream_names: string[]) => iago.channels.createDefaultGroup({ group_name, description: '', stream_names });
    await expectApiError(create('', ['Verona', 'Atlantis']), bad("Invalid channel name 'Atlantis'"));
    await expectApiError(create('', ['Verona']), bad("'Verona' is a default channel and cannot be added to ''"));
    await expectApiError(create(' \t', []), bad("Invalid default channel group name ' \t'"));
    await expectApiError(create('x'.repeat(61), []), bad('Default channel group name too long (limit: 60 characters)'));
    await expectApiError(create('a\0b', []), bad("Default channel group name 'a\0b' contains NULL (0x00) characters."));
    await create('x'.repeat(60), []);
    await create('Europe', ['Denmark']);
    await expectApiError(create('Europe', []), bad("Default channel group 'Europe' already exists"));
    // A private channel may be in a group, if the administrator can read it.
    await create('Inner circle', ['core team']);
    await expectApiError(realm.clientFor('desdemona@zulip.com').channels.createDefaultGroup({ group_name: 'n', description: '', stream_names: ['nowhere'] }), bad("Invalid channel name 'nowhere'"));
  });

  it('a private channel the administrator cannot read is an invalid name', async () => {
    await realm.clientFor('hamlet@zulip.com').subscriptions.add({ subscriptions: [{ name: 'hamlet secrets' }], invite_only: true });
    await expectApiError(
      realm.clientFor('iago@zulip.com').channels.createDefaultGroup({ group_name: 'g', description: '', stream_names: ['hamlet secrets'] }),
      bad("Invalid channel name 'hamlet secrets'"),
    );
  });
});

describe('default channel groups: update, channels, delete', () => {
  it('renames and describes a group; each change is its own event', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const id = await europe();
    const events = await verifyAction(iago, () => iago.channels.updateDefaultGroup({ group_id: id, new_group_name: 'Old Europe', new_description: 'Older world' }));
    expect(events.map((event) => (event?.type === 'default_stream_groups' ? event.default_stream_groups.map((group) => [group.name, group.description]) : []))).toEqual([
      [['Old Europe', 'Old world']],
      [['Old Europe', 'Older world']],
    ]);
    // The new name is not checked as a new group's is: an empty name with a description renames.
    await iago.channels.updateDefaultGroup({ group_id: id, new_group_name: '', new_description: 'x' });
    expect((await groups())?.map((group) => group.name)).toEqual(['']);
  });

  it('update refusals in the server\'s order', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const id = await europe();
    await iago.channels.createDefaultGroup({ group_name: 'Asia', description: '', stream_names: [] });
    const missing = bad('You must pass "new_description" or "new_group_name".');
    await expectApiError(iago.channels.updateDefaultGroup({ group_id: 999 }), missing);
    await expectApiError(iago.channels.updateDefaultGroup({ group_id: id, new_group_name: '', new_description: '' }), missing);
    await expectApiError(iago.channels.updateDefaultGroup({ group_id: 999, new_description: 'x' }), bad("Default channel group with id '999' does not exist."));
    await expectApiError(iago.channels.updateDefaultGroup({ group_id: id, new_group_name: 'Europe' }), bad("This default channel group is already named 'Europe'"));
    await expectApiError(iago.channels.updateDefaultGroup({ group_id: id, new_group_name: 'Asia' }), bad("Default channel group 'Asia' already exists"));
  });

  it('adds and removes channels', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const id = await europe();
    await verifyAction(iago, () => iago.channels.updateDefaultGroupChannels({ group_id: id, op: 'add', stream_names: ['Verona'] }));
    expect((await groups())?.[0]?.streams).toEqual([realm.channelId('Denmark'), realm.channelId('Scotland'), realm.channelId('Verona')]);
    await verifyAction(iago, () => iago.channels.updateDefaultGroupChannels({ group_id: id, op: 'remove', stream_names: ['Scotland', 'Verona'] }));
    expect((await groups())?.[0]?.streams).toEqual([realm.channelId('Denmark')]);
  });

  it('channel refusals: the group, each channel, then op; adding stops at the first refused channel, keeping those before it, telling nobody', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const id = await europe();
    const update = (group_id: number, op: string, stream_names: string[]) => iago.channels.updateDefaultGroupChannels({ group_id, op, stream_names });
    await expectApiError(update(999, 'nonsense', ['Atlantis']), bad("Default channel group with id '999' does not exist."));
    await expectApiError(update(id, 'nonsense', ['Atlantis']), bad("Invalid channel name 'Atlantis'"));
    await expectApiError(update(id, 'nonsense', ['Verona']), bad('Invalid value for "op". Specify one of "add" or "remove".'));
    await expectApiError(update(id, 'remove', ['Verona', 'Denmark']), bad("Channel 'Verona' is not present in default channel group 'Europe'"));
    expect((await groups())?.[0]?.streams).toHaveLength(2);
    const { queue_id, last_event_id } = await iago.events.register(GROUPS);
    await expectApiError(update(id, 'add', ['Verona', 'Denmark']), bad("Channel 'Denmark' is already present in default channel group 'Europe'"));
    expect((await groups())?.[0]?.streams).toContain(realm.channelId('Verona'));
    expect((await iago.events.get({ queue_id: queue_id ?? '', last_event_id, dont_block: true })).events).toEqual([]);
    await iago.channels.addDefault({ stream_id: realm.channelId('Verona') });
    await update(id, 'remove', ['Verona']);
    await expectApiError(update(id, 'add', ['Verona']), bad("'Verona' is a default channel and cannot be added to 'Europe'"));
  });

  it('deletes a group; an unknown ID is refused', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const id = await europe();
    const events = await verifyAction(iago, () => iago.channels.deleteDefaultGroup({ group_id: id }));
    expect(events).toEqual([{ type: 'default_stream_groups', default_stream_groups: [], id: expect.any(Number) }]);
    await expectApiError(iago.channels.deleteDefaultGroup({ group_id: id }), bad(`Default channel group with id '${id}' does not exist.`));
  });

  it('administrators only, before anything is read', async () => {
    const id = await europe();
    for (const email of ['polonius@zulip.com', 'hamlet@zulip.com', 'shiva@zulip.com']) {
      const client = realm.clientFor(email);
      await expectApiError(client.channels.createDefaultGroup({ group_name: '', description: '', stream_names: ['Atlantis'] }), ADMIN_ONLY);
      await expectApiError(client.channels.updateDefaultGroup({ group_id: 999 }), ADMIN_ONLY);
      await expectApiError(client.channels.updateDefaultGroupChannels({ group_id: id, op: 'add', stream_names: [] }), ADMIN_ONLY);
      await expectApiError(client.channels.deleteDefaultGroup({ group_id: id }), ADMIN_ONLY);
    }
    await realm.clientFor('desdemona@zulip.com').channels.deleteDefaultGroup({ group_id: id });
  });
});

describe('default channel groups: events and other operations', () => {
  it('non-guests get default_stream_groups events (acceptance test); guests see no groups and get no event', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const create = () => iago.channels.createDefaultGroup({ group_name: 'Europe', description: 'Old world', stream_names: ['Denmark'] });
    const events = await verifyAction(realm.clientFor('hamlet@zulip.com'), create);
    expect(events).toEqual([
      { type: 'default_stream_groups', id: expect.any(Number), default_stream_groups: [{ name: 'Europe', id: expect.any(Number), description: 'Old world', streams: [realm.channelId('Denmark')] }] },
    ]);
    const polonius = realm.clientFor('polonius@zulip.com');
    expect(await groups('polonius@zulip.com')).toEqual([]);
    expect(await verifyAction(polonius, () => iago.channels.createDefaultGroup({ group_name: 'Asia', description: '', stream_names: [] }))).toEqual([]);
  });

  it('archiving a channel removes it from every group holding it, one event per group, before the channel\'s own event', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    await europe();
    await iago.channels.createDefaultGroup({ group_name: 'North', description: '', stream_names: ['Scotland'] });
    await iago.channels.createDefaultGroup({ group_name: 'South', description: '', stream_names: ['Verona'] });
    const events = await verifyAction(iago, () => iago.channels.archive({ stream_id: realm.channelId('Scotland') }), { event_types: ['default_stream_groups', 'stream'] });
    expect(events.map((event) => event?.type)).toEqual(['default_stream_groups', 'default_stream_groups', 'stream']);
    expect((await groups())?.map((group) => [group.name, group.streams])).toEqual([
      ['Europe', [realm.channelId('Denmark')]],
      ['North', []],
      ['South', [realm.channelId('Verona')]],
    ]);
  });

  it('making a grouped channel default is allowed, as on the server', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    await europe();
    await iago.channels.addDefault({ stream_id: realm.channelId('Denmark') });
    expect((await groups())?.[0]?.streams).toContain(realm.channelId('Denmark'));
  });

  it('groups survive a snapshot and restore', async () => {
    await europe();
    const before = await groups();
    const document = JSON.parse(JSON.stringify(realm.mock.snapshot()));
    realm.mock.reset();
    expect(await groups()).toEqual([]);
    realm.mock.restore(document);
    expect(await groups()).toEqual(before);
    await realm.clientFor('iago@zulip.com').channels.createDefaultGroup({ group_name: 'After', description: '', stream_names: [] });
    const ids = (await groups())?.map((group) => group.id) ?? [];
    expect(new Set(ids).size).toBe(2);
  });

  it('a state document from before default channel groups (no such table) loads with none', async () => {
    const document = JSON.parse(JSON.stringify(realm.mock.snapshot()));
    delete document.tables.defaultChannelGroup;
    realm.mock.restore(document);
    expect(await groups()).toEqual([]);
  });
});
