import MarkdownIt from 'markdown-it';
import type { LinkifierRecord } from '../../store/linkifiers';
import { searchLinkifier } from './match';

/** A link the server finds in a topic: `topic_links` on messages and in move events. */
export type TopicLink = {
  readonly text: string;
  readonly url: string;
};

// The same URL detection as message content.
const urls = new MarkdownIt({ linkify: true }).linkify;

/**
 * The links of a topic as the server computes them: every linkifier's matches (in the realm's
 * order) and then bare URLs (scheme-less ones as `https://`); where matches overlap, the one
 * found first wins; the result is in text order.
 */
export function topicLinks(linkifiers: readonly LinkifierRecord[], topic: string): TopicLink[] {
  // The realm replaces its linkifier list on every change, so the list's identity keys the cache.
  let known = cache.get(linkifiers);
  if (!known) cache.set(linkifiers, (known = new Map()));
  let links = known.get(topic);
  if (!links) {
    if (known.size >= CACHED_TOPICS) known.clear();
    links = Object.freeze(computeTopicLinks(linkifiers, topic));
    known.set(topic, links);
  }
  return [...links];
}

/** Topics remembered per linkifier list: every message a history page serializes asks again. */
const CACHED_TOPICS = 10_000;
const cache = new WeakMap<readonly LinkifierRecord[], Map<string, readonly TopicLink[]>>();

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
  for (const match of urls.match(topic) ?? []) {
    if (match.schema === 'mailto:') continue;
    const url = match.schema === '' ? `https://${match.raw}` : match.url;
    candidates.push({ index: match.index, length: match.raw.length, link: { url, text: match.raw } });
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
