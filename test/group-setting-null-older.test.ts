import { describe, expect, it } from 'vitest';
import { ApiErrorBase } from '../src/index';
import { rejectionOf } from './support/failure';
import { serverAt } from './support/older-server';

/**
 * A group setting given as `null` (outside the SDK's types, as a JavaScript caller can) to a server
 * that takes the setting's new value alone (`can_mention_group` below 260, the realm's group-ID
 * settings below 314, `can_remove_subscribers_group` below 320): the SDK sends the null as it is,
 * as it does to newer servers, and the server's own answer comes back; never a TypeError.
 */
describe('a null group setting on a server that takes the new value alone', () => {
  it('userGroups.update at 258 and 259: the server refuses the null as it refuses it at 260 (BadRequestError, not TypeError)', async () => {
    // pydantic's first refusal of null: `Json[int | AnonymousSettingGroupDict]` below 260, then `Json[GroupSettingChangeRequest]`.
    const refusals: Record<number, string> = {
      258: 'can_mention_group["int"] is not an integer',
      259: 'can_mention_group["int"] is not an integer',
      260: 'can_mention_group does not have the expected format',
    };
    for (const level of [258, 259, 260]) {
      const { client, mock, raw } = serverAt(level, 'desdemona@zulip.com');
      const team = mock.store.userGroupByName('hamletcharacters')?.id ?? 0;
      const failure = await rejectionOf(client.userGroups.update({ user_group_id: team, can_mention_group: null as never }), ApiErrorBase);
      // The server's answer to `can_mention_group=null` sent as is.
      const answer = await raw('PATCH', `/user_groups/${team}`, { can_mention_group: 'null' });
      expect({ status: failure.status, body: { result: 'error', msg: failure.msg, code: failure.code } }, String(level)).toEqual(answer);
      expect(answer, String(level)).toEqual({ status: 400, body: { result: 'error', msg: refusals[level], code: 'BAD_REQUEST' } });
      expect(mock.journal.entries.at(-1), String(level)).toMatchObject({ operation: 'update-user-group', params: { can_mention_group: 'null' } });
    }
  });

  it('a bare group ID (not a change) is sent as that ID, not dropped', async () => {
    const { client, mock } = serverAt(259, 'desdemona@zulip.com');
    const team = mock.store.userGroupByName('hamletcharacters')?.id ?? 0;
    const admins = mock.store.userGroupByName('role:administrators')?.id ?? 0;
    await client.userGroups.update({ user_group_id: team, can_mention_group: admins as never });
    expect(mock.store.userGroupByName('hamletcharacters')?.can_mention_group).toBe(admins);
  });

  it('realm.update below 314 and channels.update below 320: the server\'s answer to the null', async () => {
    const realm = serverAt(313, 'iago@zulip.com');
    const realmFailure = await rejectionOf(realm.client.realm.update({ create_multiuse_invite_group: null as never }), ApiErrorBase);
    expect([realmFailure.status, realmFailure.code, realmFailure.msg]).toEqual([400, 'BAD_REQUEST', 'create_multiuse_invite_group is not an integer']);
    const channels = serverAt(300, 'iago@zulip.com');
    const denmark = channels.mock.store.channelByName('Denmark')?.id ?? 0;
    // `Json[int | None]` there: a null is no change.
    await channels.client.channels.update({ stream_id: denmark, can_remove_subscribers_group: null as never });
    expect(channels.mock.journal.entries.at(-1)).toMatchObject({ operation: 'update-stream', status: 200, params: { can_remove_subscribers_group: 'null' } });
  });
});
