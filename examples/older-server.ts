/**
 * One bot for servers old and new: the client asks the server's feature level once and encodes
 * each call for it, and says so before sending what the server cannot do.
 * Run against a server: ZULIP_SITE=... ZULIP_EMAIL=... ZULIP_API_KEY=... node examples/older-server.ts
 */
import { existsSync, realpathSync } from 'node:fs';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ChatClient, UnsupportedFeatureError } from 'teamchat-sdk/node';

/** Sends a direct message (as `private` to servers below level 174); returns what happened. */
export async function notifyAnyServer(client: ChatClient, recipientId: number): Promise<string[]> {
  const log: string[] = [];
  await client.messages.send({ type: 'direct', to: [recipientId], content: 'Deploy finished.' });
  log.push(`sent to a server at feature level ${await client.serverFeatureLevel()}`);
  try {
    // Typing while editing a message exists from level 351.
    await client.typing.setForEdit({ message_id: 1, op: 'start' });
  } catch (error) {
    if (!(error instanceof UnsupportedFeatureError)) throw error;
    log.push(`skipped: ${error.operation} needs level ${error.neededLevel}`);
  }
  return log;
}

// Run as a program (`node examples/older-server.ts`; `npx tsx` finds the file without its extension too),
// not when a test imports it. Real paths: through a symlinked directory (macOS's /tmp), the
// module's path is the real one.
const thisFile = realpathSync(fileURLToPath(import.meta.url));
const started = process.argv[1];
if (started !== undefined && [started, started + extname(thisFile)].some((path) => existsSync(path) && realpathSync(path) === thisFile)) {
  // ZULIP_SITE, ZULIP_EMAIL and ZULIP_API_KEY, or a zuliprc file, as the reference Python client reads them.
  const client = ChatClient.fromEnv();
  console.log(await notifyAnyServer(client, Number(process.env.RECIPIENT_ID ?? 1)));
}
