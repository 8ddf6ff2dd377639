import type { ChatEvent } from '../schemas/events';
import type { RegisterResponse } from '../schemas/event-queue';

type State = Pick<RegisterResponse, 'starred_messages'>;

/** `starred_messages` after a flag change: starring adds the IDs (ascending), unstarring drops them. */
export function starredAfterFlags<S extends State>(state: S, event: Extract<ChatEvent, { type: 'update_message_flags' }>): S {
  if (state.starred_messages === undefined || event.flag !== 'starred') return state;
  const changed = new Set(event.messages);
  const kept = state.starred_messages.filter((id) => !changed.has(id));
  const starred = event.op === 'add' ? [...kept, ...changed].sort((a, b) => a - b) : kept;
  return { ...state, starred_messages: starred };
}

/** `starred_messages` without deleted messages (the server's list reads only existing ones). */
export function starredAfterDelete<S extends State>(state: S, event: Extract<ChatEvent, { type: 'delete_message' }>): S {
  if (state.starred_messages === undefined) return state;
  const deleted = new Set(event.message_ids ?? (event.message_id === undefined ? [] : [event.message_id]));
  return { ...state, starred_messages: state.starred_messages.filter((id) => !deleted.has(id)) };
}
