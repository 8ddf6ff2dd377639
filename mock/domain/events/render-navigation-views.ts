import type { NavigationViewChanged } from './changes';
import type { EventQueue } from './queue';

/** `navigation_view` (add, update or remove), for the queues of the view's owner only. */
export function renderNavigationViewEvent(queue: EventQueue, change: NavigationViewChanged) {
  if (queue.userId !== change.userId) return undefined;
  switch (change.op) {
    case 'add':
      return { type: 'navigation_view', op: 'add', navigation_view: { ...change.view } };
    case 'update':
      return { type: 'navigation_view', op: 'update', fragment: change.fragment, data: { ...change.data } };
    case 'remove':
      return { type: 'navigation_view', op: 'remove', fragment: change.fragment };
  }
}
