import { describe, expect, it } from 'vitest';
import { UnsupportedFeatureError } from '../src/index';
import { serverAt } from './support/older-server';
import { rejectionOf } from './support/failure';
import { verifyAction } from './support/verify-action';

const IAGO = 'iago@zulip.com';

const EVENT_TYPES = ['user_settings', 'realm_user_settings_defaults', 'update_display_settings', 'update_global_notifications'];
/** The settings sections of register, for a client with `user_settings_object`. */
const SETTINGS = { event_types: EVENT_TYPES, client_capabilities: { notification_settings_null: true, user_settings_object: true } };
/** The same with the legacy top-level copies and events. */
const LEGACY = { event_types: EVENT_TYPES, client_capabilities: { notification_settings_null: true } };

describe('personal settings under the names older servers gave them', () => {
  it('below 219 `default_view` and `escape_navigates_to_default_view`, in register, events and updates (acceptance test)', async () => {
    const { client, mock } = serverAt(218);
    const iago = mock.clientFor(IAGO);
    const state = await client.events.register(SETTINGS);
    expect(state.user_settings).toMatchObject({ default_view: 'recent_topics', escape_navigates_to_default_view: true });
    expect(state.user_settings).not.toHaveProperty('web_home_view');
    expect(state.user_settings).not.toHaveProperty('web_escape_navigates_to_home_view');
    expect(state.realm_user_settings_defaults).toMatchObject({ default_view: 'recent_topics', escape_navigates_to_default_view: true });
    expect(state.realm_user_settings_defaults).not.toHaveProperty('web_home_view');
    // The SDK sends the newer names under the older ones.
    const events = await verifyAction(client, () => client.settings.update({ web_home_view: 'inbox', web_escape_navigates_to_home_view: false }), SETTINGS);
    expect(events).toEqual([
      expect.objectContaining({ type: 'user_settings', op: 'update', property: 'default_view', value: 'inbox' }),
      expect.objectContaining({ type: 'user_settings', op: 'update', property: 'escape_navigates_to_default_view', value: false }),
    ]);
    const legacy = await verifyAction(client, () => client.settings.update({ web_home_view: 'all_messages' }), LEGACY);
    expect(legacy).toEqual([
      expect.objectContaining({ type: 'user_settings', property: 'default_view', value: 'all_messages' }),
      expect.objectContaining({ type: 'update_display_settings', setting_name: 'default_view', setting: 'all_messages' }),
    ]);
    expect(await client.events.register(LEGACY)).toMatchObject({ default_view: 'all_messages' });
    const defaults = await verifyAction(iago, () => iago.realm.updateUserSettingsDefaults({ web_home_view: 'inbox' }), SETTINGS);
    expect(defaults).toEqual([expect.objectContaining({ type: 'realm_user_settings_defaults', op: 'update', property: 'default_view', value: 'inbox' })]);
  });

  it('below 219 the newer names are ignored parameters and a bad older value is named as such', async () => {
    const { raw } = serverAt(218);
    expect(await raw('PATCH', '/settings', { web_home_view: 'recent_topics' })).toEqual({
      status: 200,
      body: { result: 'success', msg: '', ignored_parameters_unsupported: ['web_home_view'] },
    });
    expect(await raw('PATCH', '/settings', { default_view: 'nowhere' })).toEqual({
      status: 400,
      body: { result: 'error', code: 'BAD_REQUEST', msg: 'Invalid default_view: Value error, Not in the list of possible values' },
    });
  });

  it('`escape_navigates_to_default_view` only from its own level, 107: neither name below', async () => {
    const at106 = serverAt(106);
    const settings = (await at106.client.events.register(SETTINGS)).user_settings;
    expect(settings).toHaveProperty('default_view');
    expect(settings).not.toHaveProperty('escape_navigates_to_default_view');
    expect(settings).not.toHaveProperty('web_escape_navigates_to_home_view');
    expect(await at106.raw('PATCH', '/settings', { escape_navigates_to_default_view: 'false' })).toEqual({
      status: 200,
      body: { result: 'success', msg: '', ignored_parameters_unsupported: ['escape_navigates_to_default_view'] },
    });
  });

  it("the home view's default is recent conversations below 230 and the inbox from 230 (the server's migration 0491); the inbox is no choice below 210", async () => {
    for (const [level, name, expected] of [[209, 'default_view', 'recent_topics'], [229, 'web_home_view', 'recent_topics'], [230, 'web_home_view', 'inbox']] as const) {
      const { client } = serverAt(level);
      const state = await client.events.register(SETTINGS);
      expect([level, state.user_settings?.[name], state.realm_user_settings_defaults?.[name]]).toEqual([level, expected, expected]);
    }
    const { raw } = serverAt(209);
    expect(await raw('PATCH', '/settings', { default_view: 'inbox' })).toEqual({
      status: 400,
      body: { result: 'error', code: 'BAD_REQUEST', msg: 'Invalid default_view: Value error, Not in the list of possible values' },
    });
    expect((await serverAt(210).raw('PATCH', '/settings', { default_view: 'inbox' })).status).toBe(200);
  });

  it('below 168 `realm_name_in_notifications`, true for "always" (acceptance test); "never" cannot be said', async () => {
    const { client, raw } = serverAt(167);
    const state = await client.events.register(SETTINGS);
    expect(state.user_settings).toMatchObject({ realm_name_in_notifications: false });
    expect(state.user_settings).not.toHaveProperty('realm_name_in_email_notifications_policy');
    const events = await verifyAction(client, () => client.settings.update({ realm_name_in_email_notifications_policy: 2 }), LEGACY);
    expect(events).toEqual([
      expect.objectContaining({ type: 'user_settings', property: 'realm_name_in_notifications', value: true }),
      expect.objectContaining({ type: 'update_global_notifications', notification_name: 'realm_name_in_notifications', setting: true }),
    ]);
    expect(await client.events.register(LEGACY)).toMatchObject({ realm_name_in_notifications: true });
    expect(await raw('PATCH', '/settings', { realm_name_in_notifications: 'false' })).toEqual({ status: 200, body: { result: 'success', msg: '' } });
    expect((await client.events.register(SETTINGS)).user_settings).toMatchObject({ realm_name_in_notifications: false });
    expect((await rejectionOf(client.settings.update({ realm_name_in_email_notifications_policy: 3 }), UnsupportedFeatureError)).message).toContain("realm_name_in_email_notifications_policy");
  });

  it('from their level, the newer names only', async () => {
    const { client } = serverAt(219);
    const settings = (await client.events.register(SETTINGS)).user_settings;
    expect(settings).toMatchObject({ web_home_view: 'recent_topics', realm_name_in_email_notifications_policy: 1 });
    expect(settings).not.toHaveProperty('default_view');
    expect(settings).not.toHaveProperty('realm_name_in_notifications');
  });
});
