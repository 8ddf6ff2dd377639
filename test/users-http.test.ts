import { describe, expect, it } from 'vitest';
import { expectApiError } from './support/failure';
import { useHttpMock } from './support/http-mock';

const http = useHttpMock();
const { clientFor } = http;

describe('users over real HTTP (standalone mock)', () => {
  it('reads, creates, renames, deactivates and reactivates a user', async () => {
    const iago = clientFor('iago@zulip.com');
    const me = await iago.users.me();
    expect(me).toMatchObject({ email: 'iago@zulip.com', role: 200, is_admin: true });
    const { user_id } = await iago.users.create({ email: 'wire@zulip.com', password: 'secret', full_name: 'Over The Wire' });
    expect((await iago.users.getByEmail({ email: 'wire@zulip.com' })).user.user_id).toBe(user_id);
    await iago.users.update({ user_id, full_name: 'Renamed' });
    const { members } = await iago.users.list({ user_ids: [user_id] });
    expect(members.map((member) => member.full_name)).toEqual(['Renamed']);
    await iago.users.deactivate({ user_id });
    expect((await iago.users.get({ user_id })).user.is_active).toBe(false);
    await iago.users.reactivate({ user_id });
    expect((await iago.users.get({ user_id })).user.is_active).toBe(true);
    await expectApiError(clientFor('hamlet@zulip.com').users.deactivate({ user_id }), {
      code: 'BAD_REQUEST',
      status: 400,
      msg: 'Insufficient permission',
    });
  });

  it("sets another user's status as an administrator (POST /users/{user_id}/status)", async () => {
    const iago = clientFor('iago@zulip.com');
    const hamlet = clientFor('hamlet@zulip.com');
    const { user_id } = await hamlet.users.me();
    await iago.users.updateStatusForUser({ user_id, status_text: ' in a meeting ', emoji_name: 'car' });
    expect((await hamlet.users.getStatus({ user_id })).status).toEqual({ status_text: 'in a meeting', emoji_name: 'car', emoji_code: '1f697', reaction_type: 'unicode_emoji' });
    await expectApiError(hamlet.users.updateStatusForUser({ user_id, status_text: 'x' }), { code: 'BAD_REQUEST', status: 400, msg: 'Insufficient permission' });
  });
});
