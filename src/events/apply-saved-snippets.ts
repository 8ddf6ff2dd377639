import type { RegisterResponse } from '../schemas/event-queue';
import type { ChatEvent } from '../schemas/events';

/**
 * A `saved_snippets` event applied to the registered state, as the server's own reducer does: a
 * new snippet goes last, an edited one keeps its place, a deleted one leaves.
 */
export function applySavedSnippets(
  state: RegisterResponse,
  event: Extract<ChatEvent, { type: 'saved_snippets' }>,
): RegisterResponse {
  const snippets = state.saved_snippets;
  if (snippets === undefined) return state;
  switch (event.op) {
    case 'add':
      return { ...state, saved_snippets: [...snippets, { ...event.saved_snippet }] };
    case 'update': {
      const { saved_snippet } = event;
      return {
        ...state,
        saved_snippets: snippets.map((snippet) => (snippet.id === saved_snippet.id ? { ...saved_snippet } : snippet)),
      };
    }
    case 'remove':
      return { ...state, saved_snippets: snippets.filter((snippet) => snippet.id !== event.saved_snippet_id) };
  }
}
