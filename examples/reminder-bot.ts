/**
 * A bot schedules a reminder in a channel topic and lists what it still has to send; the server
 * sends the reminder at its time, as the bot. And a personal reminder of a message (feature level
 * 381): at its time Notification Bot sends the caller a direct message quoting it, with a note.
 * Run against a server: ZULIP_SITE=... ZULIP_EMAIL=... ZULIP_API_KEY=... node examples/reminder-bot.ts
 */
import { existsSync, realpathSync } from 'node:fs';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ChatClient } from 'teamchat-sdk/node';

/** A reminder to post later in a channel's topic. */
export interface Reminder {
  readonly channel: string;
  readonly topic: string;
  readonly text: string;
  /** When to post it: UNIX seconds. */
  readonly at: number;
}

/** Schedules the reminder and returns its scheduled message ID. */
export async function scheduleReminder(client: ChatClient, reminder: Reminder): Promise<number> {
  const { stream_id } = await client.channels.getId({ stream: reminder.channel });
  const { scheduled_message_id } = await client.scheduledMessages.create({
    type: 'channel',
    to: stream_id,
    topic: reminder.topic,
    content: `:alarm_clock: ${reminder.text}`,
    scheduled_delivery_timestamp: reminder.at,
  });
  return scheduled_message_id;
}

/** The reminders not sent yet, soonest first, as "when: text" lines. */
export async function pendingReminders(client: ChatClient): Promise<string[]> {
  const { scheduled_messages } = await client.scheduledMessages.list();
  return scheduled_messages.map((pending) => `${new Date(pending.scheduled_delivery_timestamp * 1000).toISOString()}: ${pending.content}`);
}

/** Asks the server to remind the caller of a message in `seconds`, with a note; answers the reminder's ID. */
export async function remindMeOf(client: ChatClient, messageId: number, seconds: number, note: string): Promise<number> {
  const at = Math.floor(Date.now() / 1000) + seconds;
  const { reminder_id } = await client.reminders.create({ message_id: messageId, scheduled_delivery_timestamp: at, note });
  return reminder_id;
}

// Run as a program (`node examples/reminder-bot.ts`; `npx tsx` finds the file without its extension too),
// not when a test imports it. Real paths: through a symlinked directory (macOS's /tmp), the
// module's path is the real one.
const thisFile = realpathSync(fileURLToPath(import.meta.url));
const started = process.argv[1];
if (started !== undefined && [started, started + extname(thisFile)].some((path) => existsSync(path) && realpathSync(path) === thisFile)) {
  // ZULIP_SITE, ZULIP_EMAIL and ZULIP_API_KEY, or a zuliprc file, as the reference Python client reads them.
  const client = ChatClient.fromEnv();
  const inOneHour = Math.floor(Date.now() / 1000) + 3600;
  await scheduleReminder(client, { channel: 'Verona', topic: 'standup', text: 'Standup in five minutes', at: inOneHour });
  console.log((await pendingReminders(client)).join('\n'));
}
