import { describe, expect, it } from 'vitest';
import { serverAt, unsupported } from './support/older-server';

const OWNER = 'desdemona@zulip.com';
/** The two realm group settings `PATCH /realm` took as a group's ID (`Json[int]`) until level 314. */
const SETTINGS = [
  { param: 'create_multiuse_invite_group', since: 209, group: 'role:members' },
  { param: 'can_access_all_users_group', since: 225, group: 'role:members' },
] as const;

describe('realm group settings taken as a group ID below level 314', () => {
  it.each(SETTINGS)('$param: a group ID on the wire below 314, as the SDK sends it; the change and its event as before', async ({ param, group }) => {
    const older = serverAt(313, OWNER);
    const groupId = older.mock.realm.system_groups[group];
    const queue = await older.client.events.register({ event_types: ['realm'] });
    await expect(older.client.realm.update({ [param]: { new: groupId } })).resolves.toEqual({ [param]: groupId });
    expect(older.mock.realm[param]).toBe(groupId);
    expect(older.mock.journal.entries.at(-1)).toMatchObject({ operation: 'update-realm', status: 200, params: { [param]: String(groupId) } });
    const { events } = await older.client.events.get({ queue_id: queue.queue_id ?? '', last_event_id: -1, dont_block: true });
    expect(events).toEqual([{ type: 'realm', op: 'update_dict', property: 'default', data: { [param]: groupId }, id: 0 }]);
  });

  it.each(SETTINGS)('$param: the older server reads the parameter as an integer, so the newer object form is refused', async ({ param, group }) => {
    const older = serverAt(313, OWNER);
    const groupId = older.mock.realm.system_groups[group];
    const before = JSON.stringify(older.mock.realm);
    const answer = await older.raw('PATCH', '/realm', { [param]: JSON.stringify({ new: groupId }) });
    expect([answer.status, answer.body]).toEqual([400, { result: 'error', msg: `${param} is not an integer`, code: 'BAD_REQUEST' }]);
    expect(JSON.stringify(older.mock.realm)).toBe(before);
    await expect(older.raw('PATCH', '/realm', { [param]: String(groupId) })).resolves.toMatchObject({ status: 200 });
    expect(older.mock.realm[param]).toBe(groupId);
  });

  it.each(SETTINGS)('$param: the SDK refuses below 314 what a group ID cannot say (an anonymous group, an expected old value)', async ({ param, group }) => {
    const older = serverAt(313, OWNER);
    const groupId = older.mock.realm.system_groups[group];
    const anonymous = unsupported(older.client.realm.update({ [param]: { new: { direct_members: [], direct_subgroups: [groupId] } } }));
    await expect(anonymous).resolves.toMatchObject({ parameter: param, neededLevel: 314, serverLevel: 313 });
    const withOld = unsupported(older.client.realm.update({ [param]: { new: groupId, old: groupId } }));
    await expect(withOld).resolves.toMatchObject({ parameter: param, neededLevel: 314, serverLevel: 313 });
  });

  it.each(SETTINGS)('$param: a null `old` is no expected value below 314 either: the group ID is sent', async ({ param, group }) => {
    const older = serverAt(313, OWNER);
    const groupId = older.mock.realm.system_groups[group];
    await older.client.realm.update({ [param]: { new: groupId, old: null } });
    expect(older.mock.journal.entries.at(-1)).toMatchObject({ status: 200, params: { [param]: String(groupId) } });
  });

  it.each(SETTINGS)('$param: below its own level an anonymous group or an expected old value still names 314, the level that takes it', async ({ param, since, group }) => {
    const older = serverAt(since - 1, OWNER);
    const groupId = older.mock.realm.system_groups[group];
    const anonymous = unsupported(older.client.realm.update({ [param]: { new: { direct_members: [], direct_subgroups: [groupId] } } }));
    await expect(anonymous).resolves.toMatchObject({ parameter: param, neededLevel: 314, serverLevel: since - 1 });
    const withOld = unsupported(older.client.realm.update({ [param]: { new: groupId, old: groupId } }));
    await expect(withOld).resolves.toMatchObject({ parameter: param, neededLevel: 314, serverLevel: since - 1 });
    const named = unsupported(older.client.realm.update({ [param]: { new: groupId } }));
    await expect(named).resolves.toMatchObject({ parameter: param, neededLevel: since, serverLevel: since - 1 });
  });

  it.each(SETTINGS)('$param: from 314 the object form, on the wire as JSON', async ({ param, group }) => {
    const current = serverAt(314, OWNER);
    const groupId = current.mock.realm.system_groups[group];
    await current.client.realm.update({ [param]: { new: groupId } });
    expect(current.mock.realm[param]).toBe(groupId);
    expect(current.mock.journal.entries.at(-1)).toMatchObject({ params: { [param]: JSON.stringify({ new: groupId }) } });
  });
});
