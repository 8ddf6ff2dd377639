import { describe, expect, it } from 'vitest';
import { createMockServer } from '../mock/index';
import { ManualClock } from '../mock/domain/clock';

const HAMLET = 'hamlet@zulip.com';
const DESDEMONA = 'desdemona@zulip.com';
const SITE = 'http://localhost:9991';

/** A form request as `email`, answered by `mock` (what the SDK would send, without its level checks). */
async function formRequest(mock: ReturnType<typeof createMockServer>, email: string, method: string, path: string, params: Record<string, string>) {
  const response = await mock.fetch(new Request(`${SITE}/api/v1${path}`, {
    method,
    headers: { Authorization: `Basic ${btoa(`${email}:${mock.apiKeyOf(email)}`)}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params),
  }));
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('personal settings newer than the oldest level the mock can be (105 to 350)', () => {
  it('are absent from register below their level (user settings, organization defaults) and unknown parameters there; taken from it', async () => {
    for (const [level, known] of [[292, false], [293, true]] as const) {
      const mock = createMockServer({ featureLevel: level, clock: new ManualClock() });
      const hamlet = mock.clientFor(HAMLET);
      const queue = await formRequest(mock, HAMLET, 'POST', '/register', { event_types: JSON.stringify(['user_settings', 'realm_user_settings_defaults']) });
      const userSettings = queue.body['user_settings'] as Record<string, unknown>;
      const defaults = queue.body['realm_user_settings_defaults'] as Record<string, unknown>;
      expect(['allow_private_data_export' in userSettings, 'allow_private_data_export' in defaults], `level ${level}`).toEqual([known, known]);
      // Older settings stay, the newer one too at the level's own.
      expect(userSettings).toHaveProperty('web_navigate_to_sent_message');
      const changed = await formRequest(mock, HAMLET, 'PATCH', '/settings', { allow_private_data_export: 'true' });
      expect(changed).toEqual({ status: 200, body: known ? { result: 'success', msg: '' } : { result: 'success', msg: '', ignored_parameters_unsupported: ['allow_private_data_export'] } });
      const { events } = await hamlet.events.get({ queue_id: String(queue.body['queue_id']), last_event_id: -1, dont_block: true });
      expect(events.map((event) => ('property' in event ? event.property : event.type)), `level ${level}`).toEqual(known ? ['allow_private_data_export'] : []);
    }
  });

  it('PATCH /realm/user_settings_defaults ignores them below their level', async () => {
    const mock = createMockServer({ featureLevel: 267, clock: new ManualClock() });
    const answer = await formRequest(mock, DESDEMONA, 'PATCH', '/realm/user_settings_defaults', { web_navigate_to_sent_message: 'false', enable_sounds: 'false' });
    expect(answer).toEqual({ status: 200, body: { result: 'success', msg: '', ignored_parameters_unsupported: ['web_navigate_to_sent_message'] } });
    expect(mock.realm.user_settings_defaults).not.toHaveProperty('web_navigate_to_sent_message', false);
  });
});
