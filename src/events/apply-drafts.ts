import type { ChatEvent } from '../schemas/events';
import type { RegisterResponse } from '../schemas/event-queue';

type DraftEntry = NonNullable<RegisterResponse['drafts']>[number];

/** The register order: most recently edited first (the server keeps fractions of seconds; ties: newest draft). */
function byRecentEdit(a: DraftEntry, b: DraftEntry): number {
  return b.timestamp - a.timestamp || b.id - a.id;
}

/** A `drafts` event on `drafts`: added and updated drafts replace those with their IDs, `remove` drops one; the list stays in register order. */
export function applyDrafts(state: RegisterResponse, event: Extract<ChatEvent, { type: 'drafts' }>): RegisterResponse {
  if (state.drafts === undefined) return state;
  const changed = event.op === 'add' ? event.drafts : event.op === 'update' ? [event.draft] : [];
  const removed = new Set([...changed.map((draft) => draft.id), ...(event.op === 'remove' ? [event.draft_id] : [])]);
  const kept = state.drafts.filter((draft) => !removed.has(draft.id));
  const drafts = [...kept, ...changed.map((draft) => ({ ...draft, to: [...draft.to] }))].sort(byRecentEdit);
  return { ...state, drafts };
}
