import { badRequest } from './errors';
import type { RealmSettings } from './state';

/** What the real server uses to cut an over-long topic: 57 characters and an ellipsis. */
const TRUNCATION_MARK = '...';

// Control characters, surrogates and the 66 Unicode non-characters are refused in topics.
const FORBIDDEN_CHARACTER =
  /[\p{Cc}\p{Cs}\uFDD0-\uFDEF\uFFFE\uFFFF]|[\u{1FFFE}-\u{1FFFF}\u{2FFFE}-\u{2FFFF}\u{3FFFE}-\u{3FFFF}\u{4FFFE}-\u{4FFFF}\u{5FFFE}-\u{5FFFF}\u{6FFFE}-\u{6FFFF}\u{7FFFE}-\u{7FFFF}\u{8FFFE}-\u{8FFFF}\u{9FFFE}-\u{9FFFF}\u{AFFFE}-\u{AFFFF}\u{BFFFE}-\u{BFFFF}\u{CFFFE}-\u{CFFFF}\u{DFFFE}-\u{DFFFF}\u{EFFFE}-\u{EFFFF}\u{FFFFE}-\u{FFFFF}\u{10FFFE}-\u{10FFFF}]/u;

/** Throws the server's error if the text holds a character not allowed in a topic. */
export function checkTopicCharacters(topic: string): void {
  const characters = [...topic];
  const index = characters.findIndex((character) => FORBIDDEN_CHARACTER.test(character));
  if (index >= 0) throw badRequest(`Invalid character in topic, at position ${index + 1}!`);
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
  const stripped = topic.trim();
  const asEmpty = namesEmptyTopic(realm, stripped) ? '' : stripped;
  checkTopicCharacters(asEmpty);
  const characters = [...asEmpty];
  if (characters.length <= realm.max_topic_length) return asEmpty;
  return characters.slice(0, realm.max_topic_length - TRUNCATION_MARK.length).join('') + TRUNCATION_MARK;
}

/** How a stored topic reads to a client: `""` becomes the display name unless it opted in. */
export function displayTopic(realm: RealmSettings, topic: string, allowEmptyTopicName: boolean): string {
  return topic === '' && !allowEmptyTopicName ? realm.empty_topic_display_name : topic;
}
