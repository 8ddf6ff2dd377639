import type { DraftsChanged } from './changes';
import type { EventQueue } from './queue';

/** `drafts` (add, update or remove), for the queues of the drafts' owner only. */
export function renderDraftsEvent(queue: EventQueue, change: DraftsChanged) {
  if (queue.userId !== change.userId) return undefined;
  switch (change.op) {
    case 'add':
      return { type: 'drafts', op: 'add', drafts: change.drafts.map((draft) => ({ ...draft, to: [...draft.to] })) };
    case 'update':
      return { type: 'drafts', op: 'update', draft: { ...change.draft, to: [...change.draft.to] } };
    case 'remove':
      return { type: 'drafts', op: 'remove', draft_id: change.draftId };
  }
}
