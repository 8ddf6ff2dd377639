import { describe, expect, it } from 'vitest';
import { png } from './support/image-bytes';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();

const bad = (msg: string) => ({ code: 'BAD_REQUEST', status: 400, msg });
const badImage = (msg: string) => ({ code: 'BAD_IMAGE', status: 400, msg });
const pngFile = (name = 'me.png', type = 'image/png') => new File([png(64, 64)], name, { type });
const huge = (name: string, type = 'image/png') => new File([new Uint8Array(5 * 1024 * 1024 + 1)], name, { type });
const UPLOADED_AVATAR = (realmId: number) => new RegExp(`^/user_avatars/${realmId}/[0-9a-f]{40}\\.png$`);

async function ownUser(email: string) {
  const { members } = await realm.clientFor(email).users.list({ client_gravatar: false });
  return members.find((member) => member.user_id === realm.userId(email));
}

describe('users.setAvatar (POST /users/me/avatar)', () => {
  it('makes the uploaded image the avatar everyone sees, servable at its URL, with realm_user events (acceptance test)', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const before = await ownUser('hamlet@zulip.com');
    let avatarUrl = '';
    const events = await verifyAction(hamlet, async () => {
      ({ avatar_url: avatarUrl } = await hamlet.users.setAvatar({ content: png(64, 64), filename: 'me.png' }));
    });
    expect(avatarUrl).toMatch(UPLOADED_AVATAR(realm.mock.realm.id));
    const version = (before?.avatar_version ?? 0) + 1;
    expect(events).toEqual([
      {
        type: 'realm_user',
        op: 'update',
        person: {
          user_id: realm.userId('hamlet@zulip.com'),
          avatar_source: 'U',
          avatar_url: avatarUrl,
          avatar_url_medium: avatarUrl.replace(/\.png$/, '-medium.png'),
          avatar_version: version,
        },
        id: expect.any(Number),
      },
    ]);
    // Other users see it too, even when their client computes Gravatars itself.
    const seen = await realm.clientFor('cordelia@zulip.com').users.get({ user_id: realm.userId('hamlet@zulip.com'), client_gravatar: true });
    expect(seen.user).toMatchObject({ avatar_url: avatarUrl, avatar_version: version });
    const served = await realm.mock.fetch(`${realm.mock.realm.url}${avatarUrl}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(png(64, 64));
    const medium = await realm.mock.fetch(`${realm.mock.realm.url}${avatarUrl.replace(/\.png$/, '-medium.png')}`);
    expect(medium.status).toBe(200);
  });

  it("reads the image's type from its name, as the server does, not from the type sent", async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await expectApiError(hamlet.users.setAvatar({ content: pngFile('me.txt', 'image/png') }), badImage('Invalid image format'));
    const { avatar_url } = await hamlet.users.setAvatar({ content: pngFile('me.png', 'application/octet-stream') });
    expect(avatar_url).toMatch(UPLOADED_AVATAR(realm.mock.realm.id));
  });

  it("refuses in the server's order: one file, avatar changes allowed, size, type, decoding", async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const none = await realm.raw('hamlet@zulip.com', 'POST', '/users/me/avatar', new FormData());
    expect({ status: none.status, body: await none.json() }).toEqual({ status: 400, body: { result: 'error', code: 'BAD_REQUEST', msg: 'You must upload exactly one avatar.' } });
    const two = new FormData();
    two.append('a', pngFile());
    two.append('b', pngFile());
    const twice = await realm.raw('hamlet@zulip.com', 'POST', '/users/me/avatar', two);
    expect(await twice.json()).toMatchObject({ msg: 'You must upload exactly one avatar.' });
    await expectApiError(hamlet.users.setAvatar({ content: huge('me.svg', 'image/svg+xml') }), bad('Uploaded file is larger than the allowed limit of 5 MiB'));
    await expectApiError(hamlet.users.setAvatar({ content: new File(['<svg/>'], 'me.svg', { type: 'image/svg+xml' }) }), badImage('Invalid image format'));
    await expectApiError(hamlet.users.setAvatar({ content: new File(['not a png'], 'me.png', { type: 'image/png' }) }), badImage('Could not decode image; did you upload an image file?'));
    realm.mock.realm.avatar_changes_disabled = true;
    await expectApiError(hamlet.users.setAvatar({ content: huge('me.svg') }), bad('Avatar changes are disabled in this organization.'));
    await expectApiError(hamlet.users.deleteAvatar(), bad('Avatar changes are disabled in this organization.'));
    // The empty form is refused for its files first.
    const disabledNone = await realm.raw('hamlet@zulip.com', 'POST', '/users/me/avatar', new FormData());
    expect(await disabledNone.json()).toMatchObject({ msg: 'You must upload exactly one avatar.' });
    // Administrators may still change theirs.
    const iago = realm.clientFor('iago@zulip.com');
    await iago.users.setAvatar({ content: pngFile() });
    await iago.users.deleteAvatar();
    expect((await ownUser('hamlet@zulip.com'))?.avatar_url).toMatch(/^https:\/\/secure\.gravatar\.com\//);
  });

  it('guests may change their own avatar; a bot that changes its own tells its administrators with a realm_bot event', async () => {
    const polonius = realm.clientFor('polonius@zulip.com');
    expect((await polonius.users.setAvatar({ content: pngFile() })).avatar_url).toMatch(UPLOADED_AVATAR(realm.mock.realm.id));
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const bot = realm.clientFor('default-bot@zulip.com');
    const events = await verifyAction(hamlet, async () => {
      await bot.users.setAvatar({ content: pngFile() });
    });
    const botId = realm.userId('default-bot@zulip.com');
    expect(events.map((event) => event?.type)).toEqual(['realm_bot', 'realm_user']);
    expect(events[0]).toMatchObject({ op: 'update', bot: { user_id: botId, avatar_url: expect.stringMatching(UPLOADED_AVATAR(realm.mock.realm.id)) } });
  });
});

describe('users.deleteAvatar (DELETE /users/me/avatar)', () => {
  it('goes back to the Gravatar with one more version (acceptance test)', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await hamlet.users.setAvatar({ content: pngFile() });
    const uploaded = await ownUser('hamlet@zulip.com');
    let avatarUrl = '';
    const events = await verifyAction(hamlet, async () => {
      ({ avatar_url: avatarUrl } = await hamlet.users.deleteAvatar());
    });
    const version = (uploaded?.avatar_version ?? 0) + 1;
    expect(avatarUrl).toMatch(new RegExp(`^https://secure\\.gravatar\\.com/avatar/[0-9a-f]{32}\\?d=identicon&version=${version}$`));
    expect(events).toEqual([expect.objectContaining({ type: 'realm_user', person: expect.objectContaining({ avatar_source: 'G', avatar_url: avatarUrl, avatar_version: version }) })]);
    // As on the server, the old file stays where it was.
    expect((await realm.mock.fetch(`${realm.mock.realm.url}${uploaded?.avatar_url ?? ''}`)).status).toBe(200);
  });
});

describe('avatars in snapshots and resets', () => {
  it('an uploaded avatar and its file survive snapshot and restore, and reset forgets them', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const { avatar_url } = await hamlet.users.setAvatar({ content: pngFile() });
    const icon = await realm.clientFor('iago@zulip.com').realm.uploadIcon({ content: pngFile('icon.png') });
    const snapshot = JSON.parse(JSON.stringify(realm.mock.snapshot())) as unknown;
    realm.mock.reset();
    expect((await ownUser('hamlet@zulip.com'))?.avatar_url).toMatch(/^https:\/\/secure\.gravatar\.com\//);
    expect((await realm.mock.fetch(`${realm.mock.realm.url}${avatar_url}`)).status).toBe(404);
    realm.mock.restore(snapshot);
    expect((await ownUser('hamlet@zulip.com'))?.avatar_url).toBe(avatar_url);
    const served = await realm.mock.fetch(`${realm.mock.realm.url}${avatar_url}`);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(png(64, 64));
    const state = await realm.clientFor('hamlet@zulip.com').events.register({ fetch_event_types: ['realm'] });
    expect(state.realm_icon_url).toBe(icon.icon_url);
  });
});
