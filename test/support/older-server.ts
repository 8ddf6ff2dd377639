import { createMockServer, type MockServer, type MockServerOptions, type OffsetClock } from '../../mock/index';
import { ChatClient, UnsupportedFeatureError } from '../../src/index';
import { rejectionOf } from './failure';

/** Where the older servers answer (the mock's default origin). */
export const OLDER_SITE = 'http://localhost:9991';

/** The status and body of a request sent as is; `html` holds a page the server answers instead of JSON (its 404). */
export interface RawAnswer {
  readonly status: number;
  /** The JSON body; empty when the server answered a page. */
  readonly body: Record<string, unknown>;
  readonly html?: string;
}

/**
 * A request the SDK would not send (or no longer sends to that level), with Basic auth of a
 * seeded user: form-encoded parameters, in the query string for GET.
 */
export async function rawRequest(mock: MockServer, email: string, method: string, path: string, params: Record<string, string> = {}): Promise<RawAnswer> {
  const response = await mock.fetch(`${OLDER_SITE}/api/v1${path}`, {
    method,
    headers: { authorization: `Basic ${btoa(`${email}:${mock.apiKeyOf(email)}`)}` },
    ...(method === 'GET' ? {} : { body: new URLSearchParams(params) }),
  });
  const text = await response.text();
  // The server's 404 for a path it does not route is its HTML page.
  if (text.startsWith('<')) return { status: response.status, body: {}, html: text };
  return { status: response.status, body: JSON.parse(text) as Record<string, unknown> };
}

/** A mock server behaving as an older one, with a user's client and raw requests as that user. */
export interface OlderServer {
  /** On the mock's own clock, which tests may move. */
  readonly mock: MockServer<OffsetClock>;
  /** A client that does not know the level in advance: it asks `GET /server_settings` as it would of a real server. */
  readonly client: ChatClient;
  /** {@link rawRequest} as the client's user. */
  raw(method: string, path: string, params?: Record<string, string>): Promise<RawAnswer>;
}

/**
 * A mock server at feature level `level` (other mock options as given, on its own clock), with
 * `email`'s client.
 *
 * @example
 * const { client, raw } = serverAt(389, 'iago@zulip.com');
 * expect((await raw('GET', '/navigation_views')).status).toBe(404);
 */
export function serverAt(level: number, email = 'hamlet@zulip.com', options: Omit<MockServerOptions, 'clock' | 'featureLevel'> = {}): OlderServer {
  const mock = createMockServer({ ...options, featureLevel: level });
  const client = new ChatClient({ site: OLDER_SITE, email, apiKey: mock.apiKeyOf(email), fetch: mock.fetch, maxRetries: 0 });
  return { mock, client, raw: (method, path, params) => rawRequest(mock, email, method, path, params) };
}

/**
 * A mock server at feature level `level` with a client for any seeded user (each learns the level
 * from the server, as from a real one) and users' IDs by email.
 *
 * @example
 * const { clientFor, userId } = olderServerForAll(372);
 * await clientFor('iago@zulip.com').realm.update({ mandatory_topics: true });
 */
export function olderServerForAll(level: number): {
  mock: MockServer;
  clientFor(email: string): ChatClient;
  userId(email: string): number | undefined;
} {
  const mock = createMockServer({ featureLevel: level });
  const clientFor = (email: string) => new ChatClient({ site: OLDER_SITE, email, apiKey: mock.apiKeyOf(email), fetch: mock.fetch, maxRetries: 0 });
  return { mock, clientFor, userId: (email) => mock.store.userByDeliveryEmail(email)?.id };
}

/** The `UnsupportedFeatureError` a call refused before sending; fails the test on anything else. */
export function unsupported(promise: Promise<unknown>): Promise<UnsupportedFeatureError> {
  return rejectionOf(promise, UnsupportedFeatureError);
}
