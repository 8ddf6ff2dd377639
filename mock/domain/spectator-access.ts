import type { MockState } from './state';

/**
 * Whether people without an account may read the realm (the server's
 * `allow_web_public_streams_access`): it allows spectators and has an active web-public channel.
 */
export function spectatorsMayReadRealm(state: MockState): boolean {
  return state.realm.enable_spectator_access && state.store.tables.channel.all().some((channel) => channel.is_web_public && !channel.is_archived);
}
