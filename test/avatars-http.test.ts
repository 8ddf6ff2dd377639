import { describe, expect, it } from 'vitest';
import { useHttpMock } from './support/http-mock';
import { png } from './support/image-bytes';

const http = useHttpMock();

function basic(email: string): string {
  return `Basic ${btoa(`${email}:${http.running.mock.apiKeyOf(email)}`)}`;
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
