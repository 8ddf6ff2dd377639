import { describe, expect, it } from 'vitest';
import type { MockServer } from '../mock/index';
import { ChatClient, UnsupportedFeatureError } from '../src/index';
import { apiFailure } from './support/failure';
import { olderServerForAll, rawRequest } from './support/older-server';
import { verifyAction } from './support/verify-action';

const OWNER = 'desdemona@zulip.com';
const HAMLET = 'hamlet@zulip.com';

/** `PATCH /realm` with a parameter the SDK does not offer: the status and body. */
const patchRealm = (mock: MockServer, email: string, params: Record<string, string>) => rawRequest(mock, email, 'PATCH', '/realm', params);

const REGISTER = { event_types: ['realm', 'realm_user', 'realm_user_groups'] };
const bad = (msg: string) => ({ status: 400, body: { result: 'error', code: 'BAD_REQUEST', msg } });
const invite = (client: ChatClient) => client.invites.send({ invitee_emails: 'x@example.com', stream_ids: [] });

describe('who may send invitations below level 321: invite_to_realm_policy', () => {
  it('register has realm_invite_to_realm_policy (members, 1) and no realm_can_invite_users_group', async () => {
    const { clientFor } = olderServerForAll(320);
    const state = (await clientFor(HAMLET).events.register(REGISTER)) as Record<string, unknown>;
    expect(state).toMatchObject({ realm_invite_to_realm_policy: 1, can_invite_others_to_realm: true });
    expect(state).not.toHaveProperty('realm_can_invite_users_group');
  });

  it('owners change it with PATCH /realm: its update event, the answer, the register flag and POST /invites follow', async () => {
    const { mock, clientFor, userId } = olderServerForAll(320);
    const hamlet = clientFor(HAMLET);
    let answer: Awaited<ReturnType<typeof patchRealm>> | undefined;
    const events = await verifyAction(
      hamlet,
      async () => {
        answer = await patchRealm(mock, OWNER, { invite_to_realm_policy: '2' });
      },
      REGISTER,
      { userId: userId(HAMLET) },
    );
    expect(answer).toEqual({ status: 200, body: { result: 'success', msg: '', invite_to_realm_policy: 2 } });
    expect(events).toEqual([{ type: 'realm', op: 'update', property: 'invite_to_realm_policy', value: 2, id: 0 }]);
    expect(await hamlet.events.register(REGISTER)).toMatchObject({ realm_invite_to_realm_policy: 2, can_invite_others_to_realm: false });
    expect(await apiFailure(invite(hamlet))).toMatchObject({ code: 'BAD_REQUEST', status: 400, msg: 'Insufficient permission' });
    await invite(clientFor('iago@zulip.com'));
    // The same value again changes nothing: no event, nothing in the answer.
    expect(await patchRealm(mock, OWNER, { invite_to_realm_policy: '2' })).toEqual({ status: 200, body: { result: 'success', msg: '' } });
    // Back to members: hamlet's flag follows in the reducer too.
    await verifyAction(hamlet, () => patchRealm(mock, OWNER, { invite_to_realm_policy: '1' }), REGISTER, { userId: userId(HAMLET) });
    await invite(hamlet);
  });

  it('refuses administrators (owners only) and values the server did not have, in its words', async () => {
    const { mock } = olderServerForAll(320);
    expect(await patchRealm(mock, 'iago@zulip.com', { invite_to_realm_policy: '2' })).toEqual({
      status: 400,
      body: { result: 'error', code: 'UNAUTHORIZED_PRINCIPAL', msg: 'Must be an organization owner' },
    });
    for (const value of ['5', '7', '0']) expect(await patchRealm(mock, OWNER, { invite_to_realm_policy: value })).toEqual(bad('Invalid invite_to_realm_policy'));
    expect(await patchRealm(mock, OWNER, { invite_to_realm_policy: 'x' })).toEqual(bad('invite_to_realm_policy is not valid JSON'));
    // Nobody (6) from level 84.
    expect(await patchRealm(olderServerForAll(83).mock, OWNER, { invite_to_realm_policy: '6' })).toEqual(bad('Invalid invite_to_realm_policy'));
    const nobody = olderServerForAll(84);
    expect(await patchRealm(nobody.mock, OWNER, { invite_to_realm_policy: '6' })).toMatchObject({ status: 200, body: { invite_to_realm_policy: 6 } });
    expect(await apiFailure(invite(nobody.clientFor(OWNER)))).toMatchObject({ code: 'BAD_REQUEST', msg: 'Insufficient permission' });
  });

  it('ignores can_invite_users_group, which the SDK refuses to send', async () => {
    const { mock, clientFor } = olderServerForAll(320);
    const group = String(mock.store.tables.userGroup.all().find((entry) => entry.name === 'role:administrators')?.id);
    expect(await patchRealm(mock, OWNER, { can_invite_users_group: JSON.stringify({ new: Number(group) }) })).toEqual({
      status: 200,
      body: { result: 'success', msg: '', ignored_parameters_unsupported: ['can_invite_users_group'] },
    });
    const owner = clientFor(OWNER);
    const error = await owner.realm.update({ can_invite_users_group: { new: Number(group) } }).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(UnsupportedFeatureError);
    expect(error).toMatchObject({ parameter: 'can_invite_users_group', neededLevel: 321, serverLevel: 320 });
    expect(await owner.events.register(REGISTER)).toMatchObject({ realm_invite_to_realm_policy: 1 });
  });
});

describe('from level 321: can_invite_users_group', () => {
  it('register has the group setting and no policy; the policy is an ignored parameter', async () => {
    const { mock, clientFor } = olderServerForAll(321);
    const state = (await clientFor(HAMLET).events.register(REGISTER)) as Record<string, unknown>;
    expect(state).toHaveProperty('realm_can_invite_users_group');
    expect(state).not.toHaveProperty('realm_invite_to_realm_policy');
    expect(await patchRealm(mock, OWNER, { invite_to_realm_policy: '2' })).toEqual({
      status: 200,
      body: { result: 'success', msg: '', ignored_parameters_unsupported: ['invite_to_realm_policy'] },
    });
    await invite(clientFor(HAMLET));
  });
});
