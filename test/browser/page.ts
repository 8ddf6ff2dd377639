/**
 * The page test/browser.test.ts bundles with esbuild and loads in Chromium: it starts the mock
 * through MSW's service worker and exposes scenarios that return plain data to the test.
 */
import { setupMockWorker } from '../../mock/runtimes/browser';
import { ApiError, ChatClient, UnauthorizedError } from '../../src/index';

/** What a scenario reports about an error it caught. */
export interface CaughtError {
  readonly name: string;
  readonly isApiError: boolean;
  readonly isUnauthorized: boolean;
  readonly code: string | undefined;
  readonly status: number | undefined;
  readonly message: string;
}

/** What the page puts on `window.teamchat`. */
export interface PageApi {
  /** Settles once the service worker is active and controls the page. */
  readonly ready: Promise<void>;
  /** Sends a channel message as iago and fetches it back through the SDK. */
  sendAndGet(content: string): Promise<{ id: number; message: unknown }>;
  /** Sends with a wrong API key and reports the error. */
  sendWithWrongKey(): Promise<CaughtError | undefined>;
  /** The message record in the page's realm (`mock.store`). */
  storedMessage(id: number): unknown;
  /** A plain fetch of `/api/v1/server_settings`. */
  fetchServerSettings(): Promise<{ status: number; body: unknown }>;
  /** Whether a service worker controls the page. */
  controlled(): boolean;
  /**
   * Streams hamlet's message events; once the poll waits, iago sends one. Returns the received
   * message's content and whether hamlet's queue was deleted when the loop ended.
   */
  streamOneMessage(content: string): Promise<{ received: string; queuesLeft: number }>;
  /**
   * Uploads a File as iago, shares it in a message, and fetches it as othello with Basic
   * credentials, all through the worker. Returns what othello read and the attachment count.
   */
  uploadAndShare(text: string): Promise<{ status: number; body: string; attachments: number }>;
  /**
   * Through the worker: a network fault on a retry-safe call retried once, then two faults with
   * one retry (the error), then a stalled answer past the attempt's timeout (the error).
   */
  faultsAndTimeout(): Promise<{ retried: string; network: string; timedOut: string }>;
  /**
   * A resumable upload through the worker whose second chunk never gets an answer: the requests
   * sent (the chunk resumed after the 300 ms timeout), whether iago reads the file back whole, and
   * what an upload cancelled by its signal, through a fetch that ignores it, fails with.
   */
  resumableStalled(): Promise<{ sent: string[]; whole: boolean; cancelled: string }>;
  /** What `worker.start` does with msw 2's `onUnhandledRequest` (on a second realm's worker, never started). */
  startWithMsw2Option(): Promise<string>;
  /**
   * Sends a link to an external image as iago and reads the preview's Camo address, then asks the
   * worker for it (without following the redirect) and for the same URL under a wrong digest.
   */
  externalContent(imageUrl: string): Promise<{ src: string; signed: { type: string; status: number }; forged: { status: number; body: string } }>;
}

declare global {
  interface Window {
    teamchat?: PageApi;
  }
}

const mock = setupMockWorker({ baseUrl: location.origin });
const iago = 'iago@zulip.com';
const clientWith = (apiKey: string) => new ChatClient({ site: location.origin, email: iago, apiKey, maxRetries: 0 });

async function start(): Promise<void> {
  await mock.worker.start({ serviceWorker: { url: '/mockServiceWorker.js' }, quiet: true, onUnhandledFrame: 'bypass' });
}

window.teamchat = {
  ready: start(),
  async sendAndGet(content) {
    const client = clientWith(mock.apiKeyOf(iago));
    const { id } = await client.messages.send({ type: 'stream', to: 'Verona', topic: 'browser', content });
    const { message } = await client.messages.get({ message_id: id });
    return { id, message };
  },
  async sendWithWrongKey() {
    try {
      await clientWith('0'.repeat(32)).messages.send({ type: 'stream', to: 'Verona', topic: 'browser', content: 'x' });
      return undefined;
    } catch (error) {
      const api = error instanceof ApiError ? error : undefined;
      return {
        name: error instanceof Error ? error.name : typeof error,
        isApiError: api !== undefined,
        isUnauthorized: error instanceof UnauthorizedError,
        code: api?.code,
        status: api?.status,
        message: String(error),
      };
    }
  },
  storedMessage(id) {
    return mock.store.tables.message.get(id);
  },
  async fetchServerSettings() {
    const response = await fetch('/api/v1/server_settings');
    return { status: response.status, body: await response.json() };
  },
  controlled() {
    return navigator.serviceWorker.controller !== null;
  },
  async streamOneMessage(content) {
    const hamlet = new ChatClient({
      site: location.origin,
      email: 'hamlet@zulip.com',
      apiKey: mock.apiKeyOf('hamlet@zulip.com'),
      maxRetries: 0,
    });
    const stream = hamlet.events.stream({ event_types: ['message'] });
    await stream.next();
    const next = stream.next();
    // The poll is waiting in the worker before the message is sent.
    while (!mock.state.events.queues().some((queue) => queue.isWaiting)) await new Promise((r) => setTimeout(r, 20));
    await clientWith(mock.apiKeyOf(iago)).messages.send({ type: 'stream', to: 'Verona', topic: 'browser', content });
    const event = (await next).value;
    await stream.return(undefined);
    return {
      received: event?.type === 'message' ? event.message.content : `unexpected ${String(event?.type)}`,
      queuesLeft: mock.state.events.queues().length,
    };
  },
  async uploadAndShare(text) {
    const client = clientWith(mock.apiKeyOf(iago));
    const { url } = await client.uploads.upload(new File([text], 'notes.txt', { type: 'text/plain' }));
    await client.messages.send({ type: 'stream', to: 'Verona', topic: 'browser', content: `[notes](${url})` });
    const othello = `othello@zulip.com:${mock.apiKeyOf('othello@zulip.com')}`;
    const response = await fetch(url ?? '', { headers: { Authorization: `Basic ${btoa(othello)}` } });
    return { status: response.status, body: await response.text(), attachments: (await client.attachments.list()).attachments.length };
  },
  async externalContent(imageUrl) {
    const client = clientWith(mock.apiKeyOf(iago));
    const { id } = await client.messages.send({ type: 'stream', to: 'Verona', topic: 'browser', content: imageUrl });
    const { message } = await client.messages.get({ message_id: id, apply_markdown: true });
    const src = /<img src="([^"]+)">/.exec(message.content)?.[1] ?? '';
    const signed = await fetch(src, { redirect: 'manual' });
    const forged = await fetch(src.replace(/\/external_content\/[0-9a-f]{40}\//, `/external_content/${'0'.repeat(40)}/`));
    return { src, signed: { type: signed.type, status: signed.status }, forged: { status: forged.status, body: await forged.text() } };
  },
  async faultsAndTimeout() {
    const shown = (error: unknown) => `${(error as Error).name}: ${(error as Error).message}`;
    const client = new ChatClient({ site: location.origin, email: iago, apiKey: mock.apiKeyOf(iago), maxRetries: 1 });
    mock.faults.inject({ kind: 'network', operation: 'get-own-user', times: 1 });
    const retried = await client.users.me().then((user) => user.email, shown);
    mock.faults.inject({ kind: 'network', operation: 'get-own-user', times: 2 });
    const network = await client.users.me().then(() => 'answered', shown);
    mock.faults.inject({ kind: 'stall', operation: 'get-own-user' });
    const timedOut = await client.users.me({}, { timeout: 300, maxRetries: 0 }).then(() => 'answered', shown);
    return { retried, network, timedOut };
  },
  async resumableStalled() {
    const sent: string[] = [];
    let patches = 0;
    const stalling: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      sent.push(`${request.method} ${request.headers.get('upload-offset') ?? ''}`.trim());
      if (request.method !== 'PATCH' || ++patches !== 2) return fetch(request);
      return new Promise<Response>((_resolve, reject) => request.signal.addEventListener('abort', () => reject(request.signal.reason)));
    };
    const apiKey = mock.apiKeyOf(iago);
    const client = new ChatClient({ site: location.origin, email: iago, apiKey, maxRetries: 0, fetch: stalling, timeout: 300 });
    const content = new Uint8Array(3000).map((_, index) => (index * 7) % 256);
    const { url } = await client.uploads.upload(content, { filename: 'stalled.bin', resumable: true, chunkSize: 1000 });
    const read = new Uint8Array(await (await fetch(url ?? '', { headers: { Authorization: `Basic ${btoa(`${iago}:${apiKey}`)}` } })).arrayBuffer());
    const whole = read.length === content.length && read.every((byte, index) => byte === content[index]);
    const deaf: typeof fetch = (input, init) => (new Request(input, init).method === 'PATCH' ? new Promise<Response>(() => undefined) : fetch(input, init));
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('user cancelled')), 50);
    const deafClient = new ChatClient({ site: location.origin, email: iago, apiKey, maxRetries: 0, fetch: deaf });
    const cancelled = await deafClient.uploads
      .upload(content, { filename: 'cancelled.bin', resumable: true, timeout: 5000, signal: controller.signal })
      .then(() => 'answered', (error: unknown) => `${(error as Error).name}: ${(error as Error).message}`);
    return { sent, whole, cancelled };
  },
  startWithMsw2Option() {
    const other = setupMockWorker({ baseUrl: location.origin });
    return other.worker.start({ onUnhandledRequest: 'error', quiet: true } as never).then(
      () => 'started',
      (error: unknown) => `${(error as Error).name}: ${(error as Error).message}`,
    );
  },
};
