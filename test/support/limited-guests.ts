import type { TestRealm } from './mock';

/** The seeded guest the limited-guest tests follow. */
export const GUEST = 'polonius@zulip.com';

/** The realm limits guests to the users they share a channel or a conversation with (`can_access_all_users_group`: `role:members`). */
export async function limitGuests(realm: TestRealm): Promise<void> {
  await realm.clientFor('iago@zulip.com').realm.update({ can_access_all_users_group: { new: realm.groupId('role:members') } });
}

/** Polonius, a guest, leaves Verona (where everyone is) and is put in Scotland (Iago, Shiva, Hamlet, Othello). */
export async function guestOnlyInScotland(realm: TestRealm): Promise<void> {
  await realm.clientFor(GUEST).subscriptions.remove({ subscriptions: ['Verona'] });
  await realm.clientFor('iago@zulip.com').subscriptions.add({ subscriptions: [{ name: 'Scotland' }], principals: [realm.userId(GUEST)] });
}

/**
 * Both: the realm limits guests and Polonius shares only Scotland, so Cordelia, Desdemona and
 * Prospero are "Unknown user" to him.
 */
export async function limitGuestToScotland(realm: TestRealm): Promise<void> {
  await limitGuests(realm);
  await guestOnlyInScotland(realm);
}
