import { afterAll, beforeAll } from 'vitest';
import { type HttpMock, startHttpMock } from '../../mock/runtimes/http';
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
