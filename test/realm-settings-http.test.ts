import { describe, expect, it } from 'vitest';
import { useHttpMock } from './support/http-mock';

const http = useHttpMock();

describe('organization settings over real HTTP (standalone mock)', () => {
  it("sends 'unlimited' and seconds as JSON, as the server reads them, and the register state follows", async () => {
    const iago = http.clientFor('iago@zulip.com');
    expect(await iago.realm.update({ message_content_edit_limit_seconds: 'unlimited', message_content_delete_limit_seconds: 120, name: 'Over HTTP' })).toMatchObject({
      message_content_edit_limit_seconds: null,
      message_content_delete_limit_seconds: 120,
      name: 'updated',
    });
    await iago.realm.updateUserSettingsDefaults({ twenty_four_hour_time: true });
    const state = (await iago.events.register({ fetch_event_types: ['realm', 'realm_user_settings_defaults'] })) as Record<string, unknown>;
    expect(state).toMatchObject({ realm_name: 'Over HTTP', realm_message_content_edit_limit_seconds: null, realm_message_content_delete_limit_seconds: 120 });
    expect(state['realm_user_settings_defaults']).toMatchObject({ twenty_four_hour_time: true });
  });
});
