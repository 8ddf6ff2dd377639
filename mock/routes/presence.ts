import type { presence } from '../../src/endpoints/index';
import { presenceMap, realmPresence, userPresence } from '../domain/presence/read';
import { reportPresence } from '../domain/presence/update';
import type { Implementation } from '../http/operation';

/** Presence: decode → domain → payload. */
export const presenceRoutes = {
  updatePresence: ({ state, user, params }) => {
    reportPresence(state, user, params.status);
    if (params.ping_only) return {};
    const slim = params.slim_presence === true || params.last_update_id !== undefined;
    const { presences, lastUpdateId } = presenceMap(state, {
      slim,
      lastUpdateId: params.last_update_id,
      historyDays: params.history_limit_days,
      viewer: user,
    });
    return { presences, server_timestamp: state.clock.now() / 1000, presence_last_update_id: lastUpdateId };
  },
  getPresence: ({ state, user }) => realmPresence(state, user),
  getUserPresence: ({ state, user, params }) => ({ presence: userPresence(state, user, params.user_id_or_email) }),
} satisfies { [Name in keyof typeof presence]: Implementation<(typeof presence)[Name]> };
