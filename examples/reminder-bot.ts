/**
 * A bot schedules a reminder in a channel topic and lists what it still has to send; the server
 * sends the reminder at its time, as the bot.
 * Run against a server: SITE=... EMAIL=... API_KEY=... npx tsx examples/reminder-bot.ts
 */
import { ChatClient } from 'teamchat-sdk';

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

if (process.env.SITE && process.env.API_KEY) {
  const client = new ChatClient({ site: process.env.SITE, email: process.env.EMAIL, apiKey: process.env.API_KEY });
  const inOneHour = Math.floor(Date.now() / 1000) + 3600;
  await scheduleReminder(client, { channel: 'Verona', topic: 'standup', text: 'Standup in five minutes', at: inOneHour });
  console.log((await pendingReminders(client)).join('\n'));
}
