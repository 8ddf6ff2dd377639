import type { UserRecord } from '../../store/store';
import type { MockState } from '../state';
import { hasRole } from '../users';
import { NAVIGATION_TOUR_VIDEO_URL } from './navigation-tour-video';
import { removeSingleNewlines } from './remove-single-newlines';

/** The server's education organization types (`education_nonprofit` and `education`). */
const EDUCATION_ORG_TYPES: ReadonlySet<number> = new Set([30, 35]);

/**
 * The raw text of Welcome Bot's first direct message to a new user (the server's
 * `send_initial_direct_messages_to_user`), as its template lays it out before the lone newlines
 * are joined. An education organization points to the guides for a class, any other to the
 * getting-started guide; administrators also get the guide for setting up the organization. The
 * mock's realm is never a demo organization and has no onboarding conversations, so those
 * sentences are always absent.
 */
function introTemplate(state: MockState, user: UserRecord): string {
  const education = EDUCATION_ORG_TYPES.has(state.realm.org_type);
  const gettingStarted = education
    ? '\nTo learn more, check out our [using Zulip for a class guide](/help/using-zulip-for-a-class)!\n'
    : '\nTo learn more, check out our [getting started guide](/help/getting-started-with-zulip)!\n';
  let organizationSetup = '';
  if (hasRole(user, 'administrator')) {
    organizationSetup = education
      ? '\nWe also have a guide for [setting up Zulip for a class](/help/setting-up-zulip-for-a-class).\n'
      : '\nWe also have a guide for [moving your organization to Zulip](/help/moving-to-zulip).\n';
  }
  const video = `\nYou can always come back to the [Welcome to Zulip video](${NAVIGATION_TOUR_VIDEO_URL}) for a quick app overview.\n`;
  // The empty slots are the onboarding conversations' note and the demo organization's warning.
  return `\nHello, and welcome to Zulip!👋 \n\n${gettingStarted} ${organizationSetup}\n\n${video}\n\n\n\n`;
}

/**
 * Welcome Bot's introduction to a new user, as the server sends it (in English: the mock has no
 * translations).
 *
 * @example
 * const newMember = store.userByApiEmail('hamlet@zulip.com')!;
 * welcomeIntroContent(state, newMember).startsWith('Hello, and welcome to Zulip!👋'); // true
 */
export function welcomeIntroContent(state: MockState, user: UserRecord): string {
  return removeSingleNewlines(introTemplate(state, user));
}
