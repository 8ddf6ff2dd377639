import { describe, expect, it } from 'vitest';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';

const realm = useTestRealm();
const IAGO = 'iago@zulip.com';
const bad = (msg: string) => ({ code: 'BAD_REQUEST', status: 400, msg });

/** Frontend, Backend and Marketing, created by Iago in that order. */
async function threeFolders() {
  const iago = realm.clientFor(IAGO);
  const frontend = (await iago.channelFolders.create({ name: 'Frontend', description: '' })).channel_folder_id;
  const backend = (await iago.channelFolders.create({ name: 'Backend', description: '' })).channel_folder_id;
  const marketing = (await iago.channelFolders.create({ name: 'Marketing', description: '' })).channel_folder_id;
  return { iago, frontend, backend, marketing };
}

describe('channels in folders: folder_id on creation and on update', () => {
  it('subscribing creates the new channels in the folder (an archived one too); existing channels stay where they are', async () => {
    const { iago, frontend, marketing } = await threeFolders();
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await hamlet.subscriptions.add({ subscriptions: [{ name: 'web' }, { name: 'Verona' }], folder_id: frontend });
    const folderOf = async (name: string) => (await iago.channels.get({ stream_id: realm.channelId(name) })).stream.folder_id;
    expect(await folderOf('web')).toBe(frontend);
    expect(await folderOf('Verona')).toBeNull();
    await iago.channelFolders.update({ channel_folder_id: marketing, is_archived: true });
    await hamlet.subscriptions.add({ subscriptions: [{ name: 'ads' }], folder_id: marketing });
    expect(await folderOf('ads')).toBe(marketing);
  });

  it('an unknown folder is refused before the channels are read, even when they all exist or none is named', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await expectApiError(hamlet.subscriptions.add({ subscriptions: [{ name: 'Verona' }], folder_id: 999 }), bad('Invalid channel folder ID'));
    await expectApiError(hamlet.subscriptions.add({ subscriptions: [{ name: '' }], folder_id: 999 }), bad('Invalid channel folder ID'));
    await expectApiError(hamlet.subscriptions.add({ subscriptions: [], folder_id: 999 }), bad('Invalid channel folder ID'));
  });

  it("PATCH /streams/{stream_id} moves a channel into a folder, another, or none (null); channel administrators may", async () => {
    const { iago, frontend, backend } = await threeFolders();
    const verona = realm.channelId('Verona');
    await iago.channels.update({ stream_id: verona, folder_id: frontend });
    expect((await iago.channels.get({ stream_id: verona })).stream.folder_id).toBe(frontend);
    await expectApiError(iago.channels.update({ stream_id: verona, folder_id: 999 }), bad('Invalid channel folder ID'));
    await expectApiError(
      realm.clientFor('hamlet@zulip.com').channels.update({ stream_id: verona, folder_id: backend }),
      bad('You do not have permission to administer this channel.'),
    );
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await hamlet.subscriptions.add({ subscriptions: [{ name: 'hamlet-run' }] });
    const own = realm.channelId('hamlet-run');
    await hamlet.channels.update({ stream_id: own, folder_id: backend });
    expect((await hamlet.subscriptions.list()).subscriptions.find((sub) => sub.stream_id === own)?.folder_id).toBe(backend);
    await iago.channels.update({ stream_id: verona, folder_id: null });
    expect((await iago.channels.get({ stream_id: verona })).stream.folder_id).toBeNull();
    // An archived folder may be chosen, as on the server.
    await iago.channelFolders.update({ channel_folder_id: frontend, is_archived: true });
    await iago.channels.update({ stream_id: verona, folder_id: frontend });
    expect((await iago.channels.get({ stream_id: verona })).stream.folder_id).toBe(frontend);
  });
});
