/**
 * The page test/browser-setup.test.ts bundles with esbuild and loads in Chromium: scenarios of a
 * mock's setup going wrong (a second mock in the page, no worker script), reported as plain data.
 */
import { setupMockWorker } from '../../mock/runtimes/browser';

/** An error as the test sees it. */
export interface Failure {
  readonly name: string;
  readonly message: string;
  readonly cause: string | undefined;
}

/** Which realm answered a plain fetch of the server settings. */
export interface Answer {
  readonly status: number;
  readonly answeredBy: 'first' | 'second' | 'neither';
}

/** What the page puts on `window.teamchatSetup`. */
export interface SetupPageApi {
  /**
   * Starts a mock, then a second one (what a hot update running the module again does), then the
   * first one again: what each start did and which realm answered after it.
   */
  startTwice(): Promise<{ second: Failure | 'started'; afterSecond: Answer; firstAgain: Failure | 'started'; afterFirstAgain: Answer }>;
  /** What `worker.start()` rejects with when the server has no worker script, and what a second mock's start does then. */
  startWithoutScript(): Promise<{ failure: Failure | 'started'; next: Failure | 'started' }>;
}

declare global {
  interface Window {
    teamchatSetup?: SetupPageApi;
  }
}

const START = { quiet: true, onUnhandledFrame: 'bypass' } as const;

function failureOf(error: unknown): Failure {
  const { name, message, cause } = error as Error;
  return { name, message, cause: cause instanceof Error ? cause.message : undefined };
}

const started = (promise: Promise<unknown>): Promise<Failure | 'started'> => promise.then(() => 'started' as const, failureOf);

window.teamchatSetup = {
  async startTwice() {
    const first = setupMockWorker({ baseUrl: location.origin });
    const second = setupMockWorker({ baseUrl: location.origin });
    const answer = async (): Promise<Answer> => {
      const before = [first.journal.entries.length, second.journal.entries.length];
      const response = await fetch('/api/v1/server_settings');
      const answeredBy =
        first.journal.entries.length > (before[0] ?? 0) ? 'first' : second.journal.entries.length > (before[1] ?? 0) ? 'second' : 'neither';
      return { status: response.status, answeredBy };
    };
    await first.worker.start(START);
    const secondStart = await started(second.worker.start(START));
    const afterSecond = await answer();
    const firstAgain = await started(first.worker.start(START));
    return { second: secondStart, afterSecond, firstAgain, afterFirstAgain: await answer() };
  },
  async startWithoutScript() {
    const failure = await started(setupMockWorker({ baseUrl: location.origin }).worker.start(START));
    const next = await started(setupMockWorker({ baseUrl: location.origin }).worker.start(START));
    return { failure, next };
  },
};
