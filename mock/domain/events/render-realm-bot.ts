import { ROLE_VALUES } from '../../../src/contract/endpoint';
import type { UserRecord } from '../../store/store';
import type { MockState } from '../state';
import type { RealmBotChanged } from './changes';
import type { EventQueue } from './queue';
import { hasLevel, LEVEL } from '../feature-levels';
import { botToWire } from '../bots/profile';

/** Whether a bot is "private": its default sending or events channel is private. */
function isPrivateBot(state: MockState, bot: UserRecord): boolean {
  const profile = state.store.tables.bot.get(bot.id);
  const channelIds = [profile?.default_sending_stream_id, profile?.default_events_register_stream_id];
  return channelIds.some((id) => id !== null && id !== undefined && state.store.tables.channel.get(id)?.invite_only === true);
}

/**
 * Who hears of a bot (the server's `bot_owner_user_ids`): its owner, and unless the bot is
 * private the organization's active human administrators.
 */
function botAudience(state: MockState, bot: UserRecord, viewer: UserRecord): boolean {
  if (bot.bot_owner_id === viewer.id) return true;
  return !isPrivateBot(state, bot) && isHumanAdministrator(viewer);
}

function isHumanAdministrator(user: UserRecord): boolean {
  return user.is_active && !user.is_bot && user.role <= ROLE_VALUES.administrator;
}

/**
 * A bot's deactivation or reactivation as servers before level 222 sent it: `remove` with its ID
 * and name, and `add` of the whole bot (`created_bot_event`), to the same audience.
 */
function olderActivityEvent(state: MockState, viewer: UserRecord, bot: UserRecord) {
  if (!botAudience(state, bot, viewer)) return undefined;
  if (!bot.is_active) return { type: 'realm_bot', op: 'remove', bot: { user_id: bot.id, full_name: bot.full_name } };
  return { type: 'realm_bot', op: 'add', bot: botToWire(state, bot) };
}

/**
 * `realm_bot`, for the bot's audience only (`botAudience`). On an owner change a previous owner
 * who is not an administrator gets `delete`, a new one `add`; the rest of the audience gets
 * `update` of `owner_id`.
 */
export function renderRealmBotEvent(state: MockState, queue: EventQueue, change: RealmBotChanged) {
  const viewer = state.store.tables.user.get(queue.userId);
  const bot = state.store.tables.user.get(change.botId);
  if (!viewer || !bot) return undefined;
  const isAdministrator = viewer.role <= ROLE_VALUES.administrator;
  switch (change.op) {
    case 'add':
      return botAudience(state, bot, viewer) ? { type: 'realm_bot', op: 'add', bot: structuredClone(change.bot) } : undefined;
    case 'update':
      if ('is_active' in change.data && !hasLevel(state, LEVEL.userActivityUpdates)) return olderActivityEvent(state, viewer, bot);
      return botAudience(state, bot, viewer) ? { type: 'realm_bot', op: 'update', bot: { user_id: change.botId, ...structuredClone(change.data) } } : undefined;
    case 'owner_changed':
      if (!isAdministrator && change.previousOwnerId === viewer.id) return { type: 'realm_bot', op: 'delete', bot: { user_id: change.botId } };
      if (!isAdministrator && bot.bot_owner_id === viewer.id) return { type: 'realm_bot', op: 'add', bot: structuredClone(change.bot) };
      return botAudience(state, bot, viewer) ? { type: 'realm_bot', op: 'update', bot: { user_id: change.botId, owner_id: change.bot.owner_id } } : undefined;
  }
}
