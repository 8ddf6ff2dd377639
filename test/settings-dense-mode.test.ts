import { describe, expect, it } from 'vitest';
import { serverAt } from './support/older-server';
import { verifyAction } from './support/verify-action';

const IAGO = 'iago@zulip.com';
const EVENT_TYPES = ['user_settings', 'realm_user_settings_defaults', 'update_display_settings'];
const SETTINGS = { event_types: EVENT_TYPES, client_capabilities: { notification_settings_null: true, user_settings_object: true } };
const LEGACY = { event_types: EVENT_TYPES, client_capabilities: { notification_settings_null: true } };

describe('`dense_mode`, the personal setting servers had until 364', () => {
  it('below 245 it stands alone, on by default below 274 (acceptance test through the legacy copies too)', async () => {
    const { client, raw, mock } = serverAt(244);
    const state = await client.events.register(SETTINGS);
    expect(state.user_settings).toMatchObject({ dense_mode: true });
    expect(state.user_settings).not.toHaveProperty('web_font_size_px');
    expect(state.user_settings).not.toHaveProperty('web_line_height_percent');
    expect(state.realm_user_settings_defaults).toMatchObject({ dense_mode: true });
    expect(state.realm_user_settings_defaults).not.toHaveProperty('web_font_size_px');
    expect(await client.events.register(LEGACY)).toMatchObject({ dense_mode: true });
    const events = await verifyAction(client, async () => {
      expect(await raw('PATCH', '/settings', { dense_mode: 'false', web_font_size_px: '20' })).toEqual({
        status: 200,
        body: { result: 'success', msg: '', ignored_parameters_unsupported: ['web_font_size_px'] },
      });
    }, LEGACY);
    expect(events).toEqual([
      expect.objectContaining({ type: 'user_settings', op: 'update', property: 'dense_mode', value: false }),
      expect.objectContaining({ type: 'update_display_settings', setting_name: 'dense_mode', setting: false }),
    ]);
    const iago = mock.clientFor(IAGO);
    const defaults = await verifyAction(iago, async () => {
      const answer = await mock.fetch('http://localhost:9991/api/v1/realm/user_settings_defaults', {
        method: 'PATCH',
        headers: { authorization: `Basic ${btoa(`${IAGO}:${mock.apiKeyOf(IAGO)}`)}` },
        body: new URLSearchParams({ dense_mode: 'false' }),
      });
      expect(await answer.json()).toEqual({ result: 'success', msg: '' });
    }, SETTINGS);
    expect(defaults).toEqual([expect.objectContaining({ type: 'realm_user_settings_defaults', op: 'update', property: 'dense_mode', value: false })]);
  });

  it('from 245 to 363 it stands beside the font size and line height, each changed on its own; off by default from 274', async () => {
    for (const [level, compact] of [[273, true], [274, false]] as const) {
      const { client } = serverAt(level);
      const settings = (await client.events.register(SETTINGS)).user_settings;
      expect(settings, `level ${level}`).toMatchObject(compact ? { dense_mode: true, web_font_size_px: 14, web_line_height_percent: 122 } : { dense_mode: false, web_font_size_px: 16, web_line_height_percent: 140 });
      // The SDK declares no `dense_mode`: `request()` sends it.
      const events = await verifyAction(client, () => client.request('PATCH', '/settings', { dense_mode: !compact }), SETTINGS);
      expect(events).toEqual([expect.objectContaining({ type: 'user_settings', property: 'dense_mode', value: !compact })]);
      expect((await client.events.register(SETTINGS)).user_settings).toMatchObject({ web_font_size_px: compact ? 14 : 16 });
    }
  });

  it('from 364 it is gone: absent, and an ignored parameter', async () => {
    const { client, raw } = serverAt(364);
    expect((await client.events.register(SETTINGS)).user_settings).not.toHaveProperty('dense_mode');
    expect(await client.events.register(LEGACY)).not.toHaveProperty('dense_mode');
    expect(await raw('PATCH', '/settings', { dense_mode: 'true' })).toEqual({
      status: 200,
      body: { result: 'success', msg: '', ignored_parameters_unsupported: ['dense_mode'] },
    });
  });
});
