import { describe, expect, it } from 'vitest';
import { expectApiError } from './support/failure';
import { useHttpMock } from './support/http-mock';

const http = useHttpMock();

describe('settings over real HTTP (standalone mock)', () => {
  it('changes settings, which register then shows, and refuses a bad value', async () => {
    const hamlet = http.clientFor('hamlet@zulip.com');
    await hamlet.settings.update({ web_home_view: 'recent_topics', presence_enabled: false });
    const { user_settings } = await hamlet.events.register({ event_types: ['user_settings'] });
    expect(user_settings).toMatchObject({ web_home_view: 'recent_topics', presence_enabled: false });
    await expectApiError(hamlet.settings.update({ demote_inactive_streams: 9 }), {
      code: 'BAD_REQUEST',
      status: 400,
      msg: 'Invalid demote_inactive_streams: Value error, Not in the list of possible values',
    });
  });
});
