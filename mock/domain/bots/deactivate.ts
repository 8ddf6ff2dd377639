import type { UserRecord } from '../../store/store';
import { deactivateAccount } from '../accounts/deactivate';
import type { MockState } from '../state';
import { botForAdministration } from './profile';

/** `DELETE /bots/{bot_id}`: the bot's owner or an administrator deactivates it (a deactivated bot stays so). */
export function deactivateBot(state: MockState, actor: UserRecord, botId: number): void {
  const bot = botForAdministration(state, actor, botId);
  if (bot.is_active) deactivateAccount(state, bot);
}
