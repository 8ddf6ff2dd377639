import type { UserRecord } from '../../store/store';
import { hasRole } from '../users';
import { NAVIGATION_TOUR_VIDEO_URL } from './navigation-tour-video';
import { removeSingleNewlines } from './remove-single-newlines';

/**
 * The raw text of Welcome Bot's first direct message to a new user (the server's
 * `send_initial_direct_messages_to_user`), as its template lays it out before the lone newlines
 * are joined. The variant of the mock's realm: a business organization (not education), not a
 * demo organization, created without onboarding conversations; administrators are also pointed
 * at the guide for moving an organization.
 */
function introTemplate(user: UserRecord): string {
  const gettingStarted = '\nTo learn more, check out our [getting started guide](/help/getting-started-with-zulip)!\n';
  const organizationSetup = hasRole(user, 'administrator')
    ? '\nWe also have a guide for [moving your organization to Zulip](/help/moving-to-zulip).\n'
    : '';
  const video = `\nYou can always come back to the [Welcome to Zulip video](${NAVIGATION_TOUR_VIDEO_URL}) for a quick app overview.\n`;
  // The empty slots are the onboarding conversations' note and the demo organization's warning.
  return `\nHello, and welcome to Zulip!👋 \n\n${gettingStarted} ${organizationSetup}\n\n${video}\n\n\n\n`;
}

/**
 * Welcome Bot's introduction to a new user, as the server sends it (in English: the mock has no
 * translations).
 *
 * @example
 * welcomeIntroContent(newMember).startsWith('Hello, and welcome to Zulip!👋'); // true
 */
export function welcomeIntroContent(user: UserRecord): string {
  return removeSingleNewlines(introTemplate(user));
}
