/**
 * An integration posts an alert with its report attached: it uploads the file, then links it
 * from the message, which shares it with everyone who can read the channel.
 * Run against a server: ZULIP_SITE=... ZULIP_EMAIL=... ZULIP_API_KEY=... node examples/alert-with-file.ts
 */
import { ChatClient } from 'teamchat-sdk';

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

if (process.env.ZULIP_SITE && process.env.ZULIP_API_KEY) {
  const client = new ChatClient({ site: process.env.ZULIP_SITE, email: process.env.ZULIP_EMAIL, apiKey: process.env.ZULIP_API_KEY });
  console.log(await postAlertWithReport(client, process.env.CHANNEL ?? 'general', [['time', 'error'], ['12:00', 'timeout']]));
}
