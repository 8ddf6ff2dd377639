import type { UserRecord } from '../../store/store';
import { checkMessage } from '../messages/check-message';
import { storeScheduledMessage } from '../scheduled-messages/operations';
import type { MockState } from '../state';
import { welcomeBot } from './welcome-bot';

/** Welcome Bot's question, as the server words it (its leading and trailing line breaks are normalised away). */
function reminderText(videoUrl: string): string {
  return `\nYou asked to watch the [Welcome to Zulip video](${videoUrl}) later. Is this a good time?\n`;
}

/**
 * Schedules Welcome Bot's direct message asking the user whether now is a good time to watch the
 * navigation tour video, `delaySeconds` from now (the server's `check_schedule_message` from the
 * internal client, with no event: the message is Welcome Bot's, so the user never sees it among
 * their scheduled messages). The message is checked now, and again when it is sent.
 */
export function scheduleNavigationTourVideoReminder(state: MockState, user: UserRecord, delaySeconds: number, videoUrl: string): void {
  const sender = welcomeBot(state);
  const checked = checkMessage(state, sender, { type: 'private', userIds: [user.id] }, reminderText(videoUrl));
  // The internal client is not an interactive one: the message does not start read for its sender.
  storeScheduledMessage(state, sender, 'Internal', checked, state.clock.now() / 1000 + delaySeconds, false);
}
