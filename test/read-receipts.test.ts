import { describe, expect, it } from 'vitest';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';

const realm = useTestRealm();

const INVALID_MESSAGE = { code: 'BAD_REQUEST', status: 400, msg: 'Invalid message(s)' };

/** Marks a message read for users, as the flags operation would (not part of this group). */
function markRead(messageId: number, ...emails: string[]): void {
  for (const email of emails) realm.mock.store.userMessages.setFlag(realm.userId(email), messageId, 'read', true);
}

async function sendToVerona(): Promise<number> {
  const { id } = await realm
    .clientFor('iago@zulip.com')
    .messages.send({ type: 'channel', to: 'Verona', topic: 'receipts', content: 'read me', read_by_sender: true });
  return id;
}

describe('messages.readReceipts', () => {
  it('lists the users who read the message: never the sender, the requester when they read it, bots too', async () => {
    const id = await sendToVerona();
    const hamlet = realm.clientFor('hamlet@zulip.com');
    expect(await hamlet.messages.readReceipts({ message_id: id })).toEqual({ user_ids: [] });
    markRead(id, 'othello@zulip.com', 'hamlet@zulip.com', 'default-bot@zulip.com');
    const { user_ids } = await hamlet.messages.readReceipts({ message_id: id });
    expect([...user_ids].sort()).toEqual(
      ['hamlet@zulip.com', 'othello@zulip.com', 'default-bot@zulip.com'].map((email) => realm.userId(email)).sort(),
    );
    expect(user_ids).not.toContain(realm.userId('iago@zulip.com'));
  });

  it('leaves out users who do not send read receipts, and deactivated users', async () => {
    const id = await sendToVerona();
    markRead(id, 'othello@zulip.com', 'cordelia@zulip.com', 'prospero@zulip.com');
    realm.mock.store.tables.user.update(realm.userId('cordelia@zulip.com'), { send_read_receipts: false });
    realm.mock.store.tables.user.update(realm.userId('prospero@zulip.com'), { is_active: false });
    const { user_ids } = await realm.clientFor('iago@zulip.com').messages.readReceipts({ message_id: id });
    expect(user_ids).toEqual([realm.userId('othello@zulip.com')]);
  });

  it('leaves out users who muted the requester and users the requester muted', async () => {
    const id = await sendToVerona();
    markRead(id, 'othello@zulip.com', 'cordelia@zulip.com', 'prospero@zulip.com');
    await realm.clientFor('othello@zulip.com').users.mute({ muted_user_id: realm.userId('hamlet@zulip.com') });
    await realm.clientFor('hamlet@zulip.com').users.mute({ muted_user_id: realm.userId('cordelia@zulip.com') });
    const { user_ids } = await realm.clientFor('hamlet@zulip.com').messages.readReceipts({ message_id: id });
    expect(user_ids).toEqual([realm.userId('prospero@zulip.com')]);
    // Othello muted Hamlet, not Iago: Iago still sees him.
    const forIago = await realm.clientFor('iago@zulip.com').messages.readReceipts({ message_id: id });
    expect([...forIago.user_ids].sort((a, b) => a - b)).toEqual(
      ['othello@zulip.com', 'cordelia@zulip.com', 'prospero@zulip.com'].map((email) => realm.userId(email)).sort((a, b) => a - b),
    );
  });

  it('the seed sets send_read_receipts (default true)', async () => {
    const { createMockServer } = await import('../mock/index');
    const mock = createMockServer({
      seed: {
        users: [
          { email: 'a@example.test', full_name: 'Alice' },
          { email: 'b@example.test', full_name: 'Bob', send_read_receipts: false },
        ],
      },
    });
    expect(mock.store.userByDeliveryEmail('a@example.test')?.send_read_receipts).toBe(true);
    expect(mock.store.userByDeliveryEmail('b@example.test')?.send_read_receipts).toBe(false);
  });

  it('in a direct message: the other participants who read it', async () => {
    const { id } = await realm
      .clientFor('hamlet@zulip.com')
      .messages.send({ type: 'direct', to: ['othello@zulip.com', 'cordelia@zulip.com'], content: 'hi' });
    markRead(id, 'othello@zulip.com');
    expect(await realm.clientFor('cordelia@zulip.com').messages.readReceipts({ message_id: id })).toEqual({
      user_ids: [realm.userId('othello@zulip.com')],
    });
  });

  it('"Invalid message(s)" for a message the requester cannot read', async () => {
    const { id: core } = await realm
      .clientFor('hamlet@zulip.com')
      .messages.send({ type: 'channel', to: 'core team', topic: 't', content: 'x' });
    await expectApiError(realm.clientFor('othello@zulip.com').messages.readReceipts({ message_id: core }), INVALID_MESSAGE);
    const { id: denmark } = await realm
      .clientFor('iago@zulip.com')
      .messages.send({ type: 'channel', to: 'Denmark', topic: 't', content: 'x' });
    await expectApiError(realm.clientFor('polonius@zulip.com').messages.readReceipts({ message_id: denmark }), INVALID_MESSAGE);
    await expectApiError(realm.clientFor('iago@zulip.com').messages.readReceipts({ message_id: 999_999 }), INVALID_MESSAGE);
    // A member not subscribed to a public channel may read it, and its receipts.
    await expect(realm.clientFor('prospero@zulip.com').messages.readReceipts({ message_id: denmark })).resolves.toEqual({
      user_ids: [],
    });
  });

  it('an organization with read receipts disabled answers with the server error, after the message check', async () => {
    const id = await sendToVerona();
    realm.mock.realm.enable_read_receipts = false;
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await expectApiError(hamlet.messages.readReceipts({ message_id: id }), {
      code: 'BAD_REQUEST',
      status: 400,
      msg: 'Read receipts are disabled in this organization.',
    });
    await expectApiError(hamlet.messages.readReceipts({ message_id: 999_999 }), INVALID_MESSAGE);
  });

  it('the realm setting is in the register state (realm_enable_read_receipts, default true)', async () => {
    const state = await realm.clientFor('hamlet@zulip.com').events.register({ fetch_event_types: ['realm'] });
    expect(state).toHaveProperty('realm_enable_read_receipts', true);
  });
});
