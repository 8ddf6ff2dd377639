/**
 * Cost of semantics: the mock's full handlers over a trivial MSW handler that returns the same
 * body as a constant on the same route, request by request through MSW's `getResponse`.
 */
import { getResponse, HttpResponse, http } from 'msw';
import { createMockServer } from '../../mock/index';
import { renderMessage } from '../../mock/domain/markdown/render';
import type { Figure } from '../figures';
import { interleave, type Plan } from '../harness';

const SITE = 'http://bench.test';
const EMAIL = 'hamlet@zulip.com';
const SECTION = '2. Cost of semantics';

interface Probe {
  readonly name: string;
  readonly method: 'GET' | 'POST';
  /** MSW route of the trivial handler. */
  readonly route: string;
  readonly path: string;
  readonly params: Record<string, string>;
  readonly write: boolean;
}

/**
 * What the mock's behaviour (validation, permissions, storage, events) costs per request over a
 * handler that only returns the same bytes (the price of a mock that behaves as the server does),
 * and Markdown rendering's share of a send.
 */
export async function semanticsCost(plan: Plan): Promise<Figure[]> {
  const mock = createMockServer({ baseUrl: SITE, rateLimits: false });
  const authorization = `Basic ${btoa(`${EMAIL}:${mock.apiKeyOf(EMAIL)}`)}`;
  const request = (method: string, path: string, params: Record<string, string>) => {
    const query = method === 'GET' && Object.keys(params).length > 0 ? `?${new URLSearchParams(params)}` : '';
    const body = method === 'GET' ? undefined : new URLSearchParams(params);
    return new Request(`${SITE}/api/v1${path}${query}`, { method, headers: { authorization }, body });
  };
  const ids: number[] = [];
  for (let index = 0; index < 100; index++) {
    const response = await getResponse(mock.handlers, request('POST', '/messages', { type: 'stream', to: 'Verona', topic: 'bench', content: `m${index}` }));
    ids.push(((await response?.json()) as { id: number }).id);
  }
  const narrow = JSON.stringify([
    { operator: 'channel', operand: 'Verona' },
    { operator: 'topic', operand: 'bench' },
  ]);
  const probes: Probe[] = [
    { name: 'GET /messages/{id}', method: 'GET', route: '/messages/:id', path: `/messages/${ids[50]}`, params: {}, write: false },
    {
      name: 'GET /messages, channel + topic narrow, 20 messages',
      method: 'GET',
      route: '/messages',
      path: '/messages',
      params: { anchor: 'newest', num_before: '20', num_after: '0', narrow },
      write: false,
    },
    {
      name: 'POST /messages',
      method: 'POST',
      route: '/messages',
      path: '/messages',
      params: { type: 'stream', to: 'Verona', topic: 'bench', content: 'hello' },
      write: true,
    },
    {
      name: 'POST /messages/flags, 10 messages',
      method: 'POST',
      route: '/messages/flags',
      path: '/messages/flags',
      params: { messages: JSON.stringify(ids.slice(0, 10)), op: 'add', flag: 'starred' },
      write: true,
    },
  ];
  const figures: Figure[] = [];
  for (const probe of probes) {
    const real = await getResponse(mock.handlers, request(probe.method, probe.path, probe.params));
    const constant = await real?.text();
    const trivial = [
      http[probe.method === 'GET' ? 'get' : 'post'](`${SITE}/api/v1${probe.route}`, () =>
        HttpResponse.text(constant, { headers: { 'content-type': 'application/json' } }),
      ),
    ];
    const result = await interleave(
      async () => (await getResponse(mock.handlers, request(probe.method, probe.path, probe.params)))?.text(),
      async () => (await getResponse(trivial, request(probe.method, probe.path, probe.params)))?.text(),
      plan,
    );
    figures.push({
      section: SECTION,
      name: probe.name,
      unit: 'ms',
      value: result.variant,
      baseline: { name: 'constant MSW handler', value: result.baseline },
      ratio: result.ratio,
      target: { op: '<=', value: probe.write ? 2.5 : 1.5, of: 'ratio' },
    });
  }
  figures.push(await renderingShare(mock, request, plan));
  return figures;
}

/** Typical messages: prose with emphasis, a link, a mention, a list, code. */
const TYPICAL_CONTENTS = [
  'Deploy **v2.3** finished: see https://ci.example.com/runs/4211 for the log.',
  '@**Othello, the Moor of Venice** can you review this today? :smile:',
  'Plan:\n* move the `cache` to Redis\n* drop the old _queue_\n* ship on Friday',
  '```python\nprint("hello")\n```\nThat is all it takes.',
];

/**
 * What rendering costs in a send: rendering the content alone, over the whole `POST /messages`
 * that renders, stores and delivers it (the issue's target: under 5%).
 */
async function renderingShare(
  mock: ReturnType<typeof createMockServer>,
  request: (method: string, path: string, params: Record<string, string>) => Request,
  plan: Plan,
): Promise<Figure> {
  const sender = mock.store.userByDeliveryEmail(EMAIL);
  let turn = 0;
  const next = () => TYPICAL_CONTENTS[turn++ % TYPICAL_CONTENTS.length] ?? '';
  const result = await interleave(
    () => renderMessage(mock.state, next(), sender),
    async () => (await getResponse(mock.handlers, request('POST', '/messages', { type: 'stream', to: 'Verona', topic: 'bench', content: next() })))?.text(),
    plan,
  );
  return {
    section: SECTION,
    name: 'rendering a typical message, over the POST /messages that sends it',
    unit: 'ms',
    value: result.variant,
    baseline: { name: 'POST /messages of the same contents', value: result.baseline },
    ratio: result.ratio,
    target: { op: '<=', value: 0.05, of: 'ratio' },
  };
}
