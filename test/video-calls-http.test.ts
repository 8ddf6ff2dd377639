import { describe, expect, it } from 'vitest';
import { signObject } from '../mock/domain/video-calls/django-signer';
import { useHttpMock } from './support/http-mock';

const http = useHttpMock();

describe('BigBlueButton calls over real HTTP', () => {
  it('answers a signed join path for the caller, the name read from the query string', async () => {
    const iago = http.clientFor('iago@zulip.com');
    const { url } = await iago.videoCalls.createBigBlueButton({ meeting_name: 'design & review', voice_only: true });
    const signed = url.replace('/calls/bigbluebutton/join?bigbluebutton=', '');
    const details = JSON.parse(atob(signed.split(':')[0]?.replaceAll('-', '+').replaceAll('_', '/') ?? '')) as Record<string, unknown>;
    expect(details).toMatchObject({ name: 'design & review', lock_settings_disable_cam: true, moderator: http.running.mock.store.userByDeliveryEmail('iago@zulip.com')?.id });
    expect(signObject(details, 'teamchat-mock-secret-key')).toBe(signed);
  });
});
