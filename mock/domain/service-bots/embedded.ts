import type { UserRecord } from '../../store/store';
import type { MockState } from '../state';
import type { ServiceBotMessage } from './message';
import { sendBotReply } from './replies';

/** The client an embedded bot's messages are sent with (the server's internal sends). */
const EMBEDDED_BOT_CLIENT = 'Internal';

/** What an embedded bot handler may do: reply in the conversation of the message it handles. */
interface EmbeddedBotContext {
  reply(content: string): void;
}

/** An embedded bot's handler, given the message (its content without the leading mention). */
type EmbeddedBotHandler = (message: ServiceBotMessage, context: EmbeddedBotContext) => void;

/**
 * The `zulip_bots` handlers the mock runs. The server ships more (`converter`, `encrypt`,
 * `virtual_fs`, `giphy`, `followup`); a bot of those is triggered and its message marked
 * processed, but it says nothing here.
 */
const HANDLERS: Readonly<Record<string, EmbeddedBotHandler>> = {
  // zulip_bots' helloworld answers every message with the robot's "Hello World".
  helloworld: (_message, context) => context.reply('beep boop'),
};

/** The names of the embedded bots the mock runs. */
const MODELLED_EMBEDDED_BOTS: readonly string[] = Object.keys(HANDLERS);

/**
 * The message's content after the bot's leading mention (`zulip_bots`'
 * `extract_query_without_mention`): `@**Name**` or `@**Name|id**`, then blanks; undefined when
 * the content does not start with the bot's mention.
 */
function queryWithoutMention(content: string, bot: UserRecord): string | undefined {
  const extended = new RegExp(`^@\\*\\*.*\\|${bot.id}\\*\\*`).exec(content);
  if (extended) return content.slice(extended[0].length).trimStart();
  const mention = `@**${bot.full_name}**`;
  if (content.startsWith(mention)) return content.slice(mention.length).trimStart();
  return undefined;
}

/**
 * Runs an embedded bot's handler on a message that triggered it, as the server's embedded bot
 * worker does: for a mention, the handler sees the content without the leading mention (a
 * mention elsewhere in the message makes the server's worker fail: the bot does nothing). The
 * reply goes to the same conversation, sent as an internal message.
 * Answers whether the message was handled (the worker then marks it processed).
 */
export function runEmbeddedBot(state: MockState, bot: UserRecord, serviceName: string, message: ServiceBotMessage, trigger: string): boolean {
  const handler = HANDLERS[serviceName];
  let handled = message;
  if (trigger === 'mention') {
    const query = queryWithoutMention(message.content, bot);
    if (query === undefined) {
      state.logger.warn(`[teamchat-mock] embedded bot ${bot.email}: the message does not start with its mention, so the server's worker fails on it and the bot does nothing`);
      return false;
    }
    handled = { ...message, content: query };
  }
  if (!handler) {
    state.logger.warn(`[teamchat-mock] embedded bot ${bot.email}: the mock does not run '${serviceName}' (only ${MODELLED_EMBEDDED_BOTS.join(', ')}), so it does not reply`);
    return true;
  }
  handler(handled, {
    reply: (content) => {
      // The server's internal sends log a refused message rather than raise.
      try {
        sendBotReply(state, bot, { kind: 'conversation', message }, { content }, EMBEDDED_BOT_CLIENT);
      } catch (error) {
        state.logger.error(`[teamchat-mock] embedded bot ${bot.email} could not reply`, error);
      }
    },
  });
  return true;
}
