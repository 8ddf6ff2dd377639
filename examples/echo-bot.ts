/**
 * An echo bot: answers every message that mentions it or is sent to it directly, in the same
 * conversation. It never answers itself or another bot, so two bots cannot loop. Ctrl-C (SIGINT)
 * stops it cleanly: the loop ends and its event queue is deleted.
 * Run against a server: ZULIP_SITE=... ZULIP_EMAIL=... ZULIP_API_KEY=... node examples/echo-bot.ts
 */
import { existsSync, realpathSync } from 'node:fs';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ChatClient, type EventMessage, replyTo, TeamChatError } from 'teamchat-sdk/node';

/** Bot accounts' emails end in `-bot@<domain>` on the server, which is how a bot spots another. */
function isBot(email: string): boolean {
  return /-bot@/i.test(email);
}

/** The text to echo: the message without mentions of the bot. */
function echoOf(message: EventMessage, botName: string): string {
  const text = message.content.replaceAll(`@**${botName}**`, '').trim();
  return `echo: ${text || '(nothing)'}`;
}

/**
 * Runs the bot until `signal` aborts. `botName` is the bot's full name, as mentions spell it.
 * Resolves once the loop has ended and the queue is deleted.
 */
export async function runEchoBot(client: ChatClient, botName: string, signal: AbortSignal): Promise<void> {
  await client.events.onMessage(
    async (message, event) => {
      if (message.sender_email === client.email || isBot(message.sender_email)) return;
      if (message.type !== 'private' && !event.flags.includes('mentioned')) return;
      const reply = { ...replyTo(message), content: echoOf(message, botName) };
      try {
        await client.messages.send(reply);
      } catch (error) {
        // A bug in the bot's own code is no failed reply: it ends the bot, the queue deleted.
        if (!(error instanceof TeamChatError)) throw error;
        // One failed reply must not stop the bot. It is reported, not sent again: after a 5xx or
        // a timeout the server may have stored it (a 429 was already waited out and sent again).
        console.error(`could not answer message ${message.id}: ${error.message}`);
      }
    },
    {
      signal,
      onRetry: ({ operation, error, delayMs }) =>
        console.warn(`events: ${operation} failed (${(error as Error).message}); trying again in ${Math.round(delayMs)} ms`),
    },
  );
}

// Run as a program, not imported by a test (real paths: through a symlinked directory the
// module's path is the real one; `npx tsx examples/echo-bot` names the file without its
// extension): configured from ZULIP_SITE, ZULIP_EMAIL and ZULIP_API_KEY, or
// a zuliprc file, as the reference Python client is.
const thisFile = realpathSync(fileURLToPath(import.meta.url));
const started = process.argv[1];
if (started !== undefined && [started, started + extname(thisFile)].some((path) => existsSync(path) && realpathSync(path) === thisFile)) {
  const client = ChatClient.fromEnv({ userAgent: 'echo-bot/1.0' });
  const stop = new AbortController();
  process.once('SIGINT', () => stop.abort());
  process.once('SIGTERM', () => stop.abort());
  console.log('echo bot running; Ctrl-C stops it');
  await runEchoBot(client, process.env.BOT_NAME ?? 'Zulip Default Bot', stop.signal);
  console.log('echo bot stopped');
}
