import { describe, expect, it } from 'vitest';
import type { MockServer } from '../mock/index';
import { olderServerForAll, rawRequest } from './support/older-server';
import { verifyAction } from './support/verify-action';

const ADMIN = 'iago@zulip.com';
const HAMLET = 'hamlet@zulip.com';
const REGISTER = { event_types: ['realm'] };

function channelId(mock: MockServer, name: string): number {
  return mock.store.tables.channel.all().find((channel) => channel.name === name)!.id;
}

/**
 * The announcement channels were `notifications_stream` and `signup_notifications_stream` until
 * feature level 241 (the changelog; the server's commit ab453fbe20): register's `realm_*_id`,
 * `PATCH /realm`'s parameters and answer, and the property of `realm` `update` events.
 */
const RENAMES = [
  { setting: 'new_stream_announcements_stream_id', older: 'notifications_stream_id' },
  { setting: 'signup_announcements_stream_id', older: 'signup_notifications_stream_id' },
] as const;

describe.each(RENAMES)('$setting was $older below level 241', ({ setting, older }) => {
  it('register, the SDK, the answer and the event say the older name, and the reducer follows', async () => {
    const { mock, clientFor, userId } = olderServerForAll(240);
    const hamlet = clientFor(HAMLET);
    const verona = channelId(mock, 'Verona');
    const state = (await hamlet.events.register(REGISTER)) as Record<string, unknown>;
    expect(state[`realm_${older}`]).toBe(-1);
    expect(state).not.toHaveProperty(`realm_${setting}`);
    const events = await verifyAction(hamlet, () => clientFor(ADMIN).realm.update({ [setting]: verona }), REGISTER, { userId: userId(HAMLET) });
    expect(events).toEqual([{ type: 'realm', op: 'update', property: older, value: verona, id: 0 }]);
    expect(((await hamlet.events.register(REGISTER)) as Record<string, unknown>)[`realm_${older}`]).toBe(verona);
    expect(mock.state.realm[setting]).toBe(verona);
    expect(await rawRequest(mock, ADMIN, 'PATCH', '/realm', { [older]: '-1' })).toEqual({ status: 200, body: { result: 'success', msg: '', [older]: -1 } });
    expect(mock.state.realm[setting]).toBeNull();
  });

  it('the newer name is an ignored parameter there', async () => {
    const { mock } = olderServerForAll(240);
    expect(await rawRequest(mock, ADMIN, 'PATCH', '/realm', { [setting]: String(channelId(mock, 'Verona')) })).toEqual({
      status: 200,
      body: { result: 'success', msg: '', ignored_parameters_unsupported: [setting] },
    });
    expect(mock.state.realm[setting]).toBeNull();
  });

  it('from level 241 the newer name, and the older one is ignored', async () => {
    const { mock, clientFor } = olderServerForAll(241);
    const state = (await clientFor(HAMLET).events.register(REGISTER)) as Record<string, unknown>;
    expect(state[`realm_${setting}`]).toBe(-1);
    expect(state).not.toHaveProperty(`realm_${older}`);
    expect(await rawRequest(mock, ADMIN, 'PATCH', '/realm', { [older]: String(channelId(mock, 'Verona')) })).toEqual({
      status: 200,
      body: { result: 'success', msg: '', ignored_parameters_unsupported: [older] },
    });
  });
});

it('archiving the announcements channel below 241 clears it under the older name, and the reducer follows', async () => {
  const { mock, clientFor, userId } = olderServerForAll(240);
  const hamlet = clientFor(HAMLET);
  const verona = channelId(mock, 'Verona');
  await clientFor(ADMIN).realm.update({ new_stream_announcements_stream_id: verona, signup_announcements_stream_id: verona });
  const events = await verifyAction(hamlet, () => clientFor(ADMIN).channels.archive({ stream_id: verona }), REGISTER, { userId: userId(HAMLET) });
  expect(events).toContainEqual(expect.objectContaining({ type: 'realm', data: { notifications_stream_id: -1, signup_notifications_stream_id: -1 } }));
});

describe('realm_can_access_all_users_group', () => {
  // The changelog's 225 says `can_access_all_users_group_id`, but that server sent and took the
  // setting under its own name (its commit c82bb3ec76: `"realm_" + setting_name` in register,
  // the parameter `can_access_all_users_group`), a group's ID until 314.
  it.each([225, 313])('has its name at level %i, with no `_id` form', async (level) => {
    const { mock, clientFor } = olderServerForAll(level);
    const state = (await clientFor(HAMLET).events.register(REGISTER)) as Record<string, unknown>;
    const everyone = mock.store.tables.userGroup.all().find((group) => group.name === 'role:everyone')!.id;
    expect(state['realm_can_access_all_users_group']).toBe(everyone);
    expect(state).not.toHaveProperty('realm_can_access_all_users_group_id');
  });

  it('is absent below 225', async () => {
    const state = (await olderServerForAll(224).clientFor(HAMLET).events.register(REGISTER)) as Record<string, unknown>;
    expect(Object.keys(state).filter((key) => key.startsWith('realm_can_access_all_users_group'))).toEqual([]);
  });
});
