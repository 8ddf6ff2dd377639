import { meantAddress } from '../domain/closest-names';
import type { Store, UserRecord } from '../store/store';

/**
 * A seed that does not describe a valid realm; the message names the bad field.
 *
 * @example
 * try {
 *   createMockServer({ seed: { users: [] } });
 * } catch (error) {
 *   if (error instanceof SeedError) console.error(error.message); // names the bad field
 * }
 */
export class SeedError extends Error {
  constructor(message: string) {
    super(`[teamchat-mock] invalid seed: ${message}`);
    this.name = 'SeedError';
  }
}

/**
 * The seeded user with this email, or a {@link SeedError} naming the field that gave it.
 *
 * @example
 * const sender = userByEmailOrFail(store, 'hamlet@zulip.com', 'messages[0].sender');
 */
export function userByEmailOrFail(store: Store, email: string, field: string): UserRecord {
  const user = store.userByDeliveryEmail(email);
  if (user) return user;
  const meant = meantAddress(email, store.realmUserEmails());
  throw new SeedError(`${field}: no user with email '${email}' in users${meant === undefined ? '' : `; did you mean '${meant}'?`}`);
}
