import type { MessageRecord, UserRecord } from '../../store/store';
import { canAccessUser } from '../accounts/user-access';
import { renderedContentOf } from '../messages/rendered-content';
import { serializeMessage } from '../messages/serialize';
import type { MockState } from '../state';

/** A message as the server hands it to a service bot's worker: the `GET /messages` form plus `rendered_content`. */
export type ServiceBotMessage = Record<string, unknown> & {
  readonly id: number;
  readonly type: 'stream' | 'private';
  readonly content: string;
  readonly display_recipient: string | readonly { readonly id: number; readonly email: string; readonly full_name: string }[];
  readonly subject: string;
  readonly stream_id?: number;
  readonly sender_id: number;
  readonly sender_full_name: string;
  readonly timestamp: number;
};

/**
 * The message as an outgoing webhook receives it (the server's `finalize_payload` for the bot):
 * raw Markdown `content` with `content_type: 'text/x-markdown'`, `rendered_content` kept, the
 * empty topic as it is, the avatar URL given, no `flags`; the sender as the bot may see them, and
 * an incoming one-to-one message's `recipient_id` the sender's. Taken when the message is sent.
 */
export function serviceBotMessage(state: MockState, bot: UserRecord, message: MessageRecord): ServiceBotMessage {
  const { flags: _flags, ...wire } = serializeMessage(state, bot, message, {
    applyMarkdown: false,
    allowEmptyTopicName: true,
    clientGravatar: false,
    canAccessSender: (sender) => canAccessUser(state, bot, sender),
  });
  return { ...wire, rendered_content: renderedContentOf(state, message) } as unknown as ServiceBotMessage;
}
