import { describe, expect, it } from 'vitest';
import type { HttpMock } from '../mock/runtimes/http';
import { ChatClient } from '../src/index';
import { useHttpMock, useHttpMockPerTest } from './support/http-mock';
import { png } from './support/image-bytes';

const http = useHttpMock();

function basic(email: string): string {
  return basicFor(http.running.mock, email);
}

function basicFor(mock: HttpMock['mock'], email: string): string {
  return `Basic ${btoa(`${email}:${mock.apiKeyOf(email)}`)}`;
}

describe('avatars, icons and logos over real HTTP', () => {
  it('a multipart avatar upload as a browser sends it, then the image from the URL the server reported', async () => {
    const form = new FormData();
    form.append('file', new File([png(48, 48)], 'me.png', { type: 'image/png' }));
    const response = await fetch(`${http.running.url}/api/v1/users/me/avatar`, { method: 'POST', headers: { Authorization: basic('hamlet@zulip.com') }, body: form });
    expect(response.status).toBe(200);
    const { avatar_url } = (await response.json()) as { avatar_url: string };
    // Avatars are public behind their unguessable names: no credentials needed.
    const served = await fetch(`${http.running.url}${avatar_url}`);
    expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/png']);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(png(48, 48));
    expect((await fetch(`${http.running.url}/user_avatars/${http.running.mock.realm.id}/nothing.png`)).status).toBe(404);
  });

  it("the SDK uploads the organization's night logo; the mock serves it at the URL the register reports", async () => {
    const iago = http.clientFor('iago@zulip.com');
    await iago.realm.uploadLogo({ night: true, content: png(20, 10), contentType: 'image/png' });
    const { realm_night_logo_url } = await iago.events.register({ fetch_event_types: ['realm'] });
    const served = await fetch(`${http.running.url}${realm_night_logo_url ?? ''}`);
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(png(20, 10));
    await iago.realm.deleteLogo({ night: true });
  });
});

describe('GET /avatar/{user_id} and /avatar/{email} (+ /medium): a redirect to the avatar, as the server answers', () => {
  const start = useHttpMockPerTest();

  async function avatarLocation(running: HttpMock, path: string, headers: Record<string, string> = {}): Promise<[number, string | null]> {
    const response = await fetch(`${running.url}${path}`, { headers, redirect: 'manual' });
    await response.arrayBuffer();
    return [response.status, response.headers.get('location')];
  }

  it("a limited guest gets the unknown user's avatar for a user they may not see, by ID or email; the others' own", async () => {
    const running = await start();
    const { mock } = running;
    const iago = new ChatClient({ site: running.url, email: 'iago@zulip.com', apiKey: mock.apiKeyOf('iago@zulip.com'), maxRetries: 0 });
    const guest = new ChatClient({ site: running.url, email: 'polonius@zulip.com', apiKey: mock.apiKeyOf('polonius@zulip.com'), maxRetries: 0 });
    await iago.realm.update({ can_access_all_users_group: { new: mock.store.userGroupByName('role:members')?.id ?? 0 } });
    await guest.subscriptions.remove({ subscriptions: ['Verona'] });
    await iago.subscriptions.add({ subscriptions: [{ name: 'Scotland' }], principals: [mock.store.userByDeliveryEmail('polonius@zulip.com')?.id ?? 0] });
    const id = (email: string) => mock.store.userByDeliveryEmail(email)?.id ?? 0;
    const asGuest = { Authorization: basicFor(mock, 'polonius@zulip.com') };
    const { members } = await guest.users.list({ client_gravatar: false });
    const avatarOf = (userId: number) => members.find((user) => user.user_id === userId)?.avatar_url;
    const unknownAvatar = avatarOf(id('cordelia@zulip.com'));
    expect(unknownAvatar).toMatch(/\/static\/images\/unknown-user-avatar\.png$/);

    expect(await avatarLocation(running, `/avatar/${id('cordelia@zulip.com')}`, asGuest)).toEqual([302, unknownAvatar]);
    expect(await avatarLocation(running, '/avatar/cordelia@zulip.com/medium', asGuest)).toEqual([302, unknownAvatar]);
    // Hamlet shares Scotland: his own avatar, the medium size, and the request's query appended.
    const hamletAvatar = avatarOf(id('hamlet@zulip.com')) ?? '';
    expect(hamletAvatar).toMatch(/^https:\/\/secure\.gravatar\.com\/avatar\/[0-9a-f]{32}\?d=identicon&version=1$/);
    expect(await avatarLocation(running, `/avatar/${id('hamlet@zulip.com')}`, asGuest)).toEqual([302, hamletAvatar]);
    expect(await avatarLocation(running, `/avatar/HAMLET@zulip.com/medium?x=1`, asGuest)).toEqual([302, hamletAvatar.replace('&version', '&s=500&version') + '&x=1']);
    // No such user: by ID, the unknown user's avatar; by email, that address's Gravatar.
    expect(await avatarLocation(running, '/avatar/424242', asGuest)).toEqual([302, unknownAvatar]);
    expect(await avatarLocation(running, '/avatar/nobody@example.com', asGuest)).toEqual([
      302,
      'https://secure.gravatar.com/avatar/8c5548eb0b2b80924f237953392df5e7?d=identicon&version=1',
    ]);
    // With everyone allowed again, Cordelia's own avatar.
    await iago.realm.update({ can_access_all_users_group: { new: mock.store.userGroupByName('role:everyone')?.id ?? 0 } });
    const { user: cordelia } = await guest.users.get({ user_id: id('cordelia@zulip.com'), client_gravatar: false });
    expect(cordelia.avatar_url).not.toBe(unknownAvatar);
    expect(await avatarLocation(running, `/avatar/${id('cordelia@zulip.com')}`, asGuest)).toEqual([302, cordelia.avatar_url]);
  });

  it("the redirect carries the REST dispatcher's never-cache headers, as the server's every rest_dispatch answer", async () => {
    const running = await start();
    const asHamlet = { Authorization: basicFor(running.mock, 'hamlet@zulip.com') };
    for (const path of ['/avatar/1006', '/avatar/othello@zulip.com/medium']) {
      const response = await fetch(`${running.url}${path}`, { headers: asHamlet, redirect: 'manual' });
      await response.arrayBuffer();
      expect([response.status, response.headers.get('cache-control')]).toEqual([302, 'max-age=0, no-cache, no-store, must-revalidate, private']);
      expect(response.headers.get('expires')).toMatch(/ GMT$/);
    }
  });

  it("another method gets the REST dispatcher's 405 (GET and HEAD allowed) and OPTIONS its 204, both never cached, as for /user_uploads/", async () => {
    const running = await start();
    const asHamlet = { Authorization: basicFor(running.mock, 'hamlet@zulip.com') };
    const neverCache = 'max-age=0, no-cache, no-store, must-revalidate, private';
    for (const path of ['/avatar/1006', '/user_uploads/2/ab/c.txt']) {
      const refused = await fetch(`${running.url}${path}`, { method: 'DELETE', headers: asHamlet });
      expect([path, refused.status, refused.headers.get('allow'), refused.headers.get('content-type'), refused.headers.get('cache-control')]).toEqual([
        path,
        405,
        'GET, HEAD',
        'text/html; charset=utf-8',
        neverCache,
      ]);
      expect(await refused.json()).toEqual({ result: 'error', msg: 'Method Not Allowed', allowed_methods: ['GET', 'HEAD'] });
      const options = await fetch(`${running.url}${path}`, { method: 'OPTIONS', headers: asHamlet });
      await options.arrayBuffer();
      expect([path, options.status, options.headers.get('allow'), options.headers.get('cache-control')]).toEqual([path, 204, 'GET, HEAD', neverCache]);
    }
  });

  it('an escape that is no UTF-8 text stays escaped, as Django routes it: /avatar/%FF is the Gravatar of the address "%FF"', async () => {
    const running = await start();
    const asHamlet = { Authorization: basicFor(running.mock, 'hamlet@zulip.com') };
    expect(await avatarLocation(running, '/avatar/%FF', asHamlet)).toEqual([
      302,
      'https://secure.gravatar.com/avatar/697e64c19587b24d035333bbb6da7500?d=identicon&version=1',
    ]);
  });

  it('without credentials: by ID only where spectators may read the realm, by email never; a browser page goes to the login page', async () => {
    const running = await start();
    const session = { result: 'error', msg: 'Not logged in: API authentication or user session required', code: 'UNAUTHORIZED' };
    for (const path of ['/avatar/1004', '/avatar/hamlet@zulip.com', '/avatar/1004/medium']) {
      const response = await fetch(`${running.url}${path}`, { redirect: 'manual' });
      expect([response.status, response.headers.get('www-authenticate'), await response.json()]).toEqual([401, 'Session realm="zulip"', session]);
    }
    const page = await fetch(`${running.url}/avatar/1004`, { redirect: 'manual', headers: { Accept: 'text/html' } });
    expect([page.status, page.headers.get('location')]).toEqual([302, '/login/?next=%2Favatar%2F1004']);
    // A web-public channel opens avatars by ID to spectators, not by email.
    const desdemona = new ChatClient({ site: running.url, email: 'desdemona@zulip.com', apiKey: running.mock.apiKeyOf('desdemona@zulip.com'), maxRetries: 0 });
    await desdemona.subscriptions.add({ subscriptions: [{ name: 'open' }], is_web_public: true });
    expect(await avatarLocation(running, '/avatar/1004')).toEqual([302, expect.stringMatching(/^https:\/\/secure\.gravatar\.com\/avatar\//)]);
    expect((await avatarLocation(running, '/avatar/hamlet@zulip.com'))[0]).toBe(401);
  });
});
