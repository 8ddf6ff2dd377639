import type { ChatEvent } from '../schemas/events';
import type { RegisterResponse } from '../schemas/event-queue';

/** A `user_status` event on the `user_status` state: given keys replace, `""` clears, nothing left drops the user. */
export function applyUserStatus(state: RegisterResponse, event: Extract<ChatEvent, { type: 'user_status' }>): RegisterResponse {
  if (state.user_status === undefined) return state;
  const key = String(event.user_id);
  const next: Record<string, unknown> = { ...state.user_status[key] };
  if (event.status_text !== undefined) {
    if (event.status_text === '') delete next.status_text;
    else next.status_text = event.status_text;
  }
  if (event.emoji_name !== undefined) {
    if (event.emoji_name === '') {
      delete next.emoji_name;
      delete next.emoji_code;
      delete next.reaction_type;
    } else {
      Object.assign(next, { emoji_name: event.emoji_name, emoji_code: event.emoji_code, reaction_type: event.reaction_type });
    }
  }
  if (event.away !== undefined) {
    if (event.away) next.away = true;
    else delete next.away;
  }
  const { [key]: _old, ...others } = state.user_status;
  return { ...state, user_status: Object.keys(next).length > 0 ? { ...others, [key]: next } : others };
}
