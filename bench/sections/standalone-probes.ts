/** The two requests the standalone server is measured with, and the load autocannon puts on them. */
import autocannon from 'autocannon';
import { benchHeaders, type Started } from '../processes';

/** One request, repeated under load. */
export interface Probe {
  readonly name: string;
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly body?: string;
  readonly headers: Record<string, string>;
}

/** GET /messages/{id} of a message it sends first, and POST /messages, as the benchmark's user. */
export async function probesOn(mock: Started): Promise<Probe[]> {
  const headers = benchHeaders(mock);
  const sendBody = new URLSearchParams({ type: 'stream', to: 'Verona', topic: 'bench', content: 'hello' }).toString();
  const first = await fetch(`${mock.url}/api/v1/messages`, { method: 'POST', headers, body: sendBody });
  const { id } = (await first.json()) as { id: number };
  return [
    { name: 'GET /messages/{id}', method: 'GET', path: `/api/v1/messages/${id}`, headers },
    { name: 'POST /messages', method: 'POST', path: '/api/v1/messages', body: sendBody, headers },
  ];
}

/** Sends `probe` to the server at `origin` over 10 connections for `seconds`: its rate and failures. */
export async function loadWith(origin: string, probe: Probe, seconds: number, path = probe.path): Promise<{ rate: number; failures: number }> {
  const result = await autocannon({
    url: `${origin}${path}`,
    connections: 10,
    duration: seconds,
    method: probe.method,
    headers: probe.headers,
    ...(probe.body ? { body: probe.body } : {}),
  });
  return { rate: result.requests.average, failures: result.non2xx + result.errors + result.timeouts };
}
