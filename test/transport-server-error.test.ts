import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { MOCK_FEATURE_LEVEL } from '../mock/index';
import {
  ApiError,
  BadRequestError,
  ChatClient,
  ServerError,
  TeamChatError,
  UnexpectedResponseError,
  UnrecognizedApiError,
} from '../src/index';
import { API_KEY, fail, succeed, useMisbehavingServer } from './support/misbehaving-server';

const server = useMisbehavingServer();
const client = () =>
  new ChatClient({ site: server.url, email: 'bot@zulip.com', apiKey: API_KEY, maxRetries: 2, featureLevel: MOCK_FEATURE_LEVEL });

/** The server's answer to an unhandled exception in a view (zerver/middleware.py). */
const INTERNAL_SERVER_ERROR = { result: 'error', msg: 'Internal server error' };
/** Zulip's `error_page 502 503 504 /static/webpack-bundles/5xx.html`, served by nginx while the app restarts. */
const RESTARTING_PAGE = '<!DOCTYPE html>\n<html><head><title>Zulip is restarting</title></head><body>Something went wrong.</body></html>';
function page(response: ServerResponse, status: number, body: string, contentType?: string): void {
  response.writeHead(status, contentType ? { 'content-type': contentType } : {});
  response.end(body);
}

async function failureOf(call: Promise<unknown>): Promise<unknown> {
  return call.then(
    () => expect.fail('the call succeeded'),
    (error: unknown) => error,
  );
}

describe('5xx answers end, after the retries, in ServerError', () => {
  it("the server's own 500 (an envelope without a code) on a read: retried, then a ServerError that is still an ApiError", async () => {
    server.on('/users/me', (response) => fail(response, 500, INTERNAL_SERVER_ERROR));
    const failure = await failureOf(client().users.me());
    expect(failure).toBeInstanceOf(ServerError);
    // What it was before ServerError existed, kept: an UnrecognizedApiError with code UNKNOWN.
    expect(failure).toBeInstanceOf(UnrecognizedApiError);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toBeInstanceOf(TeamChatError);
    expect(failure).toMatchObject({
      name: 'ServerError',
      status: 500,
      code: 'UNKNOWN',
      msg: 'Internal server error',
      attempts: 3,
      contentType: 'application/json',
      bodySnippet: JSON.stringify(INTERNAL_SERVER_ERROR),
    });
    expect((failure as ServerError).message).toBe(
      `get-own-user: server error: Internal server error (UNKNOWN, HTTP 500) from GET ${server.url}/api/v1/users/me, after 3 attempts`,
    );
    expect(server.hits.get('/users/me')).toBe(3);
  });

  it("nginx's 502 page while the server restarts: a ServerError (was UnexpectedResponseError), naming the page's text, never the query", async () => {
    server.on('/messages', (response) => page(response, 502, RESTARTING_PAGE, 'text/html'));
    const failure = await failureOf(client().messages.list({ anchor: 'newest', num_before: 1, num_after: 0, narrow: [['topic', 'secret plans']] }));
    expect(failure).toBeInstanceOf(ServerError);
    expect(failure).not.toBeInstanceOf(UnexpectedResponseError);
    expect(failure).toMatchObject({
      status: 502,
      code: 'UNKNOWN',
      msg: 'Zulip is restarting Something went wrong.',
      contentType: 'text/html',
      bodySnippet: RESTARTING_PAGE,
      attempts: 3,
      data: {},
    });
    expect((failure as ServerError).message).toBe(
      `get-messages: server error: "Zulip is restarting Something went wrong." (HTTP 502, text/html) from GET ${server.url}/api/v1/messages, after 3 attempts`,
    );
    expect((failure as ServerError).message).not.toContain('secret');
  });

  it.each([
    [503, '', undefined, '"" (HTTP 503, no content type)'],
    [504, 'upstream request timeout', 'text/plain', '"upstream request timeout" (HTTP 504, text/plain)'],
    [500, '{"detail":"oops"}', 'application/json', '"{\\"detail\\":\\"oops\\"}" (HTTP 500, application/json)'],
  ])('HTTP %i with %j (%s), not the envelope: a ServerError', async (status, body, contentType, described) => {
    server.on('/users/me', (response) => page(response, status, body, contentType));
    const failure = await failureOf(client().users.me());
    expect(failure).toBeInstanceOf(ServerError);
    expect(failure).toMatchObject({ status, contentType: contentType ?? null, bodySnippet: body, attempts: 3 });
    expect((failure as ServerError).message).toBe(`get-own-user: server error: ${described} from GET ${server.url}/api/v1/users/me, after 3 attempts`);
  });

  it('a send is not retried: the ServerError says so (it may have been sent)', async () => {
    server.on('/messages', (response) => page(response, 502, RESTARTING_PAGE, 'text/html'));
    const failure = await failureOf(client().messages.send({ type: 'channel', to: 'Verona', topic: 't', content: 'x' }));
    expect(failure).toBeInstanceOf(ServerError);
    expect(failure).toMatchObject({ status: 502, attempts: 1 });
    expect((failure as ServerError).message).toMatch(/from POST http:\/\/127\.0\.0\.1:\d+\/api\/v1\/messages, not retried$/);
    expect(server.hits.get('/messages')).toBe(1);
  });

  it('a 5xx after earlier ones is the error of the final attempt; a success after them is a success', async () => {
    server.on('/users/me', (response, attempt) =>
      attempt < 2 ? page(response, 503, RESTARTING_PAGE, 'text/html') : fail(response, 500, INTERNAL_SERVER_ERROR),
    );
    expect(await failureOf(client().users.me())).toMatchObject({ name: 'ServerError', status: 500, msg: 'Internal server error', attempts: 3 });
    server.hits.clear();
    server.on('/users/me', (response, attempt) => (attempt === 0 ? page(response, 502, RESTARTING_PAGE, 'text/html') : succeed(response, { user_id: 1 })));
    await expect(client().request('GET', '/users/me', {}, { retry: true })).resolves.toMatchObject({ user_id: 1 });
  });

  it('an unknown code with a 5xx status is a ServerError keeping the code and the extra fields', async () => {
    server.on('/users/me', (response) => fail(response, 503, { result: 'error', msg: 'Try later', code: 'SERVER_BUSY_NEW', wait: 5 }));
    const failure = await failureOf(client().users.me());
    expect(failure).toBeInstanceOf(ServerError);
    expect(failure).toMatchObject({ code: 'SERVER_BUSY_NEW', msg: 'Try later', status: 503, data: { wait: 5 } });
  });
});

describe('what other classes covered, they still cover', () => {
  it("a 5xx whose envelope has a known code keeps that code's class (the push bouncer's 502 BAD_REQUEST)", async () => {
    server.on('/users/me', (response) => fail(response, 502, { result: 'error', msg: 'Received 500 from push notification bouncer', code: 'BAD_REQUEST' }));
    const failure = await failureOf(client().users.me());
    expect(failure).toBeInstanceOf(BadRequestError);
    expect(failure).not.toBeInstanceOf(ServerError);
    expect(failure).toMatchObject({ status: 502 });
  });

  it('below 500, a page is UnexpectedResponseError and an unknown code UnrecognizedApiError, never ServerError', async () => {
    server.on('/users/me', (response) => page(response, 404, '<html><body>Page not found</body></html>', 'text/html'));
    const notFound = await failureOf(client().users.me());
    expect(notFound).toBeInstanceOf(UnexpectedResponseError);
    expect(notFound).not.toBeInstanceOf(ServerError);
    server.on('/users/me', (response) => fail(response, 409, { result: 'error', msg: 'Nope', code: 'BRAND_NEW_CODE' }));
    const unknown = await failureOf(client().users.me());
    expect(unknown).toBeInstanceOf(UnrecognizedApiError);
    expect(unknown).not.toBeInstanceOf(ServerError);
  });
});
