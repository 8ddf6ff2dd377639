import type { UserRecord } from '../../store/store';
import type { MockState } from '../state';
import { botToWire } from './profile';

/**
 * Announces a bot's move to a new owner (`bot` as stored after the move), as the server's
 * `send_bot_owner_update_events` does: `realm_bot` for those who administer it (a previous owner
 * who is no administrator loses it, a new one gains it, the rest see `owner_id` change), then a
 * `realm_user` update of `bot_owner_id` for everyone.
 */
export function recordOwnerChange(state: MockState, bot: UserRecord, previousOwnerId: number | null): void {
  state.events.record({ kind: 'realm_bot_changed', botId: bot.id, op: 'owner_changed', previousOwnerId, bot: botToWire(state, bot) });
  state.events.record({ kind: 'realm_user_updated', userId: bot.id, person: { bot_owner_id: bot.bot_owner_id } });
}
