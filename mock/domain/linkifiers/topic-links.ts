import type { LinkifierRecord } from '../../store/linkifiers';
import { webLinkAtStart } from '../markdown/plugins/autolink';
import { searchLinkifier } from './match';

/** A link the server finds in a topic: `topic_links` on messages and in move events. */
export type TopicLink = {
  readonly text: string;
  readonly url: string;
};

/**
 * The links of a topic as the server computes them: every linkifier's matches (in the realm's
 * order) and then bare URLs (scheme-less ones as `https://`); where matches overlap, the one
 * found first wins; the result is in text order.
 */
export function topicLinks(linkifiers: readonly LinkifierRecord[], topic: string): TopicLink[] {
  return [...sharedTopicLinks(linkifiers, topic)];
}

/**
 * {@link topicLinks} as one frozen list, the same list while neither the linkifiers nor the cache
 * change (its identity tells a holder the links are still the same).
 */
export function sharedTopicLinks(linkifiers: readonly LinkifierRecord[], topic: string): readonly TopicLink[] {
  // The realm replaces its linkifier list on every change, so the list's identity keys the cache.
  let known = cache.get(linkifiers);
  if (!known) cache.set(linkifiers, (known = new Map()));
  let links = known.get(topic);
  if (!links) {
    if (known.size >= CACHED_TOPICS) known.clear();
    links = Object.freeze(computeTopicLinks(linkifiers, topic));
    known.set(topic, links);
  }
  return links;
}

/** Topics remembered per linkifier list: every message a history page serializes asks again. */
const CACHED_TOPICS = 10_000;
const cache = new WeakMap<readonly LinkifierRecord[], Map<string, readonly TopicLink[]>>();

// Where the server cuts a topic into pieces to look for bare URLs (`basic_link_splitter`).
const LINK_SPLITTER = /[ !;),'"]/g;

/**
 * Bare URLs as the server finds them in a topic: the message pattern tried at the start of each
 * piece between splitter characters, the piece's end standing for the text's end.
 */
function* bareLinks(topic: string): Generator<{ index: number; text: string }> {
  for (let start = 0; start < topic.length; ) {
    LINK_SPLITTER.lastIndex = start;
    const end = LINK_SPLITTER.exec(topic)?.index ?? topic.length;
    const text = webLinkAtStart(topic.slice(start, end));
    if (text) yield { index: start, text };
    start = end + 1;
  }
}

/**
 * A bare URL's address: as written when it has a scheme, else `https://` before it (an email
 * address too, as the server's `urlsplit` reading of it gives no scheme).
 */
function withScheme(text: string): string {
  return /^[A-Za-z][A-Za-z0-9+.-]*:/.test(text) ? text : `https://${text}`;
}

/**
 * The server's topic_links: each linkifier's matches, searched again from the end of each linked
 * text; then bare URLs. A match is placed where its whole match began (the character before the
 * linked text included), and a candidate overlapping one already taken is dropped.
 */
function computeTopicLinks(linkifiers: readonly LinkifierRecord[], topic: string): TopicLink[] {
  const candidates: { index: number; length: number; link: TopicLink }[] = [];
  for (const linkifier of linkifiers) {
    for (let from = 0; from < topic.length; ) {
      const match = searchLinkifier(linkifier, topic, from);
      if (!match) break;
      candidates.push({ index: match.matchStart, length: match.text.length, link: { url: match.url, text: match.text } });
      from = Math.max(match.next, from + 1);
    }
  }
  for (const { index, text } of bareLinks(topic)) {
    candidates.push({ index, length: text.length, link: { url: withScheme(text), text } });
  }
  const overlap = (a: (typeof candidates)[number], b: (typeof candidates)[number]) =>
    (b.index <= a.index && a.index < b.index + b.length) || (a.index <= b.index && b.index < a.index + a.length);
  const chosen: typeof candidates = [];
  for (const candidate of candidates) {
    if (chosen.some((taken) => overlap(taken, candidate))) continue;
    chosen.push(candidate);
  }
  return chosen.sort((a, b) => a.index - b.index).map(({ link }) => link);
}
