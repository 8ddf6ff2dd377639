import type { RegisterResponse } from '../schemas/event-queue';
import type { ChatEvent } from '../schemas/events';

/**
 * A `push_device` event applied to the registered state: the registration's status and error
 * code. A registration made after this state was fetched gets its entry here, as a fresh
 * register would list it (the server's own reducer assumes the entry exists).
 */
export function applyPushDevice(state: RegisterResponse, event: Extract<ChatEvent, { type: 'push_device' }>): RegisterResponse {
  if (state.push_devices === undefined) return state;
  const entry = { status: event.status, error_code: event.error_code ?? null };
  return { ...state, push_devices: { ...state.push_devices, [event.push_account_id]: entry } };
}
