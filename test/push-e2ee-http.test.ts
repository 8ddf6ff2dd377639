import { describe, expect, it } from 'vitest';
import { ChatClient } from '../src/index';
import { recordExchange } from './support/contract';
import { expectApiError } from './support/failure';
import { useHttpMockPerTest } from './support/http-mock';

const start = useHttpMockPerTest();

const registration = {
  token_kind: 'fcm' as const,
  push_account_id: 2408,
  push_key: 'MY+paNlyduYJRQFNZva8w7Gv3PkBua9kIj581F9Vr301',
  bouncer_public_key: 'bouncer-key',
  encrypted_push_registration: 'c2VhbGVk',
};

describe('end-to-end encrypted push over real HTTP (standalone mock)', () => {
  it('with a bouncer: registers, hears the push_device event, and sends an encrypted test notification', async () => {
    const running = await start({ push: { bouncer: { knownTokens: [], registrationKeys: ['bouncer-key'] } }, onExchange: recordExchange });
    const hamlet = new ChatClient({ site: running.url, email: 'hamlet@zulip.com', apiKey: running.mock.apiKeyOf('hamlet@zulip.com'), maxRetries: 0 });
    const { queue_id, last_event_id, push_devices } = await hamlet.events.register({ event_types: ['push_device'] });
    expect(push_devices).toEqual({});
    await hamlet.push.registerDevice(registration);
    const { events } = await hamlet.events.get({ queue_id: queue_id ?? '', last_event_id, dont_block: true });
    expect(events).toEqual([{ id: 0, type: 'push_device', push_account_id: '2408', status: 'active' }]);
    await hamlet.push.e2eeTestNotification({ push_account_id: 2408 });
    expect(running.mock.push.sentEncrypted.map((sent) => sent.payload.type)).toEqual(['test']);
  });

  it('without one (the default): PUSH_SERVICE_NOT_CONFIGURED and NO_ACTIVE_PUSH_DEVICE', async () => {
    const running = await start({ onExchange: recordExchange });
    const hamlet = new ChatClient({ site: running.url, email: 'hamlet@zulip.com', apiKey: running.mock.apiKeyOf('hamlet@zulip.com'), maxRetries: 0 });
    await expectApiError(hamlet.push.registerDevice(registration), {
      code: 'PUSH_SERVICE_NOT_CONFIGURED',
      status: 400,
      msg: 'Server is not configured to use push notification service.',
    });
    await expectApiError(hamlet.push.e2eeTestNotification(), { code: 'NO_ACTIVE_PUSH_DEVICE', status: 400, msg: 'No active registered push device' });
  });
});
