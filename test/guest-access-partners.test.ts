import { beforeEach, describe, expect, it } from 'vitest';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();

const GUEST = 'polonius@zulip.com';
const CORDELIA = 'cordelia@zulip.com';
const DESDEMONA = 'desdemona@zulip.com';

/**
 * The realm limits guests; Polonius, a guest, leaves Verona (where everyone is) and is put in
 * Scotland (Iago, Shiva, Hamlet, Othello): Cordelia and Desdemona are then out of his sight.
 */
async function limitGuestToScotland() {
  const iago = realm.clientFor('iago@zulip.com');
  await iago.realm.update({ can_access_all_users_group: { new: realm.groupId('role:members') } });
  await realm.clientFor(GUEST).subscriptions.remove({ subscriptions: ['Verona'] });
  await iago.subscriptions.add({ subscriptions: [{ name: 'Scotland' }], principals: [realm.userId(GUEST)] });
}

const NO_ACCESS = { code: 'BAD_REQUEST', status: 400, msg: 'Insufficient permission' };

type Event = Awaited<ReturnType<typeof verifyAction>>[number];

/** Each event as `type:op` (with the user of a `realm_user` one). */
const described = (events: readonly Event[]) =>
  events.map((event) => {
    if (event?.type === 'realm_user') return `realm_user:${event.op}:${event.person.user_id}`;
    return `${event?.type ?? '?'}:${(event as { op?: string } | undefined)?.op ?? ''}`;
  });

async function fullNameSeenBy(email: string, userId: number): Promise<string> {
  const { user } = await realm.clientFor(email).users.get({ user_id: userId });
  return user.full_name;
}

describe('limited guests: direct message partners', () => {
  beforeEach(limitGuestToScotland);

  it('a group conversation keeps its members in sight after its message is deleted (the conversation outlives its messages)', async () => {
    const guest = realm.clientFor(GUEST);
    const cordeliaId = realm.userId(CORDELIA);
    await expectApiError(guest.users.get({ user_id: cordeliaId }), NO_ACCESS);
    const desdemona = realm.clientFor(DESDEMONA);
    const { id } = await desdemona.messages.send({ type: 'direct', to: [realm.userId(GUEST), cordeliaId], content: 'hi all' });
    expect(await fullNameSeenBy(GUEST, cordeliaId)).toBe('Cordelia, Lear\'s daughter');
    const queue = await guest.events.register({ event_types: ['realm_user', 'delete_message'] });
    await desdemona.messages.delete({ message_id: id });
    const { events } = await guest.events.get({ queue_id: queue.queue_id ?? '', last_event_id: queue.last_event_id, dont_block: true });
    // No `realm_user` `remove`: the guest keeps seeing Cordelia.
    expect(events.map((event) => event.type)).toEqual(['delete_message']);
    expect(await fullNameSeenBy(GUEST, cordeliaId)).toBe('Cordelia, Lear\'s daughter');
    const { members } = await guest.users.list();
    expect(members.find((member) => member.user_id === cordeliaId)?.full_name).toBe('Cordelia, Lear\'s daughter');
  });

  it('a one-to-one partner stays in sight while a message of theirs exists, as the server asks its messages', async () => {
    const guest = realm.clientFor(GUEST);
    const desdemonaId = realm.userId(DESDEMONA);
    const desdemona = realm.clientFor(DESDEMONA);
    const first = await desdemona.messages.send({ type: 'direct', to: [realm.userId(GUEST)], content: 'one' });
    const second = await desdemona.messages.send({ type: 'direct', to: [realm.userId(GUEST)], content: 'two' });
    // An edit replaces the stored message: it must neither add nor drop the pair.
    await desdemona.messages.update({ message_id: second.id, content: 'two, edited' });
    await desdemona.messages.delete({ message_id: first.id });
    expect(await fullNameSeenBy(GUEST, desdemonaId)).toBe('Desdemona');
    await desdemona.messages.delete({ message_id: second.id });
    await expectApiError(guest.users.get({ user_id: desdemonaId }), NO_ACCESS);
  });

  it('survives snapshot and restore (through JSON, as --state files), and reset forgets it', async () => {
    const cordeliaId = realm.userId(CORDELIA);
    const desdemonaId = realm.userId(DESDEMONA);
    const desdemona = realm.clientFor(DESDEMONA);
    const group = await desdemona.messages.send({ type: 'direct', to: [realm.userId(GUEST), cordeliaId], content: 'hi all' });
    await desdemona.messages.send({ type: 'direct', to: [realm.userId(GUEST)], content: 'just you' });
    await desdemona.messages.delete({ message_id: group.id });
    const document: unknown = JSON.parse(JSON.stringify(realm.mock.snapshot()));
    realm.mock.restore(document);
    expect(await fullNameSeenBy(GUEST, cordeliaId)).toBe('Cordelia, Lear\'s daughter');
    expect(await fullNameSeenBy(GUEST, desdemonaId)).toBe('Desdemona');
    realm.mock.reset();
    await limitGuestToScotland();
    const guest = realm.clientFor(GUEST);
    await expectApiError(guest.users.get({ user_id: cordeliaId }), NO_ACCESS);
    await expectApiError(guest.users.get({ user_id: desdemonaId }), NO_ACCESS);
  });
});

describe('limited guests: the order of subscription events', () => {
  beforeEach(limitGuestToScotland);

  it('a user joining a channel of the guest reaches them as realm_user add before peer_add (10.2 bulk_add_subscriptions)', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const cordeliaId = realm.userId(CORDELIA);
    const events = await verifyAction(realm.clientFor(GUEST), () =>
      iago.subscriptions.add({ subscriptions: [{ name: 'Scotland' }], principals: [cordeliaId] }),
    );
    expect(described(events)).toEqual([`realm_user:add:${cordeliaId}`, 'subscription:peer_add']);
  });

  it('a new user joining a default channel of the guest: the placeholder, then the user, then peer_add', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const scotland = realm.mock.store.channelByName('Scotland')?.id ?? 0;
    await iago.channels.addDefault({ stream_id: scotland });
    let userId = 0;
    const events = await verifyAction(
      realm.clientFor(GUEST),
      async () => {
        ({ user_id: userId } = await iago.users.create({ email: 'newbie@zulip.com', password: 'secret', full_name: 'Newbie' }));
      },
      { event_types: ['realm_user', 'subscription'] },
    );
    expect(described(events)).toEqual([`realm_user:add:${userId}`, `realm_user:add:${userId}`, 'subscription:peer_add']);
  });
});
