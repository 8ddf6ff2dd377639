import { describe, expect, it } from 'vitest';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';

const realm = useTestRealm();
const IAGO = 'iago@zulip.com';
const bad = (msg: string) => ({ code: 'BAD_REQUEST', status: 400, msg });
const ADMIN_REQUIRED = { code: 'UNAUTHORIZED_PRINCIPAL', status: 400, msg: 'Must be an organization administrator' };

/** Frontend, Backend and Marketing, created by Iago in that order. */
async function threeFolders() {
  const iago = realm.clientFor(IAGO);
  const frontend = (await iago.channelFolders.create({ name: 'Frontend', description: 'Channels for frontend discussions' })).channel_folder_id;
  const backend = (await iago.channelFolders.create({ name: 'Backend', description: 'Channels for **backend** discussions' })).channel_folder_id;
  const marketing = (await iago.channelFolders.create({ name: 'Marketing', description: '' })).channel_folder_id;
  return { iago, frontend, backend, marketing };
}

describe('POST /channel_folders/create and GET /channel_folders', () => {
  it('creates folders that every user, guests too, lists in order, with the description rendered', async () => {
    const { frontend, backend, marketing } = await threeFolders();
    const now = Math.floor(realm.clock.now() / 1000);
    const iagoId = realm.userId(IAGO);
    const { channel_folders } = await realm.clientFor('polonius@zulip.com').channelFolders.list();
    expect(channel_folders).toEqual([
      { id: frontend, name: 'Frontend', description: 'Channels for frontend discussions', rendered_description: '<p>Channels for frontend discussions</p>', order: frontend, date_created: now, creator_id: iagoId, is_archived: false },
      { id: backend, name: 'Backend', description: 'Channels for **backend** discussions', rendered_description: '<p>Channels for <strong>backend</strong> discussions</p>', order: backend, date_created: now, creator_id: iagoId, is_archived: false },
      { id: marketing, name: 'Marketing', description: '', rendered_description: '', order: marketing, date_created: now, creator_id: iagoId, is_archived: false },
    ]);
    const registered = await realm.clientFor('hamlet@zulip.com').events.register({ fetch_event_types: ['channel_folders', 'realm'] });
    expect(registered.channel_folders).toEqual(channel_folders);
    expect(registered).toMatchObject({ max_channel_folder_name_length: 60, max_channel_folder_description_length: 1024 });
  });

  it('lists archived folders only with include_archived; the register state always has them', async () => {
    const { iago, frontend, backend, marketing } = await threeFolders();
    await iago.channelFolders.update({ channel_folder_id: marketing, is_archived: true });
    expect((await iago.channelFolders.list()).channel_folders.map((folder) => folder.id)).toEqual([frontend, backend]);
    const all = (await iago.channelFolders.list({ include_archived: true })).channel_folders;
    expect(all.map((folder) => [folder.id, folder.is_archived])).toEqual([[frontend, false], [backend, false], [marketing, true]]);
    expect((await iago.events.register({ fetch_event_types: ['channel_folders'] })).channel_folders).toEqual(all);
  });

  it('only administrators create: members and moderators are refused before the parameters are read', async () => {
    for (const email of ['hamlet@zulip.com', 'shiva@zulip.com']) {
      await expectApiError(realm.clientFor(email).channelFolders.create({ name: 'Frontend', description: '' }), ADMIN_REQUIRED);
    }
    const response = await realm.raw('shiva@zulip.com', 'POST', '/channel_folders/create', new URLSearchParams());
    expect(await response.json()).toEqual({ result: 'error', ...{ code: 'UNAUTHORIZED_PRINCIPAL', msg: 'Must be an organization administrator' } });
    await expect(realm.clientFor('desdemona@zulip.com').channelFolders.create({ name: 'Owners', description: '' })).resolves.toHaveProperty('channel_folder_id');
  });

  it("refuses with the server's messages, in its order: lengths (description first), then blank, unprintable, taken", async () => {
    const iago = realm.clientFor(IAGO);
    await expectApiError(iago.channelFolders.create({ name: 'a'.repeat(61), description: 'b'.repeat(1025) }), bad('description is too long (limit: 1024 characters)'));
    await expectApiError(iago.channelFolders.create({ name: 'a'.repeat(61), description: '' }), bad('name is too long (limit: 60 characters)'));
    await expectApiError(iago.channelFolders.create({ name: '', description: 'Channels for frontend discussions' }), bad("Channel folder name can't be empty."));
    await expectApiError(iago.channelFolders.create({ name: ' \t ', description: '' }), bad("Channel folder name can't be empty."));
    await expectApiError(iago.channelFolders.create({ name: 'abc\u0000', description: '' }), bad('Invalid character in channel folder name, at position 4.'));
    // Lengths count characters, not UTF-16 units.
    await expect(iago.channelFolders.create({ name: '😀'.repeat(60), description: '' })).resolves.toHaveProperty('channel_folder_id');
    await iago.channelFolders.create({ name: 'Frontend', description: '' });
    await expectApiError(iago.channelFolders.create({ name: 'Frontend', description: '' }), bad('Channel folder name already in use'));
    await expectApiError(iago.channelFolders.create({ name: 'frontEND', description: '' }), bad('Channel folder name already in use'));
    const response = await realm.raw(IAGO, 'POST', '/channel_folders/create', new URLSearchParams({ name: 'No description' }));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ result: 'error', code: 'REQUEST_VARIABLE_MISSING', msg: "Missing 'description' argument", var_name: 'description' });
  });

  it("an archived folder's name may be taken again", async () => {
    const { iago, frontend } = await threeFolders();
    await iago.channelFolders.update({ channel_folder_id: frontend, is_archived: true });
    const { channel_folder_id: again } = await iago.channelFolders.create({ name: 'Frontend', description: 'second' });
    expect(again).not.toBe(frontend);
    // The name is kept as given, spaces included.
    const { channel_folder_id: spaced } = await iago.channelFolders.create({ name: ' Spaced ', description: '' });
    expect((await iago.channelFolders.list()).channel_folders.find((folder) => folder.id === spaced)?.name).toBe(' Spaced ');
  });
});

describe('PATCH /channel_folders/{channel_folder_id}', () => {
  it('renames, redescribes, archives and unarchives; only what differs changes', async () => {
    const { iago, frontend } = await threeFolders();
    await iago.channelFolders.update({ channel_folder_id: frontend, name: 'Web frontend', description: 'Channels for **frontend** discussions' });
    const [folder] = (await iago.channelFolders.list()).channel_folders;
    expect(folder).toMatchObject({ id: frontend, name: 'Web frontend', description: 'Channels for **frontend** discussions', rendered_description: '<p>Channels for <strong>frontend</strong> discussions</p>' });
    await iago.channelFolders.update({ channel_folder_id: frontend, description: '' });
    expect((await iago.channelFolders.list()).channel_folders[0]).toMatchObject({ description: '', rendered_description: '' });
    await iago.channelFolders.update({ channel_folder_id: frontend, is_archived: true });
    expect((await iago.channelFolders.list({ include_archived: true })).channel_folders[0]?.is_archived).toBe(true);
    await iago.channelFolders.update({ channel_folder_id: frontend, is_archived: false });
    expect((await iago.channelFolders.list()).channel_folders[0]?.is_archived).toBe(false);
    // The same name is no change, so it is not checked against itself.
    await iago.channelFolders.update({ channel_folder_id: frontend, name: 'Web frontend' });
  });

  it("refuses with the server's messages: administrators only, unknown folder, then the name's checks", async () => {
    const { iago, frontend } = await threeFolders();
    await expectApiError(realm.clientFor('hamlet@zulip.com').channelFolders.update({ channel_folder_id: frontend, name: 'Web frontend' }), ADMIN_REQUIRED);
    await expectApiError(iago.channelFolders.update({ channel_folder_id: 999, name: 'Web frontend' }), bad('Invalid channel folder ID'));
    await expectApiError(iago.channelFolders.update({ channel_folder_id: frontend, name: '' }), bad("Channel folder name can't be empty."));
    await expectApiError(iago.channelFolders.update({ channel_folder_id: frontend, name: 'Backend' }), bad('Channel folder name already in use'));
    await expectApiError(iago.channelFolders.update({ channel_folder_id: frontend, name: 'backEND' }), bad('Channel folder name already in use'));
    // A change of case only is checked too, and the folder itself holds the name.
    await expectApiError(iago.channelFolders.update({ channel_folder_id: frontend, name: 'FRONTEND' }), bad('Channel folder name already in use'));
    await expectApiError(iago.channelFolders.update({ channel_folder_id: frontend, name: 'abc\u0000' }), bad('Invalid character in channel folder name, at position 4.'));
    await expectApiError(iago.channelFolders.update({ channel_folder_id: frontend, name: 'a'.repeat(61) }), bad('name is too long (limit: 60 characters)'));
    await expectApiError(iago.channelFolders.update({ channel_folder_id: frontend, description: 'a'.repeat(1025) }), bad('description is too long (limit: 1024 characters)'));
  });

  it('a folder that holds a channel, even an archived one, cannot be archived', async () => {
    const { iago, frontend } = await threeFolders();
    const verona = realm.channelId('Verona');
    await iago.channels.update({ stream_id: verona, folder_id: frontend });
    const refusal = bad('You need to remove all the channels from this folder to archive it.');
    await expectApiError(iago.channelFolders.update({ channel_folder_id: frontend, is_archived: true }), refusal);
    await iago.channels.archive({ stream_id: verona });
    await expectApiError(iago.channelFolders.update({ channel_folder_id: frontend, is_archived: true }), refusal);
    await iago.channels.update({ stream_id: verona, folder_id: null });
    await iago.channelFolders.update({ channel_folder_id: frontend, is_archived: true });
  });

  it('a refusal later in the request keeps the earlier changes (no transaction around them)', async () => {
    const { iago, frontend } = await threeFolders();
    await iago.channels.update({ stream_id: realm.channelId('Verona'), folder_id: frontend });
    await expectApiError(iago.channelFolders.update({ channel_folder_id: frontend, name: 'Renamed', is_archived: true }), bad('You need to remove all the channels from this folder to archive it.'));
    expect((await iago.channelFolders.list()).channel_folders[0]?.name).toBe('Renamed');
  });

  it("unarchiving a folder whose name another folder took is refused with the name's message (the server fails with a 500)", async () => {
    const { iago, frontend } = await threeFolders();
    await iago.channelFolders.update({ channel_folder_id: frontend, is_archived: true });
    await iago.channelFolders.create({ name: 'FRONTEND', description: '' });
    await expectApiError(iago.channelFolders.update({ channel_folder_id: frontend, is_archived: false }), bad('Channel folder name already in use'));
    await iago.channelFolders.update({ channel_folder_id: frontend, name: 'Old frontend', is_archived: false });
    expect((await iago.channelFolders.list()).channel_folders.map((folder) => folder.name)).toEqual(['Old frontend', 'Backend', 'Marketing', 'FRONTEND']);
  });
});

describe('PATCH /channel_folders (reorder)', () => {
  it('puts the folders in the order given; a repeated ID takes its last place, unknown IDs are ignored', async () => {
    const { iago, frontend, backend, marketing } = await threeFolders();
    await iago.channelFolders.reorder({ order: [marketing, backend, frontend] });
    const names = async () => (await iago.channelFolders.list()).channel_folders.map((folder) => [folder.name, folder.order]);
    expect(await names()).toEqual([['Marketing', 0], ['Backend', 1], ['Frontend', 2]]);
    await iago.channelFolders.reorder({ order: [frontend, marketing, backend, frontend, 424242] });
    expect(await names()).toEqual([['Marketing', 1], ['Backend', 2], ['Frontend', 3]]);
    // A folder created afterwards comes last: its order is its ID.
    const { channel_folder_id: design } = await iago.channelFolders.create({ name: 'Design', description: '' });
    expect((await names()).at(-1)).toEqual(['Design', design]);
  });

  it('every folder, archived ones included, must be named; administrators only', async () => {
    const { iago, frontend, backend, marketing } = await threeFolders();
    await iago.channelFolders.update({ channel_folder_id: marketing, is_archived: true });
    await expectApiError(iago.channelFolders.reorder({ order: [backend, frontend] }), bad('Invalid order mapping.'));
    await expectApiError(iago.channelFolders.reorder({ order: [100, 200, 300] }), bad('Invalid order mapping.'));
    await expectApiError(realm.clientFor('hamlet@zulip.com').channelFolders.reorder({ order: [marketing, backend, frontend] }), ADMIN_REQUIRED);
    await iago.channelFolders.reorder({ order: [marketing, backend, frontend] });
  });
});
