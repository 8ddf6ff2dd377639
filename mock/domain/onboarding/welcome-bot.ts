import type { UserRecord } from '../../store/store';
import { badRequest } from '../errors';
import { renderMessage } from '../markdown/render';
import { unusedFence } from '../markdown/unused-fence';
import { normalizeContent } from '../messages/check-message';
import { storeMessage } from '../messages/store-message';
import type { MockState } from '../state';
import { systemBot } from '../system-bot-accounts';
import { CROSS_REALM_BOTS, type CrossRealmBot, WELCOME_BOT_EMAIL } from '../system-bots';
import { welcomeIntroContent } from './welcome-intro';

/** The realm's Welcome Bot. */
export function welcomeBot(state: MockState): UserRecord {
  return systemBot(state, CROSS_REALM_BOTS.find((bot) => bot.email === WELCOME_BOT_EMAIL) as CrossRealmBot);
}

/**
 * The server's `get_custom_welcome_message_string`: the text quoted below a note from the
 * administrators, named with a silent mention of their system group.
 */
function customWelcomeMessage(text: string): string {
  const fence = unusedFence(text);
  return `\nA note from @_*role:administrators*:\n${fence}quote\n${text}\n${fence}\n`;
}

/**
 * `POST /realm/test_welcome_bot_custom_message`: Welcome Bot sends the administrator the custom
 * message as a direct message, checked as the server checks an internal message. Answers its ID.
 *
 * The server fails with a 500 on a text with a null byte (its internal send logs the refusal
 * and sends nothing); the mock answers the refusal itself, `Message must not contain null bytes`.
 */
export function sendTestWelcomeBotCustomMessage(state: MockState, admin: UserRecord, text: string): number {
  if (text.length === 0) throw badRequest('Message must not be empty');
  return sendFromWelcomeBot(state, admin, normalizeContent(state, customWelcomeMessage(text)));
}

/** Welcome Bot's direct message of `content` to one user, sent as the server sends its internal messages. */
function sendFromWelcomeBot(state: MockState, recipient: UserRecord, content: string): number {
  const sender = welcomeBot(state);
  return storeMessage(state, {
    sender,
    client: 'Internal',
    content,
    readBySender: true,
    rendered: renderMessage(state, content, sender),
    destination: { type: 'private', userIds: [recipient.id] },
  }).id;
}

/** The custom message's content, or undefined where the server's internal send would refuse it. */
function sendableCustomMessage(state: MockState, text: string): string | undefined {
  if (text === '') return undefined;
  try {
    return normalizeContent(state, customWelcomeMessage(text));
  } catch {
    // A null byte: the server's send refuses it, and then its account creation fails with a 500.
    // The mock keeps the account and leaves the note out.
    return undefined;
  }
}

/**
 * The server's `send_initial_direct_messages_to_user`: Welcome Bot's introduction, then, when
 * the realm has a `welcome_message_custom_text`, that text as a note from the administrators.
 * Answers the IDs sent, in order. Nobody is notified by email or push (there is no such delivery
 * in the mock anyway).
 */
export function sendInitialDirectMessages(state: MockState, user: UserRecord, customText: string): number[] {
  const custom = sendableCustomMessage(state, customText);
  const ids = [sendFromWelcomeBot(state, user, normalizeContent(state, welcomeIntroContent(state, user)))];
  if (custom !== undefined) ids.push(sendFromWelcomeBot(state, user, custom));
  return ids;
}
