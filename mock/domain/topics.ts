import { badRequest } from './errors';
import { firstUnprintablePosition } from './printable';
import type { RealmSettings } from './state';
import { pythonStrip } from './python-strip';

/**
 * The name the server shows for the empty topic wherever it writes one for clients that cannot
 * show the empty topic (`Message.EMPTY_TOPIC_FALLBACK_NAME`; the mock speaks English).
 */
export const EMPTY_TOPIC_FALLBACK_NAME = 'general chat';

/** What the real server uses to cut an over-long topic: 57 characters and an ellipsis. */
const TRUNCATION_MARK = '...';

/** Throws the server's error if the text holds a character not allowed in a topic. */
export function checkTopicCharacters(topic: string): void {
  const position = firstUnprintablePosition(topic);
  if (position !== undefined) throw badRequest(`Invalid character in topic, at position ${position}!`);
}

/** The spec reads `(no topic)` and the realm's display name of the empty topic as `""` wherever a request takes a topic. */
export function namesEmptyTopic(realm: RealmSettings, topic: string): boolean {
  return topic === realm.empty_topic_display_name || topic === '(no topic)';
}

/**
 * The topic a message is stored under, from the `topic` a client sends: stripped, the
 * display name of the empty topic and `(no topic)` read as `""`, over-long text truncated.
 */
export function normalizeTopicForSend(realm: RealmSettings, topic: string): string {
  // Python's str.strip: its whitespace, not JavaScript's (U+FEFF stays, U+001C goes).
  const stripped = pythonStrip(topic);
  const asEmpty = namesEmptyTopic(realm, stripped) ? '' : stripped;
  checkTopicCharacters(asEmpty);
  return truncateTopic(realm, asEmpty);
}

/** An over-long topic cut as the server's `truncate_topic` does: the realm's limit, counted in characters, ending in `...`. */
export function truncateTopic(realm: RealmSettings, topic: string): string {
  const characters = [...topic];
  if (characters.length <= realm.max_topic_length) return topic;
  return characters.slice(0, realm.max_topic_length - TRUNCATION_MARK.length).join('') + TRUNCATION_MARK;
}

/** How a stored topic reads to a client: `""` becomes the display name unless it opted in. */
export function displayTopic(realm: RealmSettings, topic: string, allowEmptyTopicName: boolean): string {
  return topic === '' && !allowEmptyTopicName ? realm.empty_topic_display_name : topic;
}
