import type { MockState } from '../state';
import { isCrossRealmBotEmail } from '../system-bots';

/**
 * Why an address may not be taken by a user of the realm, as the server's
 * `validate_email_not_already_in_realm` (not verbose) says it, or undefined when it is free: a
 * system bot's address, or one a user already holds, active or deactivated (in any case).
 */
export function addressInUseError(state: MockState, email: string): string | undefined {
  if (isCrossRealmBotEmail(email)) return 'Reserved for system bots.';
  const holder = state.store.userByDeliveryEmail(email);
  if (!holder) return undefined;
  return holder.is_active ? 'Already has an account.' : 'Account has been deactivated.';
}
