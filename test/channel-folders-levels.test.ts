import { describe, expect, it } from 'vitest';
import { serverAt, unsupported } from './support/older-server';

const IAGO = 'iago@zulip.com';

describe('channel folders on servers older than the mock', () => {
  it('before level 389 there are no folders: no routes, no register state, no folder_id (ignored when sent)', async () => {
    const { client: iago, raw } = serverAt(388, IAGO);
    expect(await unsupported(iago.channelFolders.list())).toMatchObject({ operation: 'get-channel-folders', neededLevel: 389, serverLevel: 388 });
    expect(await unsupported(iago.subscriptions.add({ subscriptions: [{ name: 'x' }], folder_id: 1 }))).toMatchObject({ parameter: 'folder_id', neededLevel: 389 });
    expect((await raw('GET', '/channel_folders')).status).toBe(404);
    expect((await raw('POST', '/channel_folders/create', { name: 'F', description: '' })).status).toBe(404);
    const registered = await iago.events.register({ fetch_event_types: ['channel_folders', 'realm', 'stream'] });
    expect(registered).not.toHaveProperty('channel_folders');
    expect(registered).not.toHaveProperty('max_channel_folder_name_length');
    expect(registered.streams?.[0]).not.toHaveProperty('folder_id');
    const created = await raw('POST', '/users/me/subscriptions', { subscriptions: '[{"name":"old"}]', folder_id: '12345' });
    expect(created).toMatchObject({ status: 200, body: { ignored_parameters_unsupported: ['folder_id'] } });
    const { stream_id } = await iago.channels.getId({ stream: 'old' });
    expect(await raw('PATCH', `/streams/${stream_id}`, { folder_id: '12345' })).toMatchObject({ status: 200, body: { ignored_parameters_unsupported: ['folder_id'] } });
  });

  it('from 389: folders without order, listed by ID; the length limits only from 410', async () => {
    const { client: iago, raw } = serverAt(409, IAGO);
    const { channel_folder_id: id } = await iago.channelFolders.create({ name: 'Frontend', description: '' });
    const { channel_folders } = await iago.channelFolders.list();
    expect(channel_folders).toHaveLength(1);
    expect(channel_folders[0]).not.toHaveProperty('order');
    expect(await unsupported(iago.channelFolders.reorder({ order: [id] }))).toMatchObject({ operation: 'patch-channel-folders', neededLevel: 414 });
    expect(await raw('PATCH', '/channel_folders', { order: `[${id}]` })).toMatchObject({ status: 405, body: { allowed_methods: ['GET', 'HEAD'] } });
    const registered = await iago.events.register({ fetch_event_types: ['channel_folders', 'realm'] });
    expect(registered.channel_folders).toEqual(channel_folders);
    expect(registered).not.toHaveProperty('max_channel_folder_name_length');
    const limits = await serverAt(410, IAGO).client.events.register({ fetch_event_types: ['realm'] });
    expect(limits).toMatchObject({ max_channel_folder_name_length: 60, max_channel_folder_description_length: 1024 });
  });

  it('reordering exists from 414, but tells nobody before 418', async () => {
    for (const [level, told] of [[417, []], [418, ['channel_folder']]] as const) {
      const { client: iago } = serverAt(level, IAGO);
      const first = (await iago.channelFolders.create({ name: 'First', description: '' })).channel_folder_id;
      const second = (await iago.channelFolders.create({ name: 'Second', description: '' })).channel_folder_id;
      const queue = await iago.events.register({ event_types: ['channel_folder'] });
      await iago.channelFolders.reorder({ order: [second, first] });
      const { events } = await iago.events.get({ queue_id: queue.queue_id ?? '', last_event_id: -1, dont_block: true });
      expect(events.map((event) => event.type)).toEqual(told);
      expect((await iago.channelFolders.list()).channel_folders.map((folder) => [folder.id, folder.order])).toEqual([[second, 0], [first, 1]]);
    }
  });
});
