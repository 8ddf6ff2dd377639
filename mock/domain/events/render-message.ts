import { isPublic } from '../channels';
import { serializeMessage, wireFlags } from '../messages/serialize';
import type { MockState } from '../state';
import type { MessageSent } from './changes';
import { matchesQueueNarrow } from './narrow';
import type { EventQueue } from './queue';
import { canAccessUser, seesAllUsers } from '../accounts/user-access';
import type { UserRecord } from '../../store/store';

/** Whether a message's channel is private (false for a direct message). */
function isInviteOnly(state: MockState, channelId: number | null): boolean {
  return channelId !== null && state.store.tables.channel.get(channelId)?.invite_only === true;
}

/**
 * The `message` event for one queue, or undefined when its user may not receive it: users with a
 * copy of the message get their flags; a queue following all public channels, or with any narrow,
 * gets public channels' messages with no flags. The narrow then filters the rendered payload.
 * The server hands public messages to every narrowed queue of the realm, a guest's too, and only
 * hides a sender from the users with a copy. A queue whose client name contains `mirror` (a
 * mirroring bot's, named by `POST /register`'s `client` or `GET /events`' `user_client`) gets no
 * message its own client sent, and `invite_only_stream: true` on private channels' messages.
 */
export function renderMessageEvent(state: MockState, queue: EventQueue, change: MessageSent) {
  const message = state.store.tables.message.get(change.messageId);
  const viewer = state.store.tables.user.get(queue.userId);
  if (!message || !viewer) return undefined;
  const clientName = queue.options.clientName;
  // The server's guard against mirroring loops: a mirroring client's messages skip its own queues.
  if (message.client.includes('mirror') && message.client.toLowerCase() === clientName.toLowerCase()) return undefined;
  const stored = state.store.userMessages.flags(viewer.id, message.id);
  let flags: string[];
  if (stored) flags = wireFlags(stored, state.featureLevel);
  else {
    const channel = message.channel_id === null ? undefined : state.store.tables.channel.get(message.channel_id);
    const followed =
      channel !== undefined &&
      isPublic(channel) &&
      // The server treats every narrowed queue as following all public channels; the narrow filters.
      (queue.options.allPublicStreams || queue.options.narrow.length > 0);
    if (!followed) return undefined;
    flags = [];
  }
  const { flags: _flags, ...serialized } = serializeMessage(state, viewer, message, {
    applyMarkdown: queue.options.applyMarkdown,
    allowEmptyTopicName: queue.options.capabilities.has('empty_topic_name'),
    clientGravatar: queue.options.clientGravatar,
    // A channel message's sender, for a limited guest who shares no channel or conversation with
    // them; the server asks only when the sender is not subscribed to the channel.
    ...(stored && message.channel_id !== null && !seesAllUsers(state, viewer) && !state.store.isSubscribed(message.sender_id, message.channel_id)
      ? { canAccessSender: (sender: UserRecord) => canAccessUser(state, viewer, sender) }
      : {}),
  });
  // The server filters by the payload this queue receives, so its narrow reads what the client sees.
  if (!matchesQueueNarrow(state, serialized, flags, queue.options.narrow)) return undefined;
  const localEcho = change.localEcho?.queueId === queue.id ? change.localEcho.localId : undefined;
  return {
    type: 'message',
    message: clientName.includes('mirror') && isInviteOnly(state, message.channel_id) ? { ...serialized, invite_only_stream: true } : serialized,
    flags,
    ...(localEcho === undefined ? {} : { local_message_id: localEcho }),
  };
}
