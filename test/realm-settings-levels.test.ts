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
