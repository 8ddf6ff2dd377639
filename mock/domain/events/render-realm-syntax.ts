import { listLinkifiers } from '../linkifiers/operations';
import type { MockState } from '../state';
import type { AlertWordsChanged } from './changes';
import type { EventQueue } from './queue';

/** `alert_words`, for the queues of the user whose words changed. */
export function renderAlertWordsEvent(queue: EventQueue, change: AlertWordsChanged) {
  if (queue.userId !== change.userId) return undefined;
  return { type: 'alert_words', alert_words: [...change.words] };
}

/**
 * `realm_linkifiers`, for every queue of the realm that declared `linkifier_url_template`
 * (the server sends others nothing).
 */
export function renderLinkifiersEvent(state: MockState, queue: EventQueue) {
  if (!queue.options.capabilities.has('linkifier_url_template')) return undefined;
  return { type: 'realm_linkifiers', realm_linkifiers: listLinkifiers(state) };
}
