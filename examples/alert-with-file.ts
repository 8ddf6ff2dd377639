/**
 * An integration posts an alert with its report attached: it uploads the file, then links it
 * from the message, which shares it with everyone who can read the channel.
 * Run against a server: ZULIP_SITE=... ZULIP_EMAIL=... ZULIP_API_KEY=... node examples/alert-with-file.ts
 */
import { existsSync, realpathSync } from 'node:fs';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ChatClient } from 'teamchat-sdk/node';

/** Uploads a CSV report and posts an alert linking to it; returns the message ID and the file's URL. */
export async function postAlertWithReport(client: ChatClient, channel: string, rows: readonly string[][]): Promise<{ id: number; url: string }> {
  const csv = rows.map((row) => row.join(',')).join('\n');
  const { url, uri, filename } = await client.uploads.upload(new TextEncoder().encode(csv), {
    filename: 'error-report.csv',
    contentType: 'text/csv',
  });
  // Servers before feature level 272 answer only `uri`.
  const link = url ?? uri ?? '';
  const name = (filename ?? 'error-report.csv').replace(/[[\]]/g, '');
  const { id } = await client.messages.send({
    type: 'channel',
    to: channel,
    topic: 'alerts',
    content: `:warning: ${rows.length - 1} errors in the last hour. Report: [${name}](${link})`,
  });
  return { id, url: link };
}

// Run as a program (`node examples/alert-with-file.ts`; `npx tsx` finds the file without its extension too),
// not when a test imports it. Real paths: through a symlinked directory (macOS's /tmp), the
// module's path is the real one.
const thisFile = realpathSync(fileURLToPath(import.meta.url));
const started = process.argv[1];
if (started !== undefined && [started, started + extname(thisFile)].some((path) => existsSync(path) && realpathSync(path) === thisFile)) {
  // ZULIP_SITE, ZULIP_EMAIL and ZULIP_API_KEY, or a zuliprc file, as the reference Python client reads them.
  const client = ChatClient.fromEnv();
  console.log(await postAlertWithReport(client, process.env.CHANNEL ?? 'general', [['time', 'error'], ['12:00', 'timeout']]));
}
