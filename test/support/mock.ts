import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { ManualClock } from '../../mock/domain/clock';
import { createMockServer, type MockServer, type MockServerOptions } from '../../mock/index';
import { ChatClient, type ChatClientOptions } from '../../src/index';
import { recordExchange } from './contract';

/** The origin in-process tests talk to. */
export const SITE = 'http://chat.test';

/** A fresh realm per test, served in-process by one MSW server per test file. */
export interface TestRealm {
  /** The current test's realm. */
  readonly mock: MockServer;
  readonly clock: ManualClock;
  /** A client logged in as a seeded user. */
  clientFor(email: string, options?: Partial<ChatClientOptions>): ChatClient;
  /** A client without credentials. */
  anonymousClient(): ChatClient;
  /** The ID of a seeded user, by real email; throws if there is none. */
  userId(email: string): number;
  /** The ID of a channel, by name; throws if there is none. */
  channelId(name: string): number;
  /** The ID of a user group, by exact name; throws if there is none. */
  groupId(name: string): number;
  /** A raw request to the API with Basic auth of a seeded user, for what the SDK would not send. */
  raw(
    email: string | undefined,
    method: string,
    path: string,
    body?: BodyInit,
    headers?: Record<string, string>,
  ): Promise<Response>;
}

const userIdsOfClients = new WeakMap<ChatClient, number>();

/** The seeded user a test client logs in as (for what the SDK needs to know about itself). */
export function userIdOfClient(client: ChatClient): number | undefined {
  return userIdsOfClients.get(client);
}

function found<T>(record: T | undefined, what: string): T {
  if (record === undefined) throw new Error(`the test realm has no ${what}`);
  return record;
}

/** Installs MSW for this file and a new realm before each test. */
export function useTestRealm(options: MockServerOptions = {}): TestRealm {
  const server = setupServer();
  let current: { mock: MockServer; clock: ManualClock } | undefined;
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterAll(() => server.close());
  const fresh = () => {
    const clock = new ManualClock();
    const mock = createMockServer({ baseUrl: SITE, clock, onExchange: recordExchange, ...options });
    server.resetHandlers(...mock.handlers);
    current = { mock, clock };
    return current;
  };
  afterEach(() => {
    current = undefined;
  });
  const realm = () => current ?? fresh();
  return {
    get mock() {
      return realm().mock;
    },
    get clock() {
      return realm().clock;
    },
    clientFor(email, clientOptions = {}) {
      const client = new ChatClient({
        site: SITE,
        email,
        apiKey: realm().mock.apiKeyOf(email),
        maxRetries: 0,
        featureLevel: realm().mock.state.featureLevel,
        ...clientOptions,
      });
      const user = realm().mock.store.userByDeliveryEmail(email);
      if (user) userIdsOfClients.set(client, user.id);
      return client;
    },
    anonymousClient() {
      realm();
      return new ChatClient({ site: SITE, maxRetries: 0 });
    },
    userId(email) {
      return found(realm().mock.store.userByDeliveryEmail(email), `user ${email}`).id;
    },
    channelId(name) {
      return found(realm().mock.store.channelByName(name), `channel ${name}`).id;
    },
    groupId(name) {
      return found(realm().mock.store.userGroupByName(name), `group ${name}`).id;
    },
    raw(email, method, path, body, headers = {}) {
      const { mock } = realm();
      const auth: Record<string, string> = email
        ? { Authorization: `Basic ${btoa(`${email}:${mock.apiKeyOf(email)}`)}` }
        : {};
      return fetch(`${SITE}/api/v1${path}`, { method, body, headers: { ...auth, ...headers } });
    },
  };
}
