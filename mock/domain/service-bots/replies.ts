import type { UserRecord } from '../../store/store';
import { channelAddressee, type MessageAddressee } from '../messages/addressing';
import { checkMessage } from '../messages/check-message';
import { sendCheckedMessage } from '../messages/send';
import type { MockState } from '../state';
import type { ServiceBotMessage } from './message';

/** The client an outgoing webhook's replies and notices are sent with. */
export const OUTGOING_WEBHOOK_CLIENT = 'OutgoingWebhookResponse';

/** Where a reply goes: back into the conversation of a message, or to users directly. */
export type ReplyTarget =
  | { readonly kind: 'conversation'; readonly message: ServiceBotMessage }
  | { readonly kind: 'direct'; readonly userIds: readonly number[] };

function addresseeOf(state: MockState, target: ReplyTarget): MessageAddressee {
  if (target.kind === 'direct') return { type: 'private', userIds: target.userIds };
  const { message } = target;
  if (message.type === 'stream') {
    return channelAddressee(state, { kind: 'name', name: String(message.display_recipient) }, message.subject);
  }
  const participants = message.display_recipient as readonly { readonly id: number }[];
  return { type: 'private', userIds: participants.map((participant) => participant.id) };
}

/** What a bot replies with. */
export interface ReplyContent {
  readonly content: string;
  /** A widget as JSON text (`widget_content`), checked as the send endpoint checks it. */
  readonly widgetContent?: string | undefined;
}

/**
 * Sends a bot's reply as the server's `send_response_message` (outgoing webhooks) or its embedded
 * bot handler does: the full `check_message` path (rendering, events, flags), the channel message
 * addressed by the name and topic it had when sent. Outgoing webhooks skip the channel access
 * check; their client is `OutgoingWebhookResponse`, an embedded bot's `Internal`. Throws the
 * send's API error.
 */
export function sendBotReply(state: MockState, bot: UserRecord, target: ReplyTarget, reply: ReplyContent, client: string): number {
  const addressee = addresseeOf(state, target);
  const skipChannelAccessCheck = client === OUTGOING_WEBHOOK_CLIENT;
  const checked = checkMessage(state, bot, addressee, reply.content, reply.widgetContent, { skipChannelAccessCheck });
  return sendCheckedMessage(state, bot, checked, { client, readBySender: false }).id;
}
