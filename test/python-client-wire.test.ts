import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HttpMock, startHttpMock } from '../mock/runtimes/http';
import { recordExchange } from './support/contract';
import { rawHttp } from './support/raw-http';

// Requests as the reference Python client (`zulip` 0.9.1, over `requests`) writes them, byte for
// byte as recorded from it: every value that is not a string JSON-encoded by Python's json.dumps
// (", " and ": " separators, non-ASCII as \u escapes, surrogate pairs outside the BMP), a
// `User-agent` of its own, path parameters repeated in the body, DELETE with a form body, and
// uploads whose multipart field is named after the file, with no Content-Type of their own.
const USER_AGENT = 'ZulipPython/0.9.1 (Linux; )';
const FORM = 'application/x-www-form-urlencoded';

let running: HttpMock;
beforeAll(async () => {
  running = await startHttpMock({ port: 0, onExchange: recordExchange });
});
afterAll(() => running.close());

/** One request with the client's headers; `contentType` undefined sends none (an empty POST). */
async function send(method: string, target: string, body = '', contentType: string | undefined = body ? FORM : undefined) {
  const email = 'hamlet@zulip.com';
  const head = [
    `${method} /api/v1${target} HTTP/1.1`,
    'Host: 127.0.0.1',
    `User-agent: ${USER_AGENT}`,
    'Accept-Encoding: gzip, deflate',
    'Accept: */*',
    `Authorization: Basic ${btoa(`${email}:${running.mock.apiKeyOf(email)}`)}`,
    ...(method === 'GET' ? [] : [`Content-Length: ${Buffer.byteLength(body)}`]),
    ...(contentType === undefined ? [] : [`Content-Type: ${contentType}`]),
  ].join('\r\n');
  const response = await rawHttp(running.url, head, body);
  // rawHttp reads the bytes as latin1; the body is UTF-8 JSON.
  const json = JSON.parse(Buffer.from(response.body, 'latin1').toString('utf8')) as Record<string, unknown>;
  return { status: response.status, json };
}

describe("the reference Python client's requests, as recorded", () => {
  it('sends and reads back a message: UTF-8 form fields, a json.dumps narrow, the client named from its User-Agent', async () => {
    const sent = await send('POST', '/messages', 'type=stream&to=Verona&topic=%C3%BCn%C3%AF+%F0%9F%98%80&content=hi');
    expect(sent).toMatchObject({ status: 200, json: { result: 'success', msg: '' } });

    const narrow = '%5B%7B%22operator%22%3A+%22topic%22%2C+%22operand%22%3A+%22%5Cu00fcn%5Cu00ef+%5Cud83d%5Cude00%22%7D%5D';
    const read = await send('GET', `/messages?anchor=newest&num_before=1&num_after=0&narrow=${narrow}&apply_markdown=false`);
    expect(read.status).toBe(200);
    expect(read.json.messages).toEqual([
      expect.objectContaining({ id: sent.json.id, subject: 'ünï 😀', content: 'hi', client: 'ZulipPython' }),
    ]);
  });

  it("edits with the path's message_id repeated in the body, which the server reports as ignored", async () => {
    const sent = await send('POST', '/messages', 'type=stream&to=Verona&topic=py&content=before');
    const edited = await send('PATCH', `/messages/${String(sent.json.id)}`, `message_id=${String(sent.json.id)}&content=after`);
    expect(edited).toMatchObject({ status: 200, json: { result: 'success', ignored_parameters_unsupported: ['message_id'] } });
  });

  it('subscribes with JSON lists and booleans, unsubscribes with a DELETE form body, finds a channel by a %20 name', async () => {
    const created = await send('POST', '/users/me/subscriptions', 'subscriptions=%5B%7B%22name%22%3A+%22py+chan%22%7D%5D&invite_only=true');
    expect(created).toMatchObject({ status: 200, json: { subscribed: { [String(running.mock.store.userByDeliveryEmail('hamlet@zulip.com')?.id)]: ['py chan'] } } });
    const found = await send('GET', '/get_stream_id?stream=py%20chan');
    expect(found).toMatchObject({ status: 200, json: { stream_id: running.mock.store.channelByName('py chan')?.id } });
    expect(running.mock.store.channelByName('py chan')?.invite_only).toBe(true);
    const removed = await send('DELETE', '/users/me/subscriptions', 'subscriptions=%5B%22py+chan%22%5D');
    expect(removed).toMatchObject({ status: 200, json: { removed: ['py chan'], not_removed: [] } });
  });

  it('marks all as read with an empty POST (Content-Length: 0, no Content-Type)', async () => {
    expect(await send('POST', '/mark_all_as_read')).toMatchObject({ status: 200, json: { result: 'success', complete: true } });
  });

  it('uploads with the multipart field named after the file and no part Content-Type; its type is guessed from its name', async () => {
    const boundary = 'e0015fc5fcafe53d3a7bf0f2e25b5660';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="report.csv"; filename="report.csv"\r\n\r\nid,total\n1,3\n\r\n--${boundary}--\r\n`;
    const uploaded = await send('POST', '/user_uploads', body, `multipart/form-data; boundary=${boundary}`);
    expect(uploaded).toMatchObject({ status: 200, json: { result: 'success', filename: 'report.csv' } });
    const url = String(uploaded.json.url);
    expect(url).toMatch(/^\/user_uploads\/1\/.+\/report\.csv$/);
    const served = await fetch(`${running.url}${url}`, {
      headers: { authorization: `Basic ${btoa(`hamlet@zulip.com:${running.mock.apiKeyOf('hamlet@zulip.com')}`)}` },
    });
    expect(served.headers.get('content-type')).toMatch(/^text\/csv\b/);
    expect(await served.text()).toBe('id,total\n1,3\n');
  });

  it('registers, polls without blocking, deregisters; polling the deleted queue is the BAD_EVENT_QUEUE_ID its event loop re-registers on', async () => {
    const registered = await send('POST', '/register', 'event_types=%5B%22message%22%5D&narrow=%5B%5D');
    expect(registered).toMatchObject({ status: 200, json: { result: 'success', last_event_id: -1 } });
    const queueId = String(registered.json.queue_id);
    const polled = await send('GET', `/events?queue_id=${queueId}&last_event_id=-1&dont_block=true`);
    expect(polled).toMatchObject({ status: 200, json: { result: 'success', events: [] } });
    expect(await send('DELETE', '/events', `queue_id=${queueId}`)).toMatchObject({ status: 200, json: { result: 'success' } });
    const gone = await send('GET', `/events?queue_id=${queueId}&last_event_id=-1`);
    expect(gone).toEqual({
      status: 400,
      json: { result: 'error', msg: `Bad event queue ID: ${queueId}`, code: 'BAD_EVENT_QUEUE_ID', queue_id: queueId },
    });
  });
});
