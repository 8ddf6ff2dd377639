/**
 * A small chat page against the mock in the browser: MSW's service worker serves the API, and
 * the page uses ChatClient as any app would: it lists the topic's history, sends messages
 * (with an uploaded file when one is chosen) and shows what arrives through the event long-poll.
 * Build it with Vite (`test/browser-app.test.ts` does) next to msw's worker script
 * (`npx teamchat-mock init public/`).
 */
/// <reference types="vite/client" />
import { ChatClient } from 'teamchat-sdk';
import { type BrowserMock, setupMockWorker } from 'teamchat-sdk/mock/browser';

// One mock per page: a hot update that runs this module again reuses it (its realm too).
const mock: BrowserMock = import.meta.hot?.data.mock ?? setupMockWorker({ baseUrl: location.origin });
if (import.meta.hot) import.meta.hot.data.mock = mock;
const status = document.querySelector<HTMLParagraphElement>('#status')!;
const history = document.querySelector<HTMLUListElement>('#history')!;
const form = document.querySelector<HTMLFormElement>('#compose')!;
const contentInput = document.querySelector<HTMLInputElement>('#content')!;
const fileInput = document.querySelector<HTMLInputElement>('#file')!;
const narrow = [
  { operator: 'channel', operand: 'Verona' },
  { operator: 'topic', operand: 'demo' },
];

function show(id: number, sender: string, html: string): void {
  if (history.querySelector(`[data-id="${id}"]`)) return;
  const item = document.createElement('li');
  item.dataset.id = String(id);
  const name = document.createElement('span');
  name.className = 'sender';
  name.textContent = sender;
  const body = document.createElement('span');
  body.className = 'content';
  // The server's rendering, as the mock produced it for this realm.
  body.innerHTML = html;
  item.append(name, body);
  history.append(item);
}

async function start(): Promise<void> {
  await mock.worker.start({ serviceWorker: { url: '/mockServiceWorker.js' }, quiet: true, onUnhandledFrame: 'bypass' });
  const client = new ChatClient({ site: location.origin, email: 'hamlet@zulip.com', apiKey: mock.apiKeyOf('hamlet@zulip.com') });
  const iago = new ChatClient({ site: location.origin, email: 'iago@zulip.com', apiKey: mock.apiKeyOf('iago@zulip.com') });
  await iago.messages.send({ type: 'channel', to: 'Verona', topic: 'demo', content: 'Welcome to the **demo** topic.' });
  const { messages } = await client.messages.list({ anchor: 'newest', num_before: 50, num_after: 0, narrow });
  for (const message of messages) show(message.id, message.sender_full_name, message.content);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void (async () => {
      const file = fileInput.files?.[0];
      let content = contentInput.value;
      if (file) {
        const { url, uri, filename } = await client.uploads.upload(file);
        content = `${content} [${(filename ?? file.name).replace(/[[\]]/g, '')}](${url ?? uri})`.trim();
      }
      await client.messages.send({ type: 'channel', to: 'Verona', topic: 'demo', content });
      form.reset();
    })();
  });
  status.textContent = 'connected';
  for await (const event of client.events.stream({ event_types: ['message'], narrow: [['channel', 'Verona']], register: { apply_markdown: true } })) {
    if (event.type === 'message' && event.message.subject === 'demo') show(event.message.id, event.message.sender_full_name, event.message.content);
  }
}

start().catch((error: unknown) => {
  status.textContent = `failed: ${String(error)}`;
});
