import type { UserRecord } from '../../store/store';
import type { MockState } from '../state';
import { avatarUrlFor } from '../users';
import { administeredBots, botProfileOf, botToWire, channelNameOf } from './profile';

/** `GET /bots`: the caller's active bots, oldest first, with their keys. */
export function ownedBots(state: MockState, owner: UserRecord) {
  return state.store.tables.user
    .all()
    .filter((bot) => bot.is_bot && bot.is_active && bot.bot_owner_id === owner.id)
    .sort((a, b) => a.date_joined - b.date_joined || a.id - b.id)
    .map((bot) => {
      const profile = botProfileOf(state, bot.id);
      return {
        username: bot.email,
        full_name: bot.full_name,
        api_key: bot.api_key,
        avatar_url: avatarUrlFor(state, bot),
        default_sending_stream: channelNameOf(state, profile.default_sending_stream_id),
        default_events_register_stream: channelNameOf(state, profile.default_events_register_stream_id),
        default_all_public_streams: profile.default_all_public_streams,
      };
    });
}

/** The register state's `realm_bots`: every bot the user administers, deactivated ones included. */
export function realmBotsState(state: MockState, user: UserRecord) {
  return administeredBots(state, user).map((bot) => botToWire(state, bot));
}
