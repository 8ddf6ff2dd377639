import type { ChannelRecord, UserRecord } from '../../store/store';
import { isSystemBot } from '../accounts/visibility';
import { botProfileOf, updateBotProfile } from '../bots/profile';
import { postNotice } from '../notification-bot';
import type { MockState } from '../state';

/** How long a bot's owner hears nothing more after an alert (`BOT_OWNER_STREAM_ALERT_WAITPERIOD`, one minute). */
const ALERT_WAIT_MS = 60_000;

/** What went wrong with the channel a bot sent to. */
export type ChannelProblem =
  | { readonly kind: 'unknown-name'; readonly name: string }
  | { readonly kind: 'unknown-id'; readonly id: number }
  | { readonly kind: 'no-subscribers'; readonly channel: ChannelRecord };

function alertText(bot: UserRecord, problem: ChannelProblem): string {
  const identity = `\`${bot.delivery_email}\``;
  switch (problem.kind) {
    case 'unknown-id':
      return `Your bot ${identity} tried to send a message to channel ID ${problem.id}, but there is no channel with that ID.`;
    case 'unknown-name':
      return `Your bot ${identity} tried to send a message to channel #**${problem.name}**, but that channel does not exist. Click [here](#channels/new) to create it.`;
    case 'no-subscribers':
      return `Your bot ${identity} tried to send a message to channel #**${problem.channel.name}**. The channel exists but does not have any subscribers.`;
  }
}

/** Whether a subscriber's account is active: deactivated subscribers do not count (`num_subscribers_for_stream_id`). */
function hasActiveSubscriber(state: MockState, channelId: number): boolean {
  for (const userId of state.store.subscriberIds(channelId)) {
    if (state.store.tables.user.get(userId)?.is_active) return true;
  }
  return false;
}

// The channel is named `#**name**` as 10.2 writes it; the newer server's get_stream_link_syntax
// (a plain link for names that break that syntax) comes at no API feature level we can tie it to.

/**
 * Tells a bot's owner, in a direct message from the Notification Bot, that the bot sent to a
 * channel that does not exist or has no subscribers, as the server's `send_pm_if_empty_stream`
 * does: at most once a minute per bot, never for system bots or bots without an owner.
 */
export function alertBotOwner(state: MockState, sender: UserRecord, problem: ChannelProblem): void {
  if (!sender.is_bot || sender.bot_owner_id === null || isSystemBot(sender)) return;
  if (problem.kind === 'no-subscribers' && hasActiveSubscriber(state, problem.channel.id)) return;
  const now = state.clock.now();
  const last = botProfileOf(state, sender.id).last_owner_alert;
  if (last !== null && now - last <= ALERT_WAIT_MS) return;
  postNotice(state, { type: 'private', userIds: [sender.bot_owner_id] }, alertText(sender, problem));
  updateBotProfile(state, sender.id, { last_owner_alert: now });
}
