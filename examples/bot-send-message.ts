/**
 * A bot sends a channel message and reads it back.
 * Run against a server: ZULIP_SITE=... ZULIP_EMAIL=... ZULIP_API_KEY=... node examples/bot-send-message.ts
 */
import { ChatClient, StreamDoesNotExistError } from 'teamchat-sdk';

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

if (process.env.ZULIP_SITE && process.env.ZULIP_API_KEY) {
  const client = new ChatClient({ site: process.env.ZULIP_SITE, email: process.env.ZULIP_EMAIL, apiKey: process.env.ZULIP_API_KEY });
  console.log(await greet(client));
}
