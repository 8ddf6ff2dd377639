import MarkdownIt from 'markdown-it';
import type { LinkifierRecord } from '../../store/linkifiers';
import { linkifierMatches } from './match';

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

function computeTopicLinks(linkifiers: readonly LinkifierRecord[], topic: string): TopicLink[] {
  const candidates: { start: number; end: number; link: TopicLink }[] = [];
  for (const linkifier of linkifiers) {
    for (const match of linkifierMatches(linkifier, topic)) {
      candidates.push({ start: match.start, end: match.end, link: { url: match.url, text: match.text } });
    }
  }
  for (const match of urls.match(topic) ?? []) {
    if (match.schema === 'mailto:') continue;
    const url = match.schema === '' ? `https://${match.raw}` : match.url;
    candidates.push({ start: match.index, end: match.lastIndex, link: { url, text: match.raw } });
  }
  const chosen: typeof candidates = [];
  for (const candidate of candidates) {
    if (chosen.some((taken) => candidate.start < taken.end && taken.start < candidate.end)) continue;
    chosen.push(candidate);
  }
  return chosen.sort((a, b) => a.start - b.start).map(({ link }) => link);
}
