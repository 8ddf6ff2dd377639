import { fetchLinkEmbeds } from '../link-embeds/worker';
import type { UserRecord } from '../../store/store';
import type { MockState } from '../state';
import type { VisibilityPolicyValue } from '../user-topics';
import { badRequest } from '../errors';
import { applyAutomaticVisibility, sawEarlierMessageInTopic } from './auto-follow';
import { mentionedUserIds as mentionedUserIdsOf } from './mentions';
import { parseChannelTarget, parseDirectTarget } from './recipients';
import { checkForging, type ForgingParams, mirroredSender } from './forging';
import { announceMessage, storeMessage, storeMessageQuietly, type NewMessage } from './store-message';
import { recordDirectMessageAccess } from '../accounts/user-access-events';
import { channelAddressee, type MessageAddressee, resolveDirectRecipients } from './addressing';
import { type CheckedMessage, checkMessage } from './check-message';
import { queueServiceBotEvents } from '../service-bots/queue';
import { replyAsWelcomeBot } from '../onboarding/welcome-bot-reply';

/** What send-message receives after parameter decoding. */
export interface SendMessageInput extends ForgingParams {
  readonly type: 'direct' | 'private' | 'channel' | 'stream';
  /** The raw `to` text. */
  readonly to: string;
  readonly topic?: string | undefined;
  readonly content: string;
  readonly read_by_sender?: boolean | undefined;
  readonly queue_id?: string | undefined;
  readonly local_id?: string | undefined;
  /** The raw `widget_content` text (checked with the message). */
  readonly widget_content?: string | undefined;
}

/** What sending reports back. */
export interface SentMessage {
  readonly id: number;
  /** The sender's new policy for the topic, when sending changed it. */
  readonly automaticNewVisibilityPolicy?: VisibilityPolicyValue | undefined;
}

// Clients whose users read what they send; everything else (bots, scripts) leaves it unread.
const INTERACTIVE_CLIENTS = new Set([
  'website',
  'zulipandroid',
  'zulipios',
  'zulipdesktop',
  'zulipmobile',
  'zulipelectron',
  'zulipterminal',
  'snipe',
  'ios',
  'android',
]);

/** Local echo needs both halves: the queue to notify and the client's ID for the message. */
function checkLocalEcho(input: SendMessageInput): void {
  if (input.queue_id !== undefined && input.local_id === undefined) throw badRequest("Missing 'local_id' argument");
  if (input.local_id !== undefined && input.queue_id === undefined) throw badRequest("Missing 'queue_id' argument");
}

/** Whether a client's messages start read for their sender when it does not say (`default_read_by_sender`). */
export function defaultReadBySender(client: string): boolean {
  return INTERACTIVE_CLIENTS.has(client.toLowerCase());
}

/** How a checked message is sent: its client, whether it starts read for its sender, local echo. */
export interface Delivery {
  readonly client: string;
  readonly readBySender: boolean;
  readonly localEcho?: NewMessage['localEcho'];
}

/**
 * Sends a checked message: stores it, applies the automatic topic policies of its sender and of the
 * users it mentions, then announces it (the server's order of events). Welcome Bot answers a
 * direct message to it. Its links' previews come last, from the embed worker (`fetchLinkEmbeds`).
 */
export function sendCheckedMessage(state: MockState, sender: UserRecord, checked: CheckedMessage, delivery: Delivery): SentMessage {
  const { content, rendered, destination, widget } = checked;
  const { client, readBySender, localEcho } = delivery;
  if (destination.type === 'stream') {
    const { channel, topic } = destination;
    const initiatesTopic = !sawEarlierMessageInTopic(state, sender, channel, topic);
    const record = storeMessageQuietly(state, { sender, client, content, readBySender, rendered, destination, widget });
    const mentionedUserIds = mentionedUserIdsOf(state, rendered.mentions);
    const policy = applyAutomaticVisibility(state, { sender, channel, topic, initiatesTopic, mentionedUserIds });
    // The server sends the topic policy events before the message event.
    announceMessage(state, record, localEcho);
    const { id } = record;
    queueServiceBotEvents(state, sender, id, rendered.mentions);
    fetchLinkEmbeds(state, id, content, rendered.linksForPreview);
    return { id, automaticNewVisibilityPolicy: policy };
  }
  recordDirectMessageAccess(state, sender.id, destination.userIds);
  const record = storeMessage(state, { sender, client, content, readBySender, rendered, destination, localEcho, widget });
  replyAsWelcomeBot(state, record);
  const { id } = record;
  queueServiceBotEvents(state, sender, id, rendered.mentions);
  fetchLinkEmbeds(state, id, content, rendered.linksForPreview);
  return { id };
}

/**
 * Sends a message, checking in the real server's order: `to`, forging, topic, recipients,
 * content, channel, posting permission, topic policy, direct-message rules, widget, mentions.
 * Channel messages then apply the automatic follow and unmute settings.
 */
export function sendMessage(state: MockState, sender: UserRecord, client: string, input: SendMessageInput): SentMessage {
  checkLocalEcho(input);
  const readBySender = input.read_by_sender ?? defaultReadBySender(client);
  const localEcho =
    input.queue_id !== undefined && input.local_id !== undefined
      ? { queueId: input.queue_id, localId: input.local_id }
      : undefined;
  // The server's view reads `to` and the forging parameters before it looks for a topic (the addressee).
  const isChannel = input.type === 'channel' || input.type === 'stream';
  const target = isChannel ? parseChannelTarget(input.to) : parseDirectTarget(input.to);
  const mirror = checkForging(input, client, target);
  // A mirroring client sends as the account it names, and only what its own user received.
  const author = mirror ? mirroredSender(state, mirror) : sender;
  const addressee: MessageAddressee =
    target.kind === 'name' || target.kind === 'id'
      ? channelAddressee(state, target, input.topic)
      : { type: 'private', userIds: resolveDirectRecipients(state, target) };
  const checked = checkMessage(state, author, addressee, input.content, input.widget_content, { forwarder: mirror ? sender : undefined });
  return sendCheckedMessage(state, author, checked, { client, readBySender, localEcho });
}
