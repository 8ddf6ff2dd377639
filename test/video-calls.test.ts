import { describe, expect, it } from 'vitest';
import { createMockServer } from '../mock/index';
import { signObject } from '../mock/domain/video-calls/django-signer';
import { ChatClient, UnsupportedFeatureError } from '../src/index';
import { SITE, useTestRealm } from './support/mock';

const realm = useTestRealm();

const JOIN = '/calls/bigbluebutton/join?bigbluebutton=';

/** The details signed into a join URL, after checking the signature with `secretKey`. */
function signedDetails(url: string, secretKey = 'teamchat-mock-secret-key'): Record<string, unknown> {
  expect(url.startsWith(JOIN)).toBe(true);
  const signed = url.slice(JOIN.length);
  const payload = signed.slice(0, signed.lastIndexOf(':'));
  const json = atob(payload.replaceAll('-', '+').replaceAll('_', '/'));
  const details = JSON.parse(decodeURIComponent(escape(json))) as Record<string, unknown>;
  expect(signObject(details, secretKey)).toBe(signed);
  return details;
}

async function get(query: string, email = 'hamlet@zulip.com') {
  const response = await realm.raw(email, 'GET', `/calls/bigbluebutton/create${query}`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('BigBlueButton calls', () => {
  it('answers a join path with the details signed: a random meeting ID, the name, the caller as moderator', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const { url } = await hamlet.videoCalls.createBigBlueButton({ meeting_name: 'general > meeting' });
    const details = signedDetails(url);
    expect(Object.keys(details)).toEqual(['meeting_id', 'name', 'lock_settings_disable_cam', 'moderator']);
    expect(details).toMatchObject({ name: 'general > meeting', lock_settings_disable_cam: false, moderator: realm.userId('hamlet@zulip.com') });
    expect(details.meeting_id).toMatch(/^zulip-[1-9]\d{11}$/);
    const again = signedDetails((await hamlet.videoCalls.createBigBlueButton({ meeting_name: 'general > meeting' })).url);
    expect(again.meeting_id).not.toBe(details.meeting_id);
  });

  it('voice_only disables cameras; any user may create a call (a guest too)', async () => {
    const polonius = realm.clientFor('polonius@zulip.com');
    const { url } = await polonius.videoCalls.createBigBlueButton({ meeting_name: 'Café ☕', voice_only: true });
    expect(signedDetails(url)).toMatchObject({ name: 'Café ☕', lock_settings_disable_cam: true, moderator: realm.userId('polonius@zulip.com') });
  });

  it('signs with the secretKey option', async () => {
    const mock = createMockServer({ secretKey: 'configured secret' });
    const client = new ChatClient({ site: SITE, email: 'iago@zulip.com', apiKey: mock.apiKeyOf('iago@zulip.com'), fetch: mock.fetch });
    const { url } = await client.videoCalls.createBigBlueButton({ meeting_name: 'm' });
    expect(signedDetails(url, 'configured secret')).toMatchObject({ name: 'm' });
    expect(() => signedDetails(url)).toThrow();
  });

  it('checks meeting_name, then voice_only, with the server words', async () => {
    expect(await get('')).toEqual({
      status: 400,
      body: { result: 'error', code: 'REQUEST_VARIABLE_MISSING', msg: "Missing 'meeting_name' argument", var_name: 'meeting_name' },
    });
    expect(await get('?voice_only=maybe')).toMatchObject({ status: 400, body: { msg: "Missing 'meeting_name' argument" } });
    expect(await get('?meeting_name=m&voice_only=maybe')).toEqual({
      status: 400,
      body: { result: 'error', code: 'BAD_REQUEST', msg: 'voice_only is not valid JSON' },
    });
    expect(await get('?meeting_name=m&voice_only=1')).toMatchObject({ status: 400, body: { msg: 'voice_only is not a boolean' } });
    // Any name, the empty one included: the server does not check it.
    const { status, body } = await get('?meeting_name=');
    expect(status).toBe(200);
    expect(signedDetails(body.url as string)).toMatchObject({ name: '' });
  });

  it('before level 337: a moderator password in the details, voice_only unknown (the SDK refuses it)', async () => {
    const older = createMockServer({ featureLevel: 336 });
    const key = older.apiKeyOf('hamlet@zulip.com');
    const client = new ChatClient({ site: SITE, email: 'hamlet@zulip.com', apiKey: key, fetch: older.fetch, maxRetries: 0 });
    const answer = await client.videoCalls.createBigBlueButton({ meeting_name: 'old', voice_only: false });
    // `false` was dropped before sending: the server reported nothing ignored.
    expect(answer).not.toHaveProperty('ignored_parameters_unsupported');
    const details = signedDetails(answer.url);
    expect(Object.keys(details)).toEqual(['meeting_id', 'name', 'password']);
    expect(details.password).toMatch(/^[A-Z2-7]{32}$/);
    await expect(client.videoCalls.createBigBlueButton({ meeting_name: 'old', voice_only: true })).rejects.toBeInstanceOf(UnsupportedFeatureError);
    const response = await older.fetch(`${SITE}/api/v1/calls/bigbluebutton/create?meeting_name=old&voice_only=true`, {
      headers: { authorization: `Basic ${btoa(`hamlet@zulip.com:${key}`)}` },
    });
    expect(await response.json()).toMatchObject({ result: 'success', ignored_parameters_unsupported: ['voice_only'] });
  });
});
