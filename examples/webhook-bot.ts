/**
 * An outgoing webhook bot: the server POSTs each message that mentions the bot (or is a direct
 * message to it) to the bot's URL, and posts the `content` of the JSON answer as the bot's reply.
 * The bot itself is a plain fetch handler, so it runs under any HTTP server, and a test can hand it
 * straight to the mock (`createMockServer({ outgoingWebhooks: { fetch: answerOutgoingWebhook } })`).
 * Run it: PORT=8080 node examples/webhook-bot.ts (Node 22.18+; older Node: npx tsx), then register it with `registerWebhookBot`.
 */
import { createServer } from 'node:http';
import { existsSync, realpathSync } from 'node:fs';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChatClient } from 'teamchat-sdk';

/** What the server sends an outgoing webhook bot (Zulip format), as far as this bot reads it. */
interface OutgoingWebhookPayload {
  /** The message's text as its sender wrote it. */
  readonly data: string;
  /** `mention` or `direct_message`. */
  readonly trigger: string;
  readonly message: { readonly sender_full_name: string };
}

/** Answers one call of the server: a reply that repeats the text, or none for an empty one. */
export async function answerOutgoingWebhook(request: Request): Promise<Response> {
  const payload = (await request.json()) as OutgoingWebhookPayload;
  const text = payload.data.replace(/@\*\*[^*]+\*\*/g, '').trim();
  if (text === '') return Response.json({ response_not_required: true });
  return Response.json({ content: `${payload.message.sender_full_name} said (${payload.trigger}): ${text}` });
}

/** Creates the bot on the server, pointed at `url`; answers its user ID. */
export async function registerWebhookBot(client: ChatClient, url: string): Promise<number> {
  const { user_id } = await client.bots.create({ full_name: 'Echo Hook', short_name: 'echo-hook', bot_type: 3, payload_url: url });
  return user_id;
}

// Run as a program (`PORT=8080 node examples/webhook-bot.ts`; `npx tsx` finds the file without its extension too),
// not when a test imports it. Real paths: through a symlinked directory (macOS's /tmp), the
// module's path is the real one.
const thisFile = realpathSync(fileURLToPath(import.meta.url));
const started = process.argv[1];
if (started !== undefined && [started, started + extname(thisFile)].some((path) => existsSync(path) && realpathSync(path) === thisFile)) {
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const request = new Request(`http://localhost${incoming.url ?? '/'}`, { method: 'POST', body: Buffer.concat(chunks) });
      void answerOutgoingWebhook(request).then(async (response) => {
        outgoing.writeHead(response.status, { 'content-type': 'application/json' }).end(await response.text());
      });
    });
  });
  const port = Number(process.env.PORT ?? 8080);
  server.listen(port, () => console.log(`webhook bot listening on port ${port}`));
}
