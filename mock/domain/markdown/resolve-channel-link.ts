import type { UserRecord } from '../../store/store';
import { hasChannelContentAccess } from '../channel-access';
import { isPublic } from '../channels';
import type { MockState } from '../state';
import { encodeChannel, encodeHashComponent } from './narrow-url';
import type { ChannelLinkAnchor, ChannelLinkSyntax } from './plugins/channel-link-syntax';

function latestMessageId(state: MockState, channelId: number, topic: string): number | undefined {
  let latest: number | undefined;
  for (const id of state.store.topicMessageIds(channelId, topic)) if (latest === undefined || id > latest) latest = id;
  return latest;
}

/**
 * Resolves a channel link against the channels the sender may see (a private channel links
 * only for its subscribers); undefined leaves the text as typed. Topic links point at the
 * topic's latest message (`/with/{id}`) when it has messages, as the server's do.
 */
export function resolveChannelLink(
  state: MockState,
  sender: UserRecord | undefined,
  syntax: ChannelLinkSyntax,
): ChannelLinkAnchor | undefined {
  const channel = state.store.channelByName(syntax.channel);
  if (!channel) return undefined;
  const visible = isPublic(channel) || (sender !== undefined && hasChannelContentAccess(state, sender, channel));
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
    return {
      attributes: [['class', 'message-link'], ['href', `${topicUrl}/near/${syntax.messageId}`]],
      text: `#${channel.name} > ${syntax.topic} @ 💬`,
    };
  }
  const latest = latestMessageId(state, channel.id, syntax.topic);
  return {
    attributes: [
      ['class', 'stream-topic'],
      ['data-stream-id', String(channel.id)],
      ['href', latest === undefined ? topicUrl : `${topicUrl}/with/${latest}`],
    ],
    text: `#${channel.name} > ${syntax.topic}`,
  };
}
