import { describe, expect, it } from 'vitest';
import { endpoints } from '../src/endpoints/index';
import { useTestRealm } from './support/mock';

const realm = useTestRealm();

/**
 * Operations the server answers from views without `@typed_endpoint` (checked in 10.2 and in
 * main; the navigation views only in main): only that decorator reports unknown parameters in `ignored_parameters_unsupported`.
 * `GET /events` is not here: its view hands the request to a typed one. `POST /fetch_api_key`
 * and `POST /dev_fetch_api_key` are plain Django views, but typed ones.
 */
const PLAIN_VIEWS = [
  'archive-stream', 'deactivate-bot', 'deactivate-custom-emoji', 'deactivate-own-user',
  'delete-draft', 'delete-own-avatar', 'delete-realm-export', 'delete-realm-icon',
  'delete-saved-snippet', 'dev-list-users', 'get-alert-words', 'get-attachments', 'get-bots',
  'get-custom-emoji', 'get-custom-profile-fields', 'get-drafts', 'get-file-temporary-url',
  'get-invites', 'get-linkifiers', 'get-navigation-views', 'get-own-user', 'get-presence',
  'get-realm-domains', 'get-realm-export-consents', 'get-realm-exports', 'get-saved-snippets',
  'get-server-settings', 'get-user-presence', 'get-user-status', 'mute-user', 'reactivate-user',
  'remove-attachment', 'remove-custom-profile-field', 'remove-linkifier', 'remove-navigation-view',
  'set-own-avatar', 'unmute-user',
  'upload-file', 'upload-realm-icon',
];

/** One request with an unknown `foo` parameter in the query string; its status and JSON body. */
async function withUnknownParameter(email: string, method: string, path: string) {
  const response = await realm.raw(email, method, `${path}?foo=1`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('ignored_parameters_unsupported comes only from typed views', () => {
  it('the declarations that do not report it are exactly the plain views', () => {
    const plain = Object.values(endpoints)
      .filter((endpoint) => !endpoint.reportsIgnoredParameters)
      .map((endpoint) => endpoint.id);
    expect(plain.sort()).toEqual(PLAIN_VIEWS);
  });

  it('GET and DELETE /users/me, GET /realm/emoji, GET /realm/presence, GET /users/{id}/status: no report', async () => {
    const hamlet = realm.userId('hamlet@zulip.com');
    for (const [method, path] of [['GET', '/users/me'], ['GET', '/realm/emoji'], ['GET', '/realm/presence'], ['GET', `/users/${hamlet}/status`]]) {
      const { status, body } = await withUnknownParameter('iago@zulip.com', method as string, path as string);
      expect({ method, path, status, reported: 'ignored_parameters_unsupported' in body }).toEqual({ method, path, status: 200, reported: false });
    }
    expect(await withUnknownParameter('othello@zulip.com', 'DELETE', '/users/me')).toEqual({ status: 200, body: { result: 'success', msg: '' } });
  });

  it('GET /users/{id}/presence, DELETE /realm/emoji/{name}, DELETE /export/realm/{id}, DELETE /attachments/{id}: no report', async () => {
    const hamletClient = realm.clientFor('hamlet@zulip.com');
    await hamletClient.presence.update({ status: 'active' });
    const presence = await withUnknownParameter('iago@zulip.com', 'GET', `/users/${realm.userId('hamlet@zulip.com')}/presence`);
    expect(presence.status).toBe(200);
    expect(presence.body).not.toHaveProperty('ignored_parameters_unsupported');
    expect(await withUnknownParameter('iago@zulip.com', 'DELETE', '/realm/emoji/green_tick')).toEqual({ status: 200, body: { result: 'success', msg: '' } });
    const { id: exportId } = await realm.clientFor('iago@zulip.com').realmExports.create();
    expect(await withUnknownParameter('iago@zulip.com', 'DELETE', `/export/realm/${exportId}`)).toEqual({ status: 200, body: { result: 'success', msg: '' } });
    await hamletClient.uploads.upload(new File(['x'], 'a.txt', { type: 'text/plain' }));
    const [attachment] = (await hamletClient.attachments.list()).attachments;
    expect(await withUnknownParameter('hamlet@zulip.com', 'DELETE', `/attachments/${attachment?.id}`)).toEqual({ status: 200, body: { result: 'success', msg: '' } });
  });

  it('muting, deactivating a bot, reactivating, archiving a channel: no report; deactivating a user (typed): reported', async () => {
    const success = { status: 200, body: { result: 'success', msg: '' } };
    const hamlet = realm.userId('hamlet@zulip.com');
    const cordelia = realm.userId('cordelia@zulip.com');
    expect(await withUnknownParameter('iago@zulip.com', 'POST', `/users/me/muted_users/${hamlet}`)).toEqual(success);
    expect(await withUnknownParameter('iago@zulip.com', 'DELETE', `/users/me/muted_users/${hamlet}`)).toEqual(success);
    expect(await withUnknownParameter('iago@zulip.com', 'DELETE', `/bots/${realm.userId('default-bot@zulip.com')}`)).toEqual(success);
    expect(await withUnknownParameter('iago@zulip.com', 'DELETE', `/users/${cordelia}`)).toEqual({
      status: 200,
      body: { result: 'success', msg: '', ignored_parameters_unsupported: ['foo'] },
    });
    expect(await withUnknownParameter('iago@zulip.com', 'POST', `/users/${cordelia}/reactivate`)).toEqual(success);
    expect(await withUnknownParameter('iago@zulip.com', 'DELETE', `/streams/${realm.channelId('Verona')}`)).toEqual(success);
  });
});
