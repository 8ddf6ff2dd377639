import { BEFORE_MENTION_ALLOWED_CLASS } from './before-mention';

// The server's `STREAM_LINK_REGEX` and `STREAM_TOPIC_LINK_REGEX`, read over the raw message.
const CHANNEL_LINK = new RegExp(`(?<![^${BEFORE_MENTION_ALLOWED_CLASS}])#\\*\\*([^*]+)\\*\\*`, 'g');
const TOPIC_LINK = new RegExp(`(?<![^${BEFORE_MENTION_ALLOWED_CLASS}])#\\*\\*([^*>]+)>[^*]*\\*\\*`, 'g');

/**
 * The channel names the server looks up before rendering (`possible_linked_stream_names`): those
 * its link patterns find in the raw message, where a link may start only at the start or after
 * whitespace or ' " ( { [ / <. A link the renderer reads where the raw text has another character
 * before it (`|#**x**` in a table cell, `>#**x**` in a quote) names no channel unless the name is
 * found elsewhere. Undefined when the message has no `#**` at all.
 */
export function linkedChannelNames(content: string): ReadonlySet<string> | undefined {
  if (!content.includes('#**')) return undefined;
  const names = new Set<string>();
  for (const match of content.matchAll(CHANNEL_LINK)) names.add(match[1] ?? '');
  for (const match of content.matchAll(TOPIC_LINK)) names.add(match[1] ?? '');
  return names;
}
