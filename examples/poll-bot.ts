/**
 * A bot runs a poll in a channel topic: it posts a `/poll` message, people vote (here through
 * `vote`, as the web app's poll widget does), and the bot counts the votes from the message's
 * submessages.
 * Run against a server: ZULIP_SITE=... ZULIP_EMAIL=... ZULIP_API_KEY=... node examples/poll-bot.ts
 */
import { existsSync, realpathSync } from 'node:fs';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ChatClient } from 'teamchat-sdk/node';

/** A poll to post in a channel's topic. */
export interface Poll {
  readonly channel: string;
  readonly topic: string;
  readonly question: string;
  readonly options: readonly string[];
}

/** What a poll widget's submessages say, in the order they were added. */
type PollData =
  | { readonly widget_type: 'poll'; readonly extra_data: { readonly question: string; readonly options: readonly string[] } }
  | { readonly type: 'new_option'; readonly idx: number; readonly option: string }
  | { readonly type: 'vote'; readonly key: string; readonly vote: 1 | -1 }
  | { readonly type: 'question'; readonly question: string };

/** Posts the poll and returns its message ID. */
export async function startPoll(client: ChatClient, poll: Poll): Promise<number> {
  const content = [`/poll ${poll.question}`, ...poll.options].join('\n');
  const { id } = await client.messages.send({ type: 'channel', to: poll.channel, topic: poll.topic, content });
  return id;
}

/** Each option's key (how votes name it) and text: the poll's own, then those people added. */
async function optionsOf(client: ChatClient, messageId: number) {
  const { message } = await client.messages.get({ message_id: messageId });
  const options = new Map<string, string>();
  const votes = new Map<string, Set<number>>();
  for (const submessage of [...message.submessages].sort((a, b) => a.id - b.id)) {
    const data = JSON.parse(submessage.content) as PollData;
    if ('widget_type' in data) data.extra_data.options.forEach((option, index) => options.set(`canned,${index}`, option));
    else if (data.type === 'new_option') options.set(`${submessage.sender_id},${data.idx}`, data.option);
    else if (data.type === 'vote') {
      const voters = votes.get(data.key) ?? new Set<number>();
      if (data.vote === 1) voters.add(submessage.sender_id);
      else voters.delete(submessage.sender_id);
      votes.set(data.key, voters);
    }
  }
  return { options, votes };
}

/** Votes for an option, named by its text. */
export async function vote(client: ChatClient, messageId: number, option: string): Promise<void> {
  const { options } = await optionsOf(client, messageId);
  const key = [...options].find(([, text]) => text === option)?.[0];
  if (key === undefined) throw new Error(`the poll has no option "${option}"`);
  await client.messages.addSubmessage({ message_id: messageId, msg_type: 'widget', content: JSON.stringify({ type: 'vote', key, vote: 1 }) });
}

/** How many people voted for each option. */
export async function pollResults(client: ChatClient, messageId: number): Promise<Record<string, number>> {
  const { options, votes } = await optionsOf(client, messageId);
  return Object.fromEntries([...options].map(([key, text]) => [text, votes.get(key)?.size ?? 0]));
}

// Run as a program (`node examples/poll-bot.ts`; `npx tsx` finds the file without its extension too),
// not when a test imports it. Real paths: through a symlinked directory (macOS's /tmp), the
// module's path is the real one.
const thisFile = realpathSync(fileURLToPath(import.meta.url));
const started = process.argv[1];
if (started !== undefined && [started, started + extname(thisFile)].some((path) => existsSync(path) && realpathSync(path) === thisFile)) {
  // ZULIP_SITE, ZULIP_EMAIL and ZULIP_API_KEY, or a zuliprc file, as the reference Python client reads them.
  const client = ChatClient.fromEnv();
  const id = await startPoll(client, { channel: 'Verona', topic: 'lunch', question: 'Lunch?', options: ['Pizza', 'Salad'] });
  await vote(client, id, 'Pizza');
  console.log(await pollResults(client, id));
}
