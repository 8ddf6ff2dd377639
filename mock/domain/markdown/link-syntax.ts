import { encodeChannel, encodeHashComponent } from './narrow-url';
import { EMPTY_TOPIC_FALLBACK_NAME } from '../topics';

/** Characters that break the `#**channel>topic**` syntax, as the server's `invalid_stream_topic_regex`. */
const BREAKS_LINK_SYNTAX = /[`>*&[\]]|\$\$/g;

const ESCAPES: Readonly<Record<string, string>> = {
  '`': '&#96;',
  '>': '&gt;',
  '*': '&#42;',
  '&': '&amp;',
  $$: '&#36;&#36;',
  '[': '&#91;',
  ']': '&#93;',
};

function breaksLinkSyntax(name: string): boolean {
  return name.search(BREAKS_LINK_SYNTAX) !== -1;
}

function escapeForLinkText(name: string): string {
  return name.replace(BREAKS_LINK_SYNTAX, (match) => ESCAPES[match] ?? match);
}

/**
 * A plain Markdown link to a channel (and topic, and message), for names the `#**...**` syntax
 * cannot carry: `[#channel > topic @ 💬](#narrow/channel/{id}-{name}/topic/{topic}/near/{id})`,
 * as the server writes it.
 */
function fallbackLink(channelId: number, channelName: string, topic?: string, messageId?: number): string {
  let link = `#narrow/channel/${encodeChannel(channelId, channelName)}`;
  let text = `#${escapeForLinkText(channelName)}`;
  if (topic !== undefined) {
    link += `/topic/${encodeHashComponent(topic)}`;
    text += ` > ${escapeForLinkText(topic === '' ? EMPTY_TOPIC_FALLBACK_NAME : topic)}`;
  }
  if (messageId !== undefined) {
    link += `/near/${messageId}`;
    text += ' @ 💬';
  }
  return `[${text}](${link})`;
}

/** How the server links a channel message in its own messages (`get_message_link_syntax`): `#**channel>topic@id**`. */
export function messageLinkSyntax(channelId: number, channelName: string, topic: string, messageId: number): string {
  if (breaksLinkSyntax(channelName) || breaksLinkSyntax(topic)) return fallbackLink(channelId, channelName, topic, messageId);
  return `#**${channelName}>${topic}@${messageId}**`;
}

/** How the server links a channel topic in its own messages (`get_stream_topic_link_syntax`). */
export function channelTopicLinkSyntax(channelId: number, channelName: string, topic: string): string {
  if (breaksLinkSyntax(channelName) || breaksLinkSyntax(topic)) return fallbackLink(channelId, channelName, topic);
  return `#**${channelName}>${topic}**`;
}

/** How the server links a channel in its own messages (`get_stream_link_syntax`). */
export function channelLinkSyntax(channelId: number, channelName: string): string {
  return breaksLinkSyntax(channelName) ? fallbackLink(channelId, channelName) : `#**${channelName}**`;
}
