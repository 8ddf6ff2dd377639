import type { UserRecord } from '../../store/store';
import { badRequest } from '../errors';
import { hasRole } from '../users';

/** The server's `Realm.MAX_REALM_WELCOME_MESSAGE_CUSTOM_TEXT_LENGTH`, the limit of an invitation's own welcome message. */
export const MAX_WELCOME_MESSAGE_CUSTOM_TEXT_LENGTH = 8000;

/**
 * Only administrators choose what Welcome Bot tells an invitee: any value given, even the empty
 * text, is refused to others (checked after the invitation's channels and groups).
 */
export function checkWelcomeTextAllowed(user: UserRecord, text: string | undefined): void {
  if (text !== undefined && !hasRole(user, 'administrator')) throw badRequest('Must be an organization administrator');
}
