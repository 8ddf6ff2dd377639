import { describe, expect, it } from 'vitest';
import { serverAt, unsupported } from './support/older-server';

const OWNER = 'desdemona@zulip.com';

/**
 * Settings `PATCH /realm` gained after the mock's oldest level (60), with the level and a new value
 * (as the SDK sends it, and as a raw form value; a group setting's new group by name).
 */
const NEWER_SETTINGS = [
  { param: 'enable_spectator_access', since: 109, value: false, raw: 'false' },
  { param: 'org_type', since: 128, value: 30, raw: '30' },
  { param: 'want_advertise_in_communities_directory', since: 129, value: true, raw: 'true' },
  { param: 'create_multiuse_invite_group', since: 209, value: { new: 'role:owners' }, raw: null },
  { param: 'can_access_all_users_group', since: 225, value: { new: 'role:members' }, raw: null },
  { param: 'require_unique_names', since: 246, value: true, raw: 'true' },
  { param: 'enable_guest_user_dm_warning', since: 348, value: false, raw: 'false' },
  { param: 'can_summarize_topics_group', since: 350, value: { new: 'role:members' }, raw: null },
  { param: 'can_manage_billing_group', since: 363, value: { new: 'role:owners' }, raw: null },
] as const;

describe('PATCH /realm on a server older than a setting', () => {
  it.each(NEWER_SETTINGS)('$param (level $since): the SDK refuses it below, the server ignores it below and takes it from then', async ({ param, since, value, raw }) => {
    const older = serverAt(since - 1, OWNER);
    const groupId = (mock: typeof older.mock, name: string) => mock.realm.system_groups[name as keyof typeof mock.realm.system_groups];
    const asSent = (mock: typeof older.mock) =>
      typeof value === 'object' ? { new: groupId(mock, value.new) } : value;
    const refusal = await unsupported(older.client.realm.update({ [param]: asSent(older.mock) }));
    expect(refusal).toMatchObject({ parameter: param, neededLevel: since, serverLevel: since - 1 });
    const before = JSON.stringify(older.mock.realm);
    const answer = await older.raw('PATCH', '/realm', { [param]: raw ?? JSON.stringify(asSent(older.mock)) });
    expect(answer.status).toBe(200);
    if (since - 1 >= 167) expect(answer.body.ignored_parameters_unsupported).toEqual([param]);
    expect(JSON.stringify(older.mock.realm)).toBe(before);

    const current = serverAt(since, OWNER);
    await current.client.realm.update({ [param]: asSent(current.mock) });
    const stored = current.mock.realm[param as keyof typeof current.mock.realm];
    expect(stored).toEqual(typeof value === 'object' ? groupId(current.mock, value.new) : value);
  });
});

describe('org_type (level 128) in register', () => {
  it('is left out of realm_org_type below 128 and follows the realm from 128', async () => {
    const older = serverAt(127, OWNER);
    expect(await older.client.events.register({})).not.toHaveProperty('realm_org_type');
    const current = serverAt(128, OWNER);
    await current.client.realm.update({ org_type: 35 });
    expect(await current.client.events.register({})).toMatchObject({ realm_org_type: 35 });
  });
});

/** Settings `PATCH /realm` gained after level 60 for which the SDK declares no level, with a new value (as a form value). */
const UNDECLARED_NEWER_SETTINGS = [
  { param: 'enable_read_receipts', since: 137, raw: (current: unknown) => String(!current) },
  { param: 'move_messages_within_stream_limit_seconds', since: 162, raw: () => '3600' },
  { param: 'move_messages_between_streams_limit_seconds', since: 162, raw: () => '3600' },
  { param: 'enable_guest_user_indicator', since: 216, raw: (current: unknown) => String(!current) },
  { param: 'moderation_request_channel_id', since: 331, raw: (_current: unknown, channelId: number) => String(channelId) },
  { param: 'message_edit_history_visibility_policy', since: 358, raw: () => 'none' },
] as const;

describe('PATCH /realm on a server older than a setting the SDK declares no level for', () => {
  it.each(UNDECLARED_NEWER_SETTINGS)('$param (level $since): ignored below, taken from then, and in register only from then', async ({ param, since, raw }) => {
    for (const level of [since - 1, since]) {
      const server = serverAt(level, OWNER);
      const realm = server.mock.realm as unknown as Record<string, unknown>;
      const channelId = server.mock.store.channelByName('core team')?.id ?? 0;
      const before = JSON.stringify(realm);
      const answer = await server.raw('PATCH', '/realm', { [param]: raw(realm[param], channelId) });
      expect(answer.status, `level ${level}`).toBe(200);
      if (level < since) {
        if (level >= 167) expect(answer.body.ignored_parameters_unsupported).toEqual([param]);
        expect(JSON.stringify(realm)).toBe(before);
        expect(await server.client.events.register({ event_types: ['realm'] })).not.toHaveProperty(`realm_${param}`);
      } else {
        expect(answer.body).not.toHaveProperty('ignored_parameters_unsupported');
        expect(JSON.stringify(realm)).not.toBe(before);
        expect(await server.client.events.register({ event_types: ['realm'] })).toHaveProperty(`realm_${param}`);
      }
    }
  });
});
