import type { ChatClient } from '../../src/index';

/** Uploads bytes as a named file of a type; answers its URL and its path below `/user_uploads/`. */
export async function upload(client: ChatClient, bytes: Uint8Array, name: string, type: string): Promise<{ url: string; pathId: string }> {
  const { url = '' } = await client.uploads.upload(new File([bytes.slice()], name, { type }));
  return { url, pathId: url.slice('/user_uploads/'.length) };
}

/** Sends `content` to Verona (in `topic`) as `client` and reads back the rendered HTML. */
export async function sendAndRead(client: ChatClient, content: string, topic = 'pictures'): Promise<{ id: number; html: string }> {
  const { id } = await client.messages.send({ type: 'channel', to: 'Verona', topic, content });
  const { message } = await client.messages.get({ message_id: id });
  return { id, html: message.content };
}
