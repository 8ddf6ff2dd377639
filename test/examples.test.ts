import { ChatClient } from 'teamchat-sdk';
import { type HttpMock, startHttpMock } from 'teamchat-sdk/mock/node';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { greet } from '../examples/bot-send-message';
import { directMessageRoundTrip } from '../examples/frontend-test';
import { recordExchange } from './support/contract';

let running: HttpMock;
beforeAll(async () => {
  running = await startHttpMock({ port: 0, onExchange: recordExchange });
});
afterAll(() => running.close());

describe('examples run against the mock', () => {
  it('bot-send-message', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const client = new ChatClient({
      site: running.url,
      email: 'default-bot@zulip.com',
      apiKey: running.mock.apiKeyOf('default-bot@zulip.com'),
    });
    expect(await greet(client)).toBe('<p>Hello from a <strong>bot</strong>!</p>');
    expect(log).toHaveBeenCalledWith('no channel named Atlantis');
    log.mockRestore();
  });

  it('frontend-test', async () => {
    expect(await directMessageRoundTrip()).toEqual(['King Hamlet', 'Meet at noon']);
  });
});
