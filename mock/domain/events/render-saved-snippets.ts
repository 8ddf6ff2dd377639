import type { SavedSnippetsChanged } from './changes';
import type { EventQueue } from './queue';

/** `saved_snippets` (add, update or remove), for the queues of the snippet's owner only. */
export function renderSavedSnippetsEvent(queue: EventQueue, change: SavedSnippetsChanged) {
  if (queue.userId !== change.userId) return undefined;
  if (change.op === 'remove') return { type: 'saved_snippets', op: 'remove', saved_snippet_id: change.snippetId };
  return { type: 'saved_snippets', op: change.op, saved_snippet: { ...change.snippet } };
}
