import { describe, expect, it } from 'vitest';
import type { ChatClient } from '../src/index';
import { png } from './support/image-bytes';
import { SITE, useTestRealm } from './support/mock';

const realm = useTestRealm();

const FORBIDDEN = { status: 403, body: '<p>You are not authorized to view this file.</p>' };
const OK = { status: 200, body: 'secret plans' };

/** Fetches an uploaded file as `email` (or without credentials): its status and body. */
async function open(url: string, email?: string): Promise<{ status: number; body: string }> {
  const headers: Record<string, string> = email ? { Authorization: `Basic ${btoa(`${email}:${realm.mock.apiKeyOf(email)}`)}` } : {};
  const response = await fetch(`${SITE}${url}`, { headers, redirect: 'manual' });
  return { status: response.status, body: await response.text() };
}

/** Uploads a file as the client's user and links it from a new message in `channel`. */
async function share(client: ChatClient, channel: string, content: Uint8Array<ArrayBuffer> | string = 'secret plans', name = 'plans.txt', type = 'text/plain') {
  const { url = '' } = await client.uploads.upload(new File([content], name, { type }));
  const { id } = await client.messages.send({ type: 'channel', to: channel, topic: 'files', content: `[${name}](${url})` });
  return { url, id };
}

/** Puts users in `core team`'s can_subscribe_group, which gives them its content without subscribing. */
function grantContentAccess(...emails: string[]): void {
  realm.mock.store.tables.channel.update(realm.channelId('core team'), {
    history_public_to_subscribers: true,
    can_subscribe_group: { direct_members: emails.map((email) => realm.userId(email)), direct_subgroups: [] },
  });
}

// The server's validate_attachment_request asks its own questions, not whether the user can read
// a linking message.
describe('who may open a file: the server\'s own rules', () => {
  // Zulip 10.3 (validate_attachment_request's last step): a channel's content-access groups count
  // for its files as a subscription does.
  it('members of a private channel\'s content-access groups open its files when its history is public to subscribers', async () => {
    grantContentAccess('othello@zulip.com');
    const { url, id } = await share(realm.clientFor('iago@zulip.com'), 'core team');
    const othello = realm.clientFor('othello@zulip.com');
    expect((await othello.messages.get({ message_id: id })).message.id).toBe(id);
    expect(await open(url, 'othello@zulip.com')).toEqual(OK);
    expect(await open(url.replace('/user_uploads/', '/user_uploads/download/'), 'othello@zulip.com')).toEqual(OK);
    expect(await open(url, 'cordelia@zulip.com')).toEqual(FORBIDDEN);
    // Since he may open it, his link in a public channel makes it public.
    const { id: leak } = await othello.messages.send({ type: 'channel', to: 'Denmark', topic: 'leak', content: `[plans](${url})` });
    expect((await realm.clientFor('iago@zulip.com').attachments.list()).attachments[0]?.messages.map((message) => message.id)).toEqual([id, leak]);
    expect(await open(url, 'cordelia@zulip.com')).toEqual(OK);
  });

  it('can_add_subscribers_group set by an administrator gives the file, also through /api/v1 and its temporary URL', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const coreTeam = realm.channelId('core team');
    const before = realm.mock.store.tables.channel.get(coreTeam)?.can_add_subscribers_group ?? 0;
    const { url } = await share(realm.clientFor('hamlet@zulip.com'), 'core team', 'secret plans', 'f.txt');
    const cordelia = realm.clientFor('cordelia@zulip.com');
    await expect(cordelia.uploads.temporaryUrl(`${SITE}${url}`)).rejects.toMatchObject({ status: 403 });
    await iago.channels.update({
      stream_id: coreTeam,
      can_add_subscribers_group: { new: { direct_members: [realm.userId('cordelia@zulip.com')], direct_subgroups: [] }, old: before },
    });
    expect(await open(url, 'cordelia@zulip.com')).toEqual(OK);
    const { url: temporary } = await cordelia.uploads.temporaryUrl(`${SITE}${url}`);
    expect(await open(temporary)).toEqual(OK);
    const api = await fetch(`${SITE}/api/v1${url}`, { headers: { Authorization: `Basic ${btoa(`cordelia@zulip.com:${realm.mock.apiKeyOf('cordelia@zulip.com')}`)}` } });
    expect(api.status).toBe(200);
    expect(await open(url, 'othello@zulip.com')).toEqual(FORBIDDEN);
  });

  it('with protected history, a content-access group gives only the files of messages the user received', async () => {
    realm.mock.store.tables.channel.update(realm.channelId('core team'), { history_public_to_subscribers: false });
    const iago = realm.clientFor('iago@zulip.com');
    await iago.subscriptions.add({ subscriptions: [{ name: 'core team' }], principals: [realm.userId('othello@zulip.com')] });
    const received = await share(iago, 'core team');
    await realm.clientFor('othello@zulip.com').subscriptions.remove({ subscriptions: ['core team'] });
    const unseen = await share(iago, 'core team');
    // Without the group, a copy left from the old subscription does not count.
    expect(await open(received.url, 'othello@zulip.com')).toEqual(FORBIDDEN);
    grantContentAccess('othello@zulip.com');
    realm.mock.store.tables.channel.update(realm.channelId('core team'), { history_public_to_subscribers: false });
    expect(await open(received.url, 'othello@zulip.com')).toEqual(OK);
    expect(await open(unseen.url, 'othello@zulip.com')).toEqual(FORBIDDEN);
  });

  it('the file check asks the groups without excluding guests, as the server\'s does', async () => {
    grantContentAccess('polonius@zulip.com');
    const { url } = await share(realm.clientFor('iago@zulip.com'), 'core team');
    expect(await open(url, 'polonius@zulip.com')).toEqual(OK);
  });

  it('a private channel with protected history: only subscribers who received a linking message', async () => {
    const desdemona = realm.clientFor('desdemona@zulip.com');
    await desdemona.subscriptions.add({ subscriptions: [{ name: 'vault' }], invite_only: true, history_public_to_subscribers: false });
    const { url } = await share(desdemona, 'vault');
    await desdemona.subscriptions.add({ subscriptions: [{ name: 'vault' }], principals: [realm.userId('iago@zulip.com')] });
    expect(await open(url, 'iago@zulip.com')).toEqual(FORBIDDEN);
    const later = await share(desdemona, 'vault');
    expect(await open(later.url, 'iago@zulip.com')).toEqual(OK);
    // A copy left from a subscription that ended no longer counts.
    await realm.clientFor('iago@zulip.com').subscriptions.remove({ subscriptions: ['vault'] });
    expect(await open(later.url, 'iago@zulip.com')).toEqual(FORBIDDEN);
  });

  it('a file linked in a web-public channel is served without credentials, thumbnails included; any other is a login redirect', async () => {
    const desdemona = realm.clientFor('desdemona@zulip.com');
    await desdemona.subscriptions.add({ subscriptions: [{ name: 'web' }], is_web_public: true });
    const image = png(8, 8);
    const { url } = await share(desdemona, 'web', image, 'dot.png', 'image/png');
    const anonymous = await fetch(`${SITE}${url}`, { redirect: 'manual' });
    expect([anonymous.status, anonymous.headers.get('content-type')]).toEqual([200, 'image/png']);
    expect(new Uint8Array(await anonymous.arrayBuffer())).toEqual(image);
    const thumbnail = await fetch(`${SITE}/user_uploads/thumbnail/${url.slice('/user_uploads/'.length)}/840x560.webp`, { redirect: 'manual' });
    expect(thumbnail.status).toBe(200);
    const { url: inVerona } = await share(desdemona, 'Verona');
    const refused = await fetch(`${SITE}${inVerona}`, { redirect: 'manual' });
    expect([refused.status, refused.headers.get('location')]).toEqual([302, `/login/?next=${inVerona}`]);
  });
});

// zproject/urls.py routes `thumbnail` at the root, beside /user_uploads/ (not under /api/v1);
// zerver/views/thumbnail.py serves the upload its `url` names as serve_file does, and refuses
// any other address (test_thumbnail.py ThumbnailRedirectEndpointTest).
describe('GET /thumbnail: the legacy thumbnail address', () => {
  const legacy = (query: Record<string, string>) => `/thumbnail?${new URLSearchParams(query)}`;

  it('serves the upload its url names to whoever may open it, with the same pages otherwise', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const { url = '' } = await hamlet.uploads.upload(new File(['secret plans'], 'plans.txt', { type: 'text/plain' }));
    const address = legacy({ url: url.slice(1), size: 'full' });
    expect(await open(address, 'hamlet@zulip.com')).toEqual(OK);
    expect(await open(address, 'iago@zulip.com')).toEqual(FORBIDDEN);
    expect((await open(legacy({ url: 'user_uploads/2/71/QYB7LA-ULMYEad-QfLMxmI2e/zulip-non-existent.txt', size: 'full' }), 'hamlet@zulip.com')).status).toBe(404);
    expect((await open(address)).status).toBe(302);
  });

  it('refuses any other address with an empty 403, for anyone; both parameters are required', async () => {
    for (const url of ['https://www.google.com/images/srpr/logo4w.png', 'http://www.google.com/images/srpr/logo4w.png', '//www.google.com/images/srpr/logo4w.png']) {
      expect(await open(legacy({ url, size: 'full' }), 'hamlet@zulip.com')).toEqual({ status: 403, body: '' });
      expect(await open(legacy({ url, size: 'full' }))).toEqual({ status: 403, body: '' });
    }
    expect(await open(legacy({ url: 'user_uploads/1/x' }), 'hamlet@zulip.com')).toEqual({
      status: 400,
      body: JSON.stringify({ result: 'error', msg: "Missing 'size' argument", code: 'REQUEST_VARIABLE_MISSING', var_name: 'size' }),
    });
  });
});

// zerver/lib/rest.py: the file views carry override_api_url_scheme, so without an Authorization
// header the `api_key` query parameter authenticates (authenticated_uploads_api_view), as the
// mobile apps send it.
describe('file addresses take the api_key query parameter', () => {
  it('serves the file, its thumbnail and the legacy address by it; a wrong key is the 401 envelope', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const { url = '' } = await hamlet.uploads.upload(new File([png(4, 4)], 'dot.png', { type: 'image/png' }));
    const key = (email: string) => `api_key=${realm.mock.apiKeyOf(email)}`;
    const pathId = url.slice('/user_uploads/'.length);
    for (const address of [`${url}?`, `/user_uploads/thumbnail/${pathId}/840x560.webp?`, `/thumbnail?url=${encodeURIComponent(url.slice(1))}&size=full&`]) {
      expect([address, (await open(`${address}${key('hamlet@zulip.com')}`)).status]).toEqual([address, 200]);
      expect([address, await open(`${address}${key('iago@zulip.com')}`)]).toEqual([address, FORBIDDEN]);
    }
    const wrong = await open(`${url}?api_key=${'x'.repeat(32)}`);
    expect([wrong.status, JSON.parse(wrong.body)]).toEqual([401, { result: 'error', msg: 'Invalid API key', code: 'INVALID_API_KEY' }]);
  });
});
