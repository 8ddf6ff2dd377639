import { describe, expect, it } from 'vitest';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';

const realm = useTestRealm();

const HAMLET = 'hamlet@zulip.com';
const OTHELLO = 'othello@zulip.com';
const CORDELIA = 'cordelia@zulip.com';
const IAGO = 'iago@zulip.com';
const badRequest = (msg: string) => ({ code: 'BAD_REQUEST', status: 400, msg });

function dm(from: string, ...to: string[]) {
  return realm.clientFor(from).messages.send({ type: 'direct', to: to.map((email) => realm.userId(email)), content: 'hi' });
}

describe('direct_message_permission_group', () => {
  it('role:nobody disables direct messages, except to bots and to oneself', async () => {
    realm.mock.realm.direct_message_permission_group = realm.groupId('role:nobody');
    await expectApiError(dm(HAMLET, OTHELLO), badRequest('Direct messages are disabled in this organization.'));
    await expect(dm(HAMLET, HAMLET)).resolves.toMatchObject({ id: expect.any(Number) });
    await expect(dm(HAMLET, 'default-bot@zulip.com')).resolves.toMatchObject({ id: expect.any(Number) });
  });

  it('another group: some participant must be in it', async () => {
    realm.mock.realm.direct_message_permission_group = realm.groupId('role:administrators');
    await expectApiError(dm(HAMLET, OTHELLO), badRequest('This conversation does not include any users who can authorize it.'));
    await expect(dm(HAMLET, OTHELLO, IAGO)).resolves.toMatchObject({ id: expect.any(Number) });
    await expect(dm(HAMLET, IAGO)).resolves.toMatchObject({ id: expect.any(Number) });
  });
});

describe('direct_message_initiator_group (the server\'s check_can_send_direct_message)', () => {
  it('outside the group, a user may not start a conversation, but may reply in one someone else started', async () => {
    realm.mock.realm.direct_message_initiator_group = realm.groupId('role:administrators');
    const refused = badRequest('You do not have permission to initiate direct message conversations.');
    await expectApiError(dm(HAMLET, OTHELLO), refused);
    await expectApiError(dm(HAMLET, OTHELLO, CORDELIA), refused);
    // Iago (an administrator) starts both; then Hamlet may write in them.
    await dm(IAGO, HAMLET);
    await expect(dm(HAMLET, IAGO)).resolves.toMatchObject({ id: expect.any(Number) });
    await dm(IAGO, HAMLET, OTHELLO);
    await expect(dm(HAMLET, OTHELLO, IAGO)).resolves.toMatchObject({ id: expect.any(Number) });
    // A conversation is its exact set of people: a different group is new.
    await expectApiError(dm(HAMLET, OTHELLO, IAGO, CORDELIA), refused);
  });

  it('bots, messages to oneself and messages only to bots are never refused', async () => {
    realm.mock.realm.direct_message_initiator_group = realm.groupId('role:nobody');
    await expect(dm(HAMLET, HAMLET)).resolves.toMatchObject({ id: expect.any(Number) });
    await expect(dm(HAMLET, 'default-bot@zulip.com')).resolves.toMatchObject({ id: expect.any(Number) });
    await expect(dm('default-bot@zulip.com', OTHELLO)).resolves.toMatchObject({ id: expect.any(Number) });
  });
});
