import type { ChannelRecord, UserRecord } from '../../store/store';
import { hasLevel, LEVEL } from '../feature-levels';
import { postNotice, silentMention } from '../notification-bot';
import type { MockState } from '../state';
import { addNewUserHistory } from './new-user-history';
import { sendInitialDirectMessages } from './welcome-bot';

/** The topic of new-user announcements (the server's, untranslated). */
const SIGNUPS_TOPIC = 'signups';

/**
 * What the server's `process_new_human_user` does for an account created without an invitation,
 * after it joined `channels` (the realm's default channels): copies of their recent history, then
 * Notification Bot's "… joined this organization." in the realm's signup announcements channel,
 * if it has one, then Welcome Bot's direct messages (its introduction, and the realm's custom
 * welcome text from feature level 416), both starred for the new user and left unread. The
 * visibility policy banner is already marked seen when the account is stored. There is no
 * invitation, so no referrer is told.
 */
export function processNewHumanUser(state: MockState, user: UserRecord, channels: readonly ChannelRecord[]): void {
  addNewUserHistory(state, user, channels);
  announceNewUser(state, user);
  const customText = hasLevel(state, LEVEL.welcomeMessageCustomText) ? state.realm.welcome_message_custom_text : '';
  for (const messageId of sendInitialDirectMessages(state, user, customText)) {
    state.store.userMessages.setFlag(user.id, messageId, 'starred', true);
  }
}

/** The server's `notify_new_user`: a notice in the signup announcements channel (archiving a channel unsets it). */
function announceNewUser(state: MockState, user: UserRecord): void {
  const channelId = state.realm.signup_announcements_stream_id;
  const channel = channelId === null ? undefined : state.store.tables.channel.get(channelId);
  if (!channel || channel.is_archived) return;
  postNotice(state, { type: 'stream', channel, topic: SIGNUPS_TOPIC }, `${silentMention(user)} joined this organization.`);
}
