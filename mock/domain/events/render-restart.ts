import { MOCK_ZULIP_VERSION } from '../server-settings';
import type { MockState } from '../state';
import type { ServerRestarted } from './changes';
import type { EventPayload } from './render';

/** The level from which a restart is followed by `web_reload_client` instead of carrying `immediate`. */
const WEB_RELOAD_CLIENT_EVENT = 240;

/**
 * What every queue gets when the server's event system restarts: `restart` with the server's
 * version after it, then `web_reload_client` (which the server sends to reload its web app; its
 * development servers say `immediate`, production ones do not).
 */
export function renderRestartEvents(state: MockState, change: ServerRestarted): EventPayload[] {
  const restart = {
    type: 'restart',
    zulip_version: MOCK_ZULIP_VERSION,
    zulip_merge_base: MOCK_ZULIP_VERSION,
    zulip_feature_level: state.featureLevel,
    server_generation: change.generation,
  };
  if (state.featureLevel < WEB_RELOAD_CLIENT_EVENT) return [{ ...restart, immediate: false }];
  return [restart, { type: 'web_reload_client', immediate: false }];
}
