/**
 * A bot sends a channel message and reads it back.
 * Run against a server: ZULIP_SITE=... ZULIP_EMAIL=... ZULIP_API_KEY=... node examples/bot-send-message.ts
 */
import { existsSync, realpathSync } from 'node:fs';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ChatClient, StreamDoesNotExistError } from 'teamchat-sdk/node';

/** Sends a greeting to Verona and returns its rendered HTML. */
export async function greet(client: ChatClient): Promise<string> {
  const { id } = await client.messages.send({
    type: 'channel',
    to: 'Verona',
    topic: 'greetings',
    content: 'Hello from a **bot**!',
  });
  const { message } = await client.messages.get({ message_id: id });
  try {
    await client.messages.send({ type: 'channel', to: 'Atlantis', topic: 'x', content: 'lost' });
  } catch (error) {
    if (error instanceof StreamDoesNotExistError) console.log(`no channel named ${error.stream}`);
    else throw error;
  }
  return message.content;
}

// Run as a program (`node examples/bot-send-message.ts`; `npx tsx` finds the file without its extension too),
// not when a test imports it. Real paths: through a symlinked directory (macOS's /tmp), the
// module's path is the real one.
const thisFile = realpathSync(fileURLToPath(import.meta.url));
const started = process.argv[1];
if (started !== undefined && [started, started + extname(thisFile)].some((path) => existsSync(path) && realpathSync(path) === thisFile)) {
  // ZULIP_SITE, ZULIP_EMAIL and ZULIP_API_KEY, or a zuliprc file, as the reference Python client reads them.
  const client = ChatClient.fromEnv();
  console.log(await greet(client));
}
