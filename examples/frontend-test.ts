/**
 * A frontend test mocks the backend in-process with MSW: a fresh realm per test.
 */
import { setupServer } from 'msw/node';
import { ChatClient } from 'teamchat-sdk';
import { createMockServer } from 'teamchat-sdk/mock';

/** Sends a direct message through the mock and returns what the recipient sees. */
export async function directMessageRoundTrip(): Promise<string[]> {
  const mock = createMockServer({ baseUrl: 'http://chat.test' });
  const server = setupServer(...mock.handlers);
  server.listen({ onUnhandledFrame: 'error' });
  try {
    const hamlet = new ChatClient({
      site: 'http://chat.test',
      email: 'hamlet@zulip.com',
      apiKey: mock.apiKeyOf('hamlet@zulip.com'),
    });
    const { id } = await hamlet.messages.send({ type: 'direct', to: ['othello@zulip.com'], content: 'Meet at noon' });
    const othello = new ChatClient({
      site: 'http://chat.test',
      email: 'othello@zulip.com',
      apiKey: mock.apiKeyOf('othello@zulip.com'),
    });
    const { message } = await othello.messages.get({ message_id: id, apply_markdown: false });
    return [message.sender_full_name, message.content];
  } finally {
    server.close();
  }
}
