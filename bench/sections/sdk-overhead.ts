/**
 * SDK overhead: a `ChatClient` call over a hand-written `fetch` of the identical request (same
 * method, URL, headers and body), against the same in-process mock, through MSW's `setupServer`
 * and through the direct `mock.fetch`.
 */
import ky from 'ky';
import { setupServer } from 'msw/node';
import { createMockServer } from '../../mock/index';
import { ChatClient, SDK_VERSION } from '../../src/index';
import type { Figure } from '../figures';
import { interleave, type Plan } from '../harness';

const SITE = 'http://bench.test';
const EMAIL = 'hamlet@zulip.com';
const SECTION = '1. SDK overhead';

/**
 * What a `ChatClient` call costs over the same request by hand, through MSW's `setupServer` and
 * through `mock.fetch`, and ky's share of it (the floor while the SDK is built on ky).
 */
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
    const intercepted = new ChatClient(options);
    await compare('setupServer', intercepted, (input, init) => globalThis.fetch(input, init), 1.1);
    // The floor under the target: ky itself, with no retries and no timeout, on the same request.
    const { id: kyId } = await intercepted.messages.send(sendBody);
    const bare = await interleave(
      () => ky(`${SITE}/api/v1/messages/${kyId}`, { headers, retry: 0, timeout: false }).json(),
      () => byHand((input, init) => globalThis.fetch(input, init)).get(kyId),
      plan,
    );
    figures.push({
      section: SECTION,
      name: 'ky alone (no retries, no timeout) through setupServer',
      unit: 'ms',
      value: bare.variant,
      baseline: { name: 'hand-written fetch', value: bare.baseline },
      ratio: bare.ratio,
      note: "what ky costs before the SDK asks anything of it: the floor of the SDK's ratio while it is built on ky.",
    });
    // Issue 14: the direct path should make a test suite's calls at least 20 times cheaper.
    const direct = new ChatClient({ ...options, fetch: mock.fetch });
    const { id } = await direct.messages.send(sendBody);
    const paths = await interleave(
      () => intercepted.messages.get({ message_id: id }),
      () => direct.messages.get({ message_id: id }),
      plan,
    );
    figures.push({
      section: SECTION,
      name: 'messages.get through setupServer, over the same call through mock.fetch',
      unit: 'ms',
      value: paths.variant,
      baseline: { name: 'mock.fetch', value: paths.baseline },
      ratio: paths.ratio,
      target: { op: '>=', value: 20, of: 'ratio' },
      note: "the direct path skips MSW's interception (an HTTP/1.1 round trip through a mock socket) and MSW's handler loop; what is left is the SDK's own work (ky, validation) and the operation itself.",
    });
  } finally {
    server.close();
  }
  return figures;
}
