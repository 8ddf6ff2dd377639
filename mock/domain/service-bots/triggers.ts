import type { MessageRecord, UserRecord } from '../../store/store';
import { BOT_TYPES } from '../bots/profile';
import { LEVEL } from '../feature-levels';
import type { Mentions } from '../markdown/render';
import { mentionedUserIds } from '../messages/mentions';
import type { MockState } from '../state';

/** What made the server queue a message for a service bot. */
type ServiceBotTriggerName = 'mention' | 'direct_message' | 'private_message';

/** One service bot a sent message triggers, and why. */
export interface ServiceBotTrigger {
  readonly botId: number;
  readonly botType: typeof BOT_TYPES.outgoingWebhook | typeof BOT_TYPES.embedded;
  readonly trigger: ServiceBotTriggerName;
}

function activeServiceBot(state: MockState, userId: number): UserRecord | undefined {
  const user = state.store.tables.user.get(userId);
  if (!user?.is_active || !user.is_bot) return undefined;
  return user.bot_type === BOT_TYPES.outgoingWebhook || user.bot_type === BOT_TYPES.embedded ? user : undefined;
}

/**
 * Who may be triggered by a channel message: the server looks only at the users who receive it
 * (its active subscribers) or are named in a mention, and triggers those it then finds mentioned
 * (by name, or as members of a mentioned group). Wildcard and silent mentions trigger no one.
 */
function mentionedInChannel(state: MockState, message: MessageRecord, mentions: Mentions): number[] {
  const channelId = message.channel_id as number;
  return [...mentionedUserIds(state, mentions)].filter(
    (userId) => mentions.userIds.has(userId) || state.store.isSubscribed(userId, channelId),
  );
}

/**
 * The service bots (outgoing webhooks, embedded bots) a just-sent message triggers, as the
 * server's `get_service_bot_events` decides: none when a bot sent it (no loops between bots);
 * in a channel, each active service bot it mentions (`mention`); in a direct message, one-to-one
 * or group, each active service bot among its participants (`direct_message`, called
 * `private_message` before feature level 201). Ascending by bot ID.
 */
export function serviceBotTriggers(state: MockState, sender: UserRecord, message: MessageRecord, mentions: Mentions): ServiceBotTrigger[] {
  if (sender.is_bot) return [];
  const isChannel = message.type === 'stream';
  const candidates = isChannel ? mentionedInChannel(state, message, mentions) : message.dm_user_ids;
  const directTrigger = state.featureLevel < LEVEL.directMessageTrigger ? 'private_message' : 'direct_message';
  const trigger = isChannel ? 'mention' : directTrigger;
  return [...new Set(candidates)]
    .sort((a, b) => a - b)
    .flatMap((userId) => {
      const bot = activeServiceBot(state, userId);
      if (!bot) return [];
      return [{ botId: bot.id, botType: bot.bot_type as ServiceBotTrigger['botType'], trigger }];
    });
}
