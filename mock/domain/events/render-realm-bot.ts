import { ROLE_VALUES } from '../../../src/contract/endpoint';
import type { MockState } from '../state';
import type { RealmBotChanged } from './changes';
import type { EventQueue } from './queue';

/**
 * `realm_bot`, for the bot's administrators only: its owner and the organization's
 * administrators. On an owner change a previous owner who is not an administrator gets `delete`,
 * a new one `add`; everyone else who administers the bot gets `update` of `owner_id`.
 */
export function renderRealmBotEvent(state: MockState, queue: EventQueue, change: RealmBotChanged) {
  const viewer = state.store.tables.user.get(queue.userId);
  const bot = state.store.tables.user.get(change.botId);
  if (!viewer || !bot) return undefined;
  const isAdministrator = viewer.role <= ROLE_VALUES.administrator;
  const ownsIt = bot.bot_owner_id === viewer.id;
  switch (change.op) {
    case 'add':
      return isAdministrator || ownsIt ? { type: 'realm_bot', op: 'add', bot: structuredClone(change.bot) } : undefined;
    case 'update':
      return isAdministrator || ownsIt ? { type: 'realm_bot', op: 'update', bot: { user_id: change.botId, ...structuredClone(change.data) } } : undefined;
    case 'owner_changed':
      if (!isAdministrator && change.previousOwnerId === viewer.id) return { type: 'realm_bot', op: 'delete', bot: { user_id: change.botId } };
      if (!isAdministrator && ownsIt) return { type: 'realm_bot', op: 'add', bot: structuredClone(change.bot) };
      return isAdministrator ? { type: 'realm_bot', op: 'update', bot: { user_id: change.botId, owner_id: change.bot.owner_id } } : undefined;
  }
}
