import { afterAll, afterEach, beforeAll } from 'vitest';
import { type HttpMock, type HttpMockOptions, startHttpMock } from '../../mock/runtimes/http';
import { ChatClient } from '../../src/index';
import { recordExchange } from './contract';

/** One standalone mock on a free port for this file, its responses checked against the contract. */
export interface HttpTestMock {
  /** The running server (after `beforeAll`). */
  readonly running: HttpMock;
  /** A client of a seeded user over real HTTP, without retries. */
  clientFor(email: string): ChatClient;
}

/** Starts the standalone mock before this file's tests and stops it after them. */
export function useHttpMock(): HttpTestMock {
  let running: HttpMock | undefined;
  beforeAll(async () => {
    running = await startHttpMock({ port: 0, onExchange: recordExchange });
  });
  afterAll(() => running?.close());
  const current = () => {
    if (!running) throw new Error('the HTTP mock starts in beforeAll');
    return running;
  };
  return {
    get running() {
      return current();
    },
    clientFor: (email) =>
      new ChatClient({ site: current().url, email, apiKey: current().mock.apiKeyOf(email), maxRetries: 0 }),
  };
}

/**
 * Starts standalone mocks with the options each test needs, on free ports; whatever a test
 * started is stopped after it.
 */
export function useHttpMockPerTest(): (options?: HttpMockOptions) => Promise<HttpMock> {
  let running: HttpMock | undefined;
  afterEach(async () => {
    await running?.close();
    running = undefined;
  });
  return async (options = {}) => {
    running = await startHttpMock({ port: 0, ...options });
    return running;
  };
}
