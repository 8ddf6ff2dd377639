import type { UserRecord } from '../../store/store';
import { clearPushDevices } from '../push/tokens';
import { randomApiKey } from '../random';
import type { MockState } from '../state';
import { botForAdministration } from './profile';

/**
 * Gives a user a new API key; the old one stops working at once. A bot's administrators are told,
 * and the user's push device tokens are cleared (a new key means a new login on each device).
 */
function regenerate(state: MockState, user: UserRecord): string {
  const apiKey = randomApiKey();
  state.store.tables.user.update(user.id, { api_key: apiKey });
  if (user.is_bot) state.events.record({ kind: 'realm_bot_changed', botId: user.id, op: 'update', data: { api_key: apiKey } });
  clearPushDevices(state, user.id);
  return apiKey;
}

/** `POST /bots/{bot_id}/api_key/regenerate`: the bot's owner or an administrator. */
export function regenerateBotApiKey(state: MockState, actor: UserRecord, botId: number): string {
  return regenerate(state, botForAdministration(state, actor, botId));
}

/** `POST /users/me/api_key/regenerate`: the caller's own key, a bot's too (incoming-webhook bots are refused before this). */
export function regenerateOwnApiKey(state: MockState, user: UserRecord): string {
  return regenerate(state, user);
}
