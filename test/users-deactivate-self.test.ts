import { describe, expect, it } from 'vitest';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';

const realm = useTestRealm();

/** Leaves only these accounts of the seeded realm active (setup, as an earlier history would). */
function onlyActive(emails: readonly string[]): void {
  for (const user of realm.mock.store.tables.user.all()) {
    if (user.id >= 1000 && !emails.includes(user.delivery_email)) realm.mock.store.tables.user.update(user.id, { is_active: false });
  }
}

describe('DELETE /users/me: CannotDeactivateLastUserError', () => {
  it('the only active user (system bots are no users of the realm): "Cannot deactivate the only user."', async () => {
    onlyActive(['desdemona@zulip.com']);
    await expectApiError(realm.clientFor('desdemona@zulip.com').users.deactivateMe(), { code: 'CANNOT_DEACTIVATE_LAST_USER', status: 400, msg: 'Cannot deactivate the only user.' });
    const envelope = await (await realm.raw('desdemona@zulip.com', 'DELETE', '/users/me')).json();
    expect(envelope).toMatchObject({ entity: 'user', is_last_owner: false });
  });

  it('an active bot counts as a user: the only owner beside it is the only organization owner', async () => {
    onlyActive(['desdemona@zulip.com', 'webhook-bot@zulip.com']);
    await expectApiError(realm.clientFor('desdemona@zulip.com').users.deactivateMe(), {
      code: 'CANNOT_DEACTIVATE_LAST_USER',
      status: 400,
      msg: 'Cannot deactivate the only organization owner.',
    });
  });
});

describe('DELETE /users/{user_id}: deactivation_notification_comment', () => {
  it('at most 2000 characters (code points), refused as it is read, before the user is looked up', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const tooLong = { code: 'BAD_REQUEST', status: 400, msg: 'deactivation_notification_comment is too long (limit: 2000 characters)' };
    await expectApiError(iago.users.deactivate({ user_id: 9999, deactivation_notification_comment: 'x'.repeat(2001) }), tooLong);
    await expectApiError(iago.users.deactivate({ user_id: realm.userId('cordelia@zulip.com'), deactivation_notification_comment: '😀'.repeat(2001) }), tooLong);
    expect(await iago.users.deactivate({ user_id: realm.userId('cordelia@zulip.com'), deactivation_notification_comment: '😀'.repeat(2000) })).toEqual({});
  });
});
