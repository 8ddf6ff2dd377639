import type { ChannelMessage, DirectMessage } from './schemas/message';

/** What {@link replyTo} reads of a message: any message the SDK returns or yields will do. */
export type ReplyableMessage = Pick<ChannelMessage, 'type' | 'stream_id' | 'subject'> | Pick<DirectMessage, 'type' | 'display_recipient'>;

/** The send parameters of a message's conversation, without `content`. */
export type ReplyTarget = { type: 'channel'; to: number; topic: string } | { type: 'direct'; to: number[] };

/**
 * The send parameters of the conversation a message is in: its channel (by ID) and topic, or
 * the IDs of every participant of a direct message. The server leaves the sender out of a
 * conversation with others, so the reply to a 1:1 message goes to the other person, whoever sent it.
 *
 * @example
 * await client.events.onMessage(async (message) => {
 *   await client.messages.send({ ...replyTo(message), content: 'pong' });
 * }, { signal });
 */
export function replyTo(message: ReplyableMessage): ReplyTarget {
  return message.type === 'stream'
    ? { type: 'channel', to: message.stream_id, topic: message.subject }
    : { type: 'direct', to: message.display_recipient.map((user) => user.id) };
}
