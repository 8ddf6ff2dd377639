import type { ChannelRecord, UserRecord } from '../../store/store';
import { hasChannelContentAccess } from '../channel-access';
import type { MockState } from '../state';
import { EMPTY_TOPIC_FALLBACK_NAME } from '../topics';
import { encodeChannel, encodeHashComponent } from './narrow-url';
import type { ChannelLinkAnchor, ChannelLinkSyntax } from './plugins/channel-link-syntax';

/**
 * The topic's latest message the sender may read: any, where the channel's history is public to
 * its subscribers; else only one the sender received (the server reads their UserMessage rows),
 * and none without a sender.
 */
function latestMessageId(state: MockState, channel: ChannelRecord, topic: string, sender: UserRecord | undefined): number | undefined {
  const protectedHistory = !channel.history_public_to_subscribers;
  if (protectedHistory && !sender) return undefined;
  let latest: number | undefined;
  for (const id of state.store.topicMessageIds(channel.id, topic)) {
    if (latest !== undefined && id <= latest) continue;
    if (protectedHistory && sender && !state.store.userMessages.has(sender.id, id)) continue;
    latest = id;
  }
  return latest;
}

/**
 * Resolves a channel link against the channels whose content the sender may access (the
 * server's `get_content_access_streams`: a guest links only web-public channels and those they
 * are subscribed to; any channel when no one acts) by its exact name; undefined leaves the text
 * as typed. Topic links point at the topic's latest message the sender may read (`/with/{id}`),
 * as the server's do.
 */
export function resolveChannelLink(
  state: MockState,
  sender: UserRecord | undefined,
  syntax: ChannelLinkSyntax,
): ChannelLinkAnchor | undefined {
  const channel = state.store.channelByName(syntax.channel);
  // The server looks channel names up with a case-sensitive equality.
  if (!channel || channel.name !== syntax.channel) return undefined;
  // Without anyone acting, the server looks every channel up (no access filter).
  const visible = sender === undefined || hasChannelContentAccess(state, sender, channel);
  if (!visible) return undefined;
  const channelUrl = `/#narrow/channel/${encodeChannel(channel.id, channel.name)}`;
  if (syntax.topic === undefined) {
    return {
      attributes: [['class', 'stream'], ['data-stream-id', String(channel.id)], ['href', channelUrl]],
      text: `#${channel.name}`,
    };
  }
  const topicUrl = `${channelUrl}/topic/${encodeHashComponent(syntax.topic)}`;
  if (syntax.messageId !== undefined) {
    const attributes: ChannelLinkAnchor['attributes'] = [['class', 'message-link'], ['href', `${topicUrl}/near/${syntax.messageId}`]];
    if (syntax.topic === '') return { attributes, text: `#${channel.name} > `, emptyTopic: { name: EMPTY_TOPIC_FALLBACK_NAME, tail: ' @ 💬' } };
    return { attributes, text: `#${channel.name} > ${syntax.topic} @ 💬` };
  }
  const latest = latestMessageId(state, channel, syntax.topic, sender);
  const attributes: ChannelLinkAnchor['attributes'] = [
    ['class', 'stream-topic'],
    ['data-stream-id', String(channel.id)],
    ['href', latest === undefined ? topicUrl : `${topicUrl}/with/${latest}`],
  ];
  // The empty topic shows as the server's fallback name, emphasized (not translated).
  if (syntax.topic === '') return { attributes, text: `#${channel.name} > `, emptyTopic: { name: EMPTY_TOPIC_FALLBACK_NAME, tail: '' } };
  return { attributes, text: `#${channel.name} > ${syntax.topic}` };
}
