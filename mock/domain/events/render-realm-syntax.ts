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
 * `realm_linkifiers`, for every queue of the realm: the server sends it to all active users
 * (`notify_linkifiers`), also to clients without `linkifier_url_template`, whose state keeps the
 * empty list (its reducer ignores the event for them).
 */
export function renderLinkifiersEvent(state: MockState) {
  return { type: 'realm_linkifiers', realm_linkifiers: listLinkifiers(state) };
}
