import { describe, expect, it } from 'vitest';
import { BadImageError } from '../src/index';
import { expectApiError } from './support/failure';
import { png } from './support/image-bytes';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();

const UPLOADED_AVATAR = (realmId: number) => new RegExp(`^/user_avatars/${realmId}/[0-9a-f]{40}\\.png$`);

/** A multipart body of fields and named files, as any client may send it. */
function multipart(fields: Record<string, string>, files: Record<string, [Uint8Array<ArrayBuffer>, string]> = {}): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, [bytes, filename]] of Object.entries(files)) form.append(name, new File([bytes], filename));
  return form;
}

async function send(method: string, path: string, body: FormData) {
  const response = await realm.raw('hamlet@zulip.com', method, path, body);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const tooMany = { status: 400, body: { result: 'error', code: 'BAD_REQUEST', msg: 'You may only upload one file at a time' } };

describe('a bot’s avatar: the one file sent with POST /bots or PATCH /bots/{bot_id}', () => {
  it('POST /bots: the file is the new bot’s avatar from its first event on; two files create nothing', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const users = realm.mock.store.tables.user.size;
    expect(await send('POST', '/bots', multipart({ full_name: 'Two Bot', short_name: 'two' }, { a: [png(8, 8), 'a.png'], b: [png(8, 8), 'b.png'] }))).toMatchObject(tooMany);
    expect(realm.mock.store.tables.user.size).toBe(users);
    let avatarUrl = '';
    const events = await verifyAction(hamlet, async () => {
      const created = await send('POST', '/bots', multipart({ full_name: 'Pic Bot', short_name: 'pic' }, { file: [png(8, 8), 'pic.png'] }));
      expect(created.status).toBe(200);
      avatarUrl = String(created.body['avatar_url']);
    });
    expect(avatarUrl).toMatch(UPLOADED_AVATAR(realm.mock.realm.id));
    expect(events).toContainEqual(expect.objectContaining({ type: 'realm_user', op: 'add', person: expect.objectContaining({ avatar_url: avatarUrl, avatar_version: 1 }) }));
    expect(events).toContainEqual(expect.objectContaining({ type: 'realm_bot', op: 'add', bot: expect.objectContaining({ avatar_url: avatarUrl }) }));
    const served = await realm.mock.fetch(`${realm.mock.realm.url}${avatarUrl}`);
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(png(8, 8));
  });

  it('POST /bots: a file that is no image is refused only once the bot exists, which stays, without its realm_bot event', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const initial = await hamlet.events.register({ event_types: ['realm_bot', 'realm_user'] });
    const refused = await send('POST', '/bots', multipart({ full_name: 'Text Bot', short_name: 'text' }, { file: [new TextEncoder().encode('hello'), 'notes.txt'] }));
    expect(refused).toMatchObject({ status: 400, body: { result: 'error', code: 'BAD_IMAGE', msg: 'Invalid image format' } });
    expect(realm.mock.store.userByDeliveryEmail('text-bot@zulip.testserver')?.is_active).toBe(true);
    const { events } = await hamlet.events.get({ queue_id: initial.queue_id ?? '', last_event_id: initial.last_event_id, dont_block: true });
    expect(events.map((event) => `${event.type}:${String(event['op'])}`)).toEqual(['realm_user:add']);
  });

  it('POST /bots: a refused image leaves the bot without its service and configuration, as the server adds them after the image', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const text = (): [Uint8Array<ArrayBuffer>, string] => [new TextEncoder().encode('hello'), 'notes.txt'];
    const hook = { full_name: 'Hook Bot', short_name: 'hook', bot_type: '3', payload_url: JSON.stringify('https://hooks.example/out') };
    const embedded = { full_name: 'Hello Bot', short_name: 'hello', bot_type: '4', service_name: 'helloworld', config_data: JSON.stringify({ greeting: 'hi' }) };
    for (const fields of [hook, embedded]) {
      expect(await send('POST', '/bots', multipart(fields, { file: text() }))).toMatchObject({ status: 400, body: { code: 'BAD_IMAGE', msg: 'Invalid image format' } });
    }
    const { realm_bots: bots = [] } = await hamlet.events.register({ event_types: ['realm_bot'] });
    const listed = (name: string) => bots.find((bot) => bot.full_name === name);
    expect(listed('Hook Bot')).toMatchObject({ bot_type: 3, services: [] });
    expect(listed('Hello Bot')).toMatchObject({ bot_type: 4, services: [] });
    expect(realm.mock.store.tables.bot.get(listed('Hello Bot')?.user_id ?? 0)?.config_data).toEqual({});
  });

  it('PATCH /bots/{bot_id}: the file is the next avatar version, after the other changes, with the avatar events (acceptance)', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const { user_id: id } = await hamlet.bots.create({ full_name: 'Pic Bot', short_name: 'pic' });
    // Two files: the rename before the check stays, the avatar does not change.
    expect(await send('PATCH', `/bots/${id}`, multipart({ full_name: 'Pic Bot Two' }, { a: [png(8, 8), 'a.png'], b: [png(8, 8), 'b.png'] }))).toMatchObject(tooMany);
    expect(realm.mock.store.tables.user.get(id)).toMatchObject({ full_name: 'Pic Bot Two', avatar_version: 1 });
    let answer: Record<string, unknown> = {};
    const events = await verifyAction(hamlet, async () => {
      ({ body: answer } = await send('PATCH', `/bots/${id}`, multipart({}, { file: [png(8, 8), 'pic.png'] })));
    });
    const avatarUrl = String(answer['avatar_url']);
    expect(avatarUrl).toMatch(UPLOADED_AVATAR(realm.mock.realm.id));
    expect(events).toEqual([
      { type: 'realm_bot', op: 'update', bot: { user_id: id, avatar_url: avatarUrl }, id: expect.any(Number) },
      {
        type: 'realm_user',
        op: 'update',
        person: { user_id: id, avatar_source: 'U', avatar_url: avatarUrl, avatar_url_medium: avatarUrl.replace(/\.png$/, '-medium.png'), avatar_version: 2 },
        id: expect.any(Number),
      },
    ]);
  });

  it('the SDK sends `avatar` as the request’s file, on create and on update', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const created = await hamlet.bots.create({ full_name: 'Sdk Bot', short_name: 'sdk', avatar: { content: new File([png(8, 8)], 'sdk.png') } });
    expect(created.avatar_url).toMatch(UPLOADED_AVATAR(realm.mock.realm.id));
    // Bytes with a type get a matching name: the server reads an avatar's type from its name.
    const updated = await hamlet.bots.update({ bot_id: created.user_id, avatar: { content: png(16, 16), contentType: 'image/png' } });
    expect(updated.avatar_url).toMatch(UPLOADED_AVATAR(realm.mock.realm.id));
    expect(updated.avatar_url).not.toBe(created.avatar_url);
    const refused = hamlet.bots.update({ bot_id: created.user_id, avatar: { content: new Blob(['no image']), filename: 'x.png' } });
    await expect(refused).rejects.toBeInstanceOf(BadImageError);
    await expectApiError(refused, { code: 'BAD_IMAGE', status: 400, msg: 'Could not decode image; did you upload an image file?' });
  });
});
