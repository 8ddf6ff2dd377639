import { describe, expect, it } from 'vitest';
import { expectApiError } from './support/failure';
import { useHttpMock } from './support/http-mock';

const http = useHttpMock();

describe('channel folders over real HTTP', () => {
  it('creates, lists, updates and reorders; a channel joins a folder; members may only list', async () => {
    const iago = http.clientFor('iago@zulip.com');
    const { channel_folder_id: first } = await iago.channelFolders.create({ name: 'Over the wire', description: '**bold**' });
    const { channel_folder_id: second } = await iago.channelFolders.create({ name: 'Second', description: '' });
    await iago.channelFolders.update({ channel_folder_id: first, name: 'Renamed over the wire' });
    await iago.channelFolders.reorder({ order: [second, first] });
    const hamlet = http.clientFor('hamlet@zulip.com');
    const { channel_folders } = await hamlet.channelFolders.list({ include_archived: true });
    expect(channel_folders.map((folder) => [folder.id, folder.name, folder.order])).toEqual([
      [second, 'Second', 0],
      [first, 'Renamed over the wire', 1],
    ]);
    expect(channel_folders[1]?.rendered_description).toBe('<p><strong>bold</strong></p>');
    await expectApiError(hamlet.channelFolders.create({ name: 'Mine', description: '' }), { code: 'UNAUTHORIZED_PRINCIPAL', status: 400, msg: 'Must be an organization administrator' });
    await hamlet.subscriptions.add({ subscriptions: [{ name: 'filed over http' }], folder_id: second });
    const { stream_id } = await hamlet.channels.getId({ stream: 'filed over http' });
    expect((await hamlet.channels.get({ stream_id })).stream.folder_id).toBe(second);
  });
});
