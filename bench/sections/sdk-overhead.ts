/**
 * SDK overhead: a `ChatClient` call over a hand-written `fetch` of the identical request (same
 * method, URL, headers and body), against the same in-process mock, through MSW's `setupServer`
 * and through the direct `mock.fetch`.
 */
import { setupServer } from 'msw/node';
import { createMockServer } from '../../mock/index';
import { ChatClient, SDK_VERSION } from '../../src/index';
import type { Figure } from '../figures';
import { interleave, type Plan } from '../harness';

const SITE = 'http://bench.test';
const EMAIL = 'hamlet@zulip.com';
const SECTION = '1. SDK overhead';

export async function sdkOverhead(plan: Plan): Promise<Figure[]> {
  const mock = createMockServer({ baseUrl: SITE, rateLimits: false });
  const apiKey = mock.apiKeyOf(EMAIL);
  const headers = {
    'User-Agent': `teamchat-sdk/${SDK_VERSION}`,
    Accept: 'application/json',
    Authorization: `Basic ${btoa(`${EMAIL}:${apiKey}`)}`,
  };
  const sendBody = { type: 'channel', to: 'Verona', topic: 'bench', content: 'hello' } as const;
  const byHand = (fetch: typeof globalThis.fetch) => ({
    get: (id: number) => fetch(`${SITE}/api/v1/messages/${id}`, { headers }).then((response) => response.json()),
    send: () =>
      fetch(`${SITE}/api/v1/messages`, { method: 'POST', headers, body: new URLSearchParams(sendBody) }).then((response) =>
        response.json(),
      ),
  });
  const figures: Figure[] = [];
  const compare = async (path: string, client: ChatClient, fetch: typeof globalThis.fetch, target?: number) => {
    const { id } = await client.messages.send(sendBody);
    const hand = byHand(fetch);
    for (const [name, sdkCall, handCall] of [
      ['messages.get', () => client.messages.get({ message_id: id }), () => hand.get(id)],
      ['messages.send', () => client.messages.send(sendBody), hand.send],
    ] as const) {
      const result = await interleave(sdkCall, handCall, plan);
      figures.push({
        section: SECTION,
        name: `${name} through ${path}`,
        unit: 'ms',
        value: result.variant,
        baseline: { name: 'hand-written fetch', value: result.baseline },
        ratio: result.ratio,
        ...(target === undefined ? {} : { target: { op: '<=', value: target, of: 'ratio' } }),
      });
    }
  };
  const options = { site: SITE, email: EMAIL, apiKey, featureLevel: mock.state.featureLevel };
  await compare('mock.fetch', new ChatClient({ ...options, fetch: mock.fetch }), mock.fetch);
  const server = setupServer(...mock.handlers);
  server.listen({ onUnhandledFrame: 'error' });
  try {
    await compare('setupServer', new ChatClient(options), (input, init) => globalThis.fetch(input, init), 1.1);
  } finally {
    server.close();
  }
  return figures;
}
