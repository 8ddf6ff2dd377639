import { describe, expect, it } from 'vitest';
import { png } from './support/image-bytes';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();

const bad = (msg: string) => ({ code: 'BAD_REQUEST', status: 400, msg });
const badImage = (msg: string) => ({ code: 'BAD_IMAGE', status: 400, msg });
const notAdmin = { code: 'UNAUTHORIZED_PRINCIPAL', status: 400, msg: 'Must be an organization administrator' };
const pngFile = (name = 'image.png', type = 'image/png') => new File([png(32, 32)], name, { type });
const huge = (name: string, type: string) => new File([new Uint8Array(5 * 1024 * 1024 + 1)], name, { type });
const DEFAULT_LOGO = () => `${realm.mock.realm.url}/static/images/logo/zulip-org-logo.svg?version=0`;

describe('realm.uploadIcon and realm.deleteIcon (POST and DELETE /realm/icon)', () => {
  it('uploads the icon every user is told about and that the mock serves, then goes back to the Gravatar (acceptance tests)', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const before = await hamlet.events.register({ fetch_event_types: ['realm'] });
    expect(before).toMatchObject({ realm_icon_source: 'G', realm_icon_url: expect.stringMatching(/^https:\/\/secure\.gravatar\.com\/avatar\/[0-9a-f]{32}\?d=identicon$/) });
    let iconUrl = '';
    const events = await verifyAction(hamlet, async () => {
      ({ icon_url: iconUrl } = await iago.realm.uploadIcon({ content: png(32, 32), contentType: 'image/png' }));
    });
    expect(iconUrl).toBe(`/user_avatars/${realm.mock.realm.id}/realm/icon.png?version=2`);
    expect(events).toEqual([{ type: 'realm', op: 'update_dict', property: 'icon', data: { icon_source: 'U', icon_url: iconUrl }, id: expect.any(Number) }]);
    const served = await realm.mock.fetch(`${realm.mock.realm.url}${iconUrl}`);
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(png(32, 32));
    const settings = await hamlet.server.getSettings();
    expect(settings.realm_icon).toBe(iconUrl);

    let defaultUrl = '';
    const removal = await verifyAction(hamlet, async () => {
      ({ icon_url: defaultUrl } = await iago.realm.deleteIcon());
    });
    expect(defaultUrl).toBe(before.realm_icon_url);
    expect(removal).toEqual([expect.objectContaining({ type: 'realm', op: 'update_dict', property: 'icon', data: { icon_source: 'G', icon_url: defaultUrl } })]);
    // Each change counts a version: the next upload's URL carries it.
    expect((await iago.realm.uploadIcon({ content: pngFile() })).icon_url).toMatch(/\?version=4$/);
  });

  it("administrators only; refuses in the server's order: one file, size, type, decoding", async () => {
    const iago = realm.clientFor('iago@zulip.com');
    for (const email of ['hamlet@zulip.com', 'polonius@zulip.com', 'default-bot@zulip.com']) {
      await expectApiError(realm.clientFor(email).realm.uploadIcon({ content: pngFile() }), notAdmin);
      await expectApiError(realm.clientFor(email).realm.deleteIcon(), notAdmin);
    }
    await realm.clientFor('desdemona@zulip.com').realm.uploadIcon({ content: pngFile() });
    const none = await realm.raw('iago@zulip.com', 'POST', '/realm/icon', new FormData());
    expect({ status: none.status, body: await none.json() }).toEqual({ status: 400, body: { result: 'error', code: 'BAD_REQUEST', msg: 'You must upload exactly one icon.' } });
    await expectApiError(iago.realm.uploadIcon({ content: huge('x.svg', 'image/svg+xml') }), bad('Uploaded file is larger than the allowed limit of 5 MiB'));
    await expectApiError(iago.realm.uploadIcon({ content: new File(['<svg/>'], 'x.svg', { type: 'image/svg+xml' }) }), badImage('Invalid image format'));
    // The type sent wins over the name, as the server reads it.
    await expectApiError(iago.realm.uploadIcon({ content: pngFile('x.png', 'application/octet-stream') }), badImage('Invalid image format'));
    await expectApiError(iago.realm.uploadIcon({ content: new File(['not a png'], 'x.png', { type: 'image/png' }) }), badImage('Could not decode image; did you upload an image file?'));
  });
});

describe('realm.uploadLogo and realm.deleteLogo (POST and DELETE /realm/logo)', () => {
  it('day and night logos change apart, each with its own realm event (acceptance tests)', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const cordelia = realm.clientFor('cordelia@zulip.com');
    const before = await cordelia.events.register({ fetch_event_types: ['realm'] });
    expect(before).toMatchObject({ realm_logo_url: DEFAULT_LOGO(), realm_logo_source: 'D', realm_night_logo_url: DEFAULT_LOGO(), realm_night_logo_source: 'D' });
    const night = await verifyAction(cordelia, () => iago.realm.uploadLogo({ night: true, content: pngFile('night.png') }));
    const nightUrl = `/user_avatars/${realm.mock.realm.id}/realm/night_logo.png?version=2`;
    expect(night).toEqual([{ type: 'realm', op: 'update_dict', property: 'night_logo', data: { night_logo_url: nightUrl, night_logo_source: 'U' }, id: expect.any(Number) }]);
    const day = await verifyAction(cordelia, () => iago.realm.uploadLogo({ night: false, content: pngFile('day.png') }));
    const dayUrl = `/user_avatars/${realm.mock.realm.id}/realm/logo.png?version=2`;
    expect(day).toEqual([expect.objectContaining({ property: 'logo', data: { logo_url: dayUrl, logo_source: 'U' } })]);
    expect((await realm.mock.fetch(`${realm.mock.realm.url}${nightUrl}`)).status).toBe(200);
    const removal = await verifyAction(cordelia, () => iago.realm.deleteLogo({ night: false }));
    expect(removal).toEqual([expect.objectContaining({ property: 'logo', data: { logo_url: DEFAULT_LOGO(), logo_source: 'D' } })]);
    const after = await cordelia.events.register({ fetch_event_types: ['realm'] });
    expect(after).toMatchObject({ realm_logo_url: DEFAULT_LOGO(), realm_night_logo_url: nightUrl, realm_night_logo_source: 'U' });
  });

  it("administrators only; then `night` is required; refuses in the server's order: one file, size, type, decoding", async () => {
    const iago = realm.clientFor('iago@zulip.com');
    await expectApiError(realm.clientFor('hamlet@zulip.com').realm.uploadLogo({ night: false, content: pngFile() }), notAdmin);
    await expectApiError(realm.clientFor('shiva@zulip.com').realm.deleteLogo({ night: true }), notAdmin);
    // Without `night`, a member is refused for the role first.
    const memberMissing = await realm.raw('hamlet@zulip.com', 'DELETE', '/realm/logo');
    expect(await memberMissing.json()).toMatchObject({ msg: 'Must be an organization administrator' });
    const missing = await realm.raw('iago@zulip.com', 'POST', '/realm/logo', new FormData());
    expect({ status: missing.status, body: await missing.json() }).toEqual({ status: 400, body: { result: 'error', code: 'REQUEST_VARIABLE_MISSING', msg: "Missing 'night' argument", var_name: 'night' } });
    const form = new FormData();
    form.append('night', 'true');
    const none = await realm.raw('iago@zulip.com', 'POST', '/realm/logo', form);
    expect(await none.json()).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'You must upload exactly one logo.' });
    await expectApiError(iago.realm.uploadLogo({ night: false, content: huge('x.svg', 'image/svg+xml') }), bad('Uploaded file is larger than the allowed limit of 5 MiB'));
    await expectApiError(iago.realm.uploadLogo({ night: true, content: new File(['<svg/>'], 'x.svg', { type: 'image/svg+xml' }) }), badImage('Invalid image format'));
    await expectApiError(iago.realm.uploadLogo({ night: true, content: new File(['not a png'], 'x.png', { type: 'image/png' }) }), badImage('Could not decode image; did you upload an image file?'));
  });
});
