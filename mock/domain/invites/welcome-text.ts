import type { UserRecord } from '../../store/store';
import { badRequest } from '../errors';
import { hasRole } from '../users';

/**
 * Only administrators choose what Welcome Bot tells an invitee: any value given, even the empty
 * text, is refused to others (checked after the invitation's channels and groups).
 */
export function checkWelcomeTextAllowed(user: UserRecord, text: string | undefined): void {
  if (text !== undefined && !hasRole(user, 'administrator')) throw badRequest('Must be an organization administrator');
}
