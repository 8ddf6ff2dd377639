import { describe, expect, it } from 'vitest';
import { ManualClock } from '../mock/domain/clock';
import { createMockServer } from '../mock/index';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();
const HAMLET = 'hamlet@zulip.com';
const MODERN = { client_capabilities: { notification_settings_null: false, user_settings_object: true } };
const bad = (msg: string) => ({ code: 'BAD_REQUEST', status: 400, msg });

const NEWER_DEFAULTS = {
  resolved_topic_notice_auto_read_policy: 'except_followed',
  web_left_sidebar_unreads_count_summary: true,
  web_left_sidebar_show_channel_folders: true,
  web_inbox_show_channel_folders: true,
};
const NEWER_VALUES = {
  resolved_topic_notice_auto_read_policy: 'never',
  web_left_sidebar_unreads_count_summary: false,
  web_left_sidebar_show_channel_folders: false,
  web_inbox_show_channel_folders: false,
};

describe('personal settings of levels 383 to 431', () => {
  it('register lists them with their defaults, for the user and the organization', async () => {
    const state = await realm.clientFor(HAMLET).events.register({ event_types: ['user_settings', 'realm_user_settings_defaults'], ...MODERN });
    expect(state.user_settings).toMatchObject(NEWER_DEFAULTS);
    expect(state.realm_user_settings_defaults).toMatchObject(NEWER_DEFAULTS);
  });

  it('PATCH /settings changes them; the policy travels by its name (acceptance test)', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const events = await verifyAction(hamlet, () => hamlet.settings.update({ ...NEWER_VALUES, web_channel_default_view: 4 }), MODERN);
    expect(events.map((event) => event && 'property' in event && [event.property, event.value])).toEqual(
      expect.arrayContaining([
        ['resolved_topic_notice_auto_read_policy', 'never'],
        ['web_inbox_show_channel_folders', false],
        ['web_channel_default_view', 4],
      ]),
    );
    await verifyAction(hamlet, () => hamlet.settings.update({ web_channel_default_view: 3 }), MODERN);
  });

  it('naming the policy always "changes" it: the server compares its stored number with the enum', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const events = await verifyAction(hamlet, () => hamlet.settings.update({ resolved_topic_notice_auto_read_policy: 'except_followed', web_inbox_show_channel_folders: true }), MODERN);
    expect(events.map((event) => event && 'property' in event && event.property)).toEqual(['resolved_topic_notice_auto_read_policy']);
  });

  it('PATCH /realm/user_settings_defaults changes them (acceptance test)', async () => {
    const desdemona = realm.clientFor('desdemona@zulip.com');
    await verifyAction(desdemona, () => desdemona.realm.updateUserSettingsDefaults({ ...NEWER_VALUES, web_channel_default_view: 3 }), { event_types: ['realm_user_settings_defaults'] });
  });

  it('an unknown policy is refused by name, before a bad value of an earlier parameter', async () => {
    const hamlet = realm.clientFor(HAMLET);
    await expectApiError(hamlet.settings.update({ resolved_topic_notice_auto_read_policy: 'sometimes' }), bad('Invalid resolved_topic_notice_auto_read_policy'));
    await expectApiError(hamlet.settings.update({ color_scheme: 9, resolved_topic_notice_auto_read_policy: '2' }), bad('Invalid resolved_topic_notice_auto_read_policy'));
    await expectApiError(
      realm.clientFor('desdemona@zulip.com').realm.updateUserSettingsDefaults({ resolved_topic_notice_auto_read_policy: 'Never' }),
      bad('Invalid resolved_topic_notice_auto_read_policy'),
    );
    await expectApiError(hamlet.settings.update({ web_channel_default_view: 5 }), bad('Invalid web_channel_default_view: Value error, Not in the list of possible values'));
  });

  it('older servers lack them: not in register, ignored parameters, fewer channel views', async () => {
    for (const [featureLevel, present, views] of [
      [382, [], [1, 2]],
      [385, ['resolved_topic_notice_auto_read_policy'], [1, 3, 2]],
      [411, ['resolved_topic_notice_auto_read_policy', 'web_left_sidebar_unreads_count_summary', 'web_left_sidebar_show_channel_folders'], [1, 3, 2, 4]],
    ] as const) {
      const mock = createMockServer({ featureLevel, clock: new ManualClock() });
      const hamlet = mock.clientFor(HAMLET);
      const { user_settings } = await hamlet.events.register({ event_types: ['user_settings'], ...MODERN });
      expect(Object.keys(NEWER_DEFAULTS).filter((name) => user_settings && name in user_settings)).toEqual(present);
      const { realm_user_settings_defaults } = await hamlet.events.register({ event_types: ['realm_user_settings_defaults'] });
      expect(Object.keys(NEWER_DEFAULTS).filter((name) => realm_user_settings_defaults && name in realm_user_settings_defaults)).toEqual(present);
      const answer = await (await mock.fetch(new Request('http://localhost:9991/api/v1/settings', {
        method: 'PATCH',
        headers: { Authorization: `Basic ${btoa(`${HAMLET}:${mock.apiKeyOf(HAMLET)}`)}`, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ web_inbox_show_channel_folders: 'false', web_left_sidebar_unreads_count_summary: 'false' }),
      }))).json();
      expect(answer.ignored_parameters_unsupported).toEqual(featureLevel < 398 ? ['web_inbox_show_channel_folders', 'web_left_sidebar_unreads_count_summary'] : ['web_inbox_show_channel_folders']);
      for (const view of [1, 2, 3, 4]) {
        const change = hamlet.settings.update({ web_channel_default_view: view });
        if ((views as readonly number[]).includes(view)) await change;
        else await expectApiError(change, bad('Invalid web_channel_default_view: Value error, Not in the list of possible values'));
      }
    }
  });
});

describe('resolve notices follow each subscriber\'s resolved_topic_notice_auto_read_policy', () => {
  it('never: unread even outside followed topics; always: read even in them; except_followed: unread for followers', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const { id } = await hamlet.messages.send({ type: 'stream', to: 'Denmark', topic: 'policy', content: 'hi' });
    await hamlet.settings.update({ resolved_topic_notice_auto_read_policy: 'always' });
    await realm.clientFor('othello@zulip.com').settings.update({ resolved_topic_notice_auto_read_policy: 'never' });
    await realm.clientFor('iago@zulip.com').messages.update({ message_id: id, topic: '✔ policy', propagate_mode: 'change_all' });
    const notice = realm.mock.store.userMessages.maxMessageId(realm.userId('iago@zulip.com'));
    const read = (email: string) => realm.mock.store.userMessages.hasFlag(realm.userId(email), notice, 'read');
    expect([read(HAMLET), read('othello@zulip.com'), read('cordelia@zulip.com')]).toEqual([true, false, true]);
  });
});
