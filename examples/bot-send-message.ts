/**
 * A bot sends a channel message and reads it back.
 * Run against a server: SITE=... EMAIL=... API_KEY=... npx tsx examples/bot-send-message.ts
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

if (process.env.SITE && process.env.API_KEY) {
  const client = new ChatClient({ site: process.env.SITE, email: process.env.EMAIL, apiKey: process.env.API_KEY });
  console.log(await greet(client));
}
