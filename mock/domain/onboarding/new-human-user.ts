import type { ChannelRecord, UserRecord } from '../../store/store';
import { hasLevel, LEVEL } from '../feature-levels';
import type { MockState } from '../state';
import { addNewUserHistory } from './new-user-history';
import { sendInitialDirectMessages } from './welcome-bot';

/**
 * What the server's `process_new_human_user` does for an account created without an invitation,
 * after it joined `channels` (the realm's default channels): copies of their recent history, then
 * Welcome Bot's direct messages (its introduction, and the realm's custom welcome text from
 * feature level 416), both starred for the new user and left unread. The visibility policy banner
 * is already marked seen when the account is stored.
 *
 * The realm has no signup announcements channel, so no "joined this organization" notice is
 * posted; there is no invitation, so no referrer is told.
 */
export function processNewHumanUser(state: MockState, user: UserRecord, channels: readonly ChannelRecord[]): void {
  addNewUserHistory(state, user, channels);
  const customText = hasLevel(state, LEVEL.welcomeMessageCustomText) ? state.realm.welcome_message_custom_text : '';
  for (const messageId of sendInitialDirectMessages(state, user, customText)) {
    state.store.userMessages.setFlag(user.id, messageId, 'starred', true);
  }
}
