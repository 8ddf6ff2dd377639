import type { ChatEvent } from '../schemas/events';
import type { RegisterResponse } from '../schemas/event-queue';

/**
 * A restart leaves the queue and the realm as they were; the server's own reducer ignores it. The
 * state's description of the server follows it, so that it reads as a fresh registration would.
 */
export function applyRestart(state: RegisterResponse, event: Extract<ChatEvent, { type: 'restart' }>): RegisterResponse {
  const next: RegisterResponse = { ...state, zulip_feature_level: event.zulip_feature_level, zulip_version: event.zulip_version };
  if (event.zulip_merge_base !== undefined) next.zulip_merge_base = event.zulip_merge_base;
  if ('server_generation' in state) (next as { server_generation?: number }).server_generation = event.server_generation;
  return next;
}
