import fc from 'fast-check';
import { LEVEL, OLDEST_MOCK_LEVEL } from '../../mock/domain/feature-levels';
import { REPLACED_POLICIES, type ReplacedPolicy } from '../../mock/domain/realm-config/replaced-policies';
import { MOCK_FEATURE_LEVEL } from '../../mock/domain/server-settings';
import { createMockServer, type MockServer } from '../../mock/index';
import { notFoundPage } from '../../mock/http/not-found-page';
import { answerProblem, invariantProblems } from './properties';
import { asCurl, type FuzzRequest, fileRequest, fuzzRequest, siteRootRequest, strayRequest } from './requests';

const SITE = 'http://localhost:9991';
/**
 * Random requests deactivate users and archive channels soon enough that the rest would mostly be
 * refused; a fresh realm every so often keeps every operation reachable.
 */
const RESET_EVERY = 25;

/** Counts per request category and what broke. */
export interface FuzzReport {
  readonly tried: Map<string, number>;
  /** Answers by HTTP status. */
  readonly statuses: Map<number, number>;
  readonly errorsLogged: string[];
  /** How many feature levels the realms ran at (in-process only). */
  readonly levels?: number;
}

/** A realm for fuzzing: no rate limits (they would hide the deeper paths), errors collected. */
export function fuzzRealm(featureLevel?: number, errorsLogged: string[] = []): { mock: MockServer; errorsLogged: string[] } {
  const logger = {
    warn: () => undefined,
    error: (message: string, error?: unknown) => errorsLogged.push(`${message}: ${error instanceof Error ? error.stack : String(error)}`),
  };
  return { mock: createMockServer({ rateLimits: false, logger, ...(featureLevel === undefined ? {} : { featureLevel }) }), errorsLogged };
}

/**
 * The feature levels the in-process fuzzer's realms run at: the mock's own, its oldest, and the
 * level just before each change it reproduces for older servers (`LEVEL`, and where the realm's
 * replaced policies came and went), so that the code paths of every older server get random
 * requests too.
 */
function fuzzLevels(): number[] {
  const policyLevels = Object.values(REPLACED_POLICIES).flatMap((policy: ReplacedPolicy) => [policy.until, policy.since ?? OLDEST_MOCK_LEVEL]);
  const before = [...Object.values(LEVEL), ...policyLevels].map((level) => Math.max(OLDEST_MOCK_LEVEL, level - 1));
  return [...new Set([MOCK_FEATURE_LEVEL, OLDEST_MOCK_LEVEL, ...before])];
}

async function answer(mock: MockServer, request: FuzzRequest): Promise<{ status: number; text: string }> {
  const init: RequestInit = { method: request.method, headers: request.headers };
  if (request.body !== undefined && request.method !== 'GET' && request.method !== 'HEAD') init.body = request.body;
  const response = await mock.dispatch(new Request(`${SITE}${request.path}`, init));
  if (!response) return { status: 404, text: await notFoundPage().text() };
  return { status: response.status, text: await response.text() };
}

/**
 * Sends `runs` random requests (and a share of stray ones) to one realm, in-process; asserts
 * each answer is the API's envelope with a known code and never a 5xx, and the store's invariants
 * after each. Throws with the shrunk request as a curl command.
 */
export async function fuzzInProcess(runs: number, seed: number): Promise<FuzzReport> {
  const errorsLogged: string[] = [];
  const realms = fuzzLevels().map((level) => fuzzRealm(level, errorsLogged).mock);
  const keyOf = (email: string) => realms[0]?.apiKeyOf(email) ?? '';
  const tried = new Map<string, number>();
  const statuses = new Map<number, number>();
  const sentTo = realms.map(() => 0);
  const requests = fc.oneof(
    { weight: 9, arbitrary: fuzzRequest(keyOf) },
    { weight: 1, arbitrary: strayRequest() },
    { weight: 1, arbitrary: fileRequest(keyOf) },
    { weight: 1, arbitrary: siteRootRequest() },
  );
  // Half the requests go to the mock's own level, the rest to an older server's; every realm is seeded alike, keys included.
  const realmIndex = fc.oneof(fc.constant(0), fc.nat({ max: realms.length - 1 }));
  await fc.assert(
    fc.asyncProperty(realmIndex, requests, async (index, request) => {
      const mock = realms[index] as MockServer;
      tried.set(request.category, (tried.get(request.category) ?? 0) + 1);
      const { status, text } = await answer(mock, request);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      const problem = answerProblem(request, status, text) ?? invariantProblems(mock)[0] ?? errorsLogged[0];
      if (problem) throw new Error(`${problem}\n  at feature level ${mock.state.featureLevel}; replay: ${asCurl(request)}`);
      if (++sentTo[index]! % RESET_EVERY === 0) mock.reset();
    }),
    { numRuns: runs, seed, endOnFailure: false },
  );
  return { tried, statuses, errorsLogged, levels: realms.length };
}

/** The request's path as the bytes of a request line: every character outside printable ASCII escaped. */
function asciiPath(path: string): string {
  return path.replace(/[^\x21-\x7e]/gu, (character) => encodeURIComponent(character.replace(/[\uD800-\uDFFF]/g, '\uFFFD')));
}

/**
 * The same over real HTTP against the standalone server, written byte for byte on a socket (methods,
 * paths and bodies `fetch` would refuse), so the node:http adapter is fuzzed too.
 */
export async function fuzzOverHttp(runs: number, seed: number): Promise<FuzzReport> {
  const { startHttpMock } = await import('../../mock/runtimes/http');
  const { rawHttp } = await import('../support/raw-http');
  const errorsLogged: string[] = [];
  const logger = {
    warn: () => undefined,
    error: (message: string, error?: unknown) => errorsLogged.push(`${message}: ${error instanceof Error ? error.stack : String(error)}`),
  };
  const running = await startHttpMock({ port: 0, rateLimits: false, logger });
  const tried = new Map<string, number>();
  const statuses = new Map<number, number>();
  let sent = 0;
  try {
    const requests = fc.oneof(
      { weight: 9, arbitrary: fuzzRequest((email) => running.mock.apiKeyOf(email)) },
      { weight: 1, arbitrary: strayRequest() },
      { weight: 1, arbitrary: fileRequest((email) => running.mock.apiKeyOf(email)) },
      { weight: 1, arbitrary: siteRootRequest() },
    );
    await fc.assert(
      fc.asyncProperty(requests, async (request) => {
        tried.set(request.category, (tried.get(request.category) ?? 0) + 1);
        const body = Buffer.from(request.body ?? '', 'utf8');
        const headers = Object.entries(request.headers).map(([name, value]) => `${name}: ${value}`);
        const head = [`${request.method} ${asciiPath(request.path)} HTTP/1.1`, `Host: ${new URL(running.url).host}`, `Content-Length: ${body.length}`, ...headers].join('\r\n');
        const { status, body: text } = await rawHttp(running.url, head, body);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        // Node's HTTP parser answers a request it cannot parse with a bare 400, as any front end
        // would; a path that resolves outside the API (`/api/v1/../x`) gets the site's 404 page.
        const outsideApi = !new URL(asciiPath(request.path), running.url).pathname.startsWith('/api/v1/');
        const bare = (status === 400 && text === '') || (outsideApi && status === 404);
        const problem = (bare ? undefined : answerProblem(request, status, text)) ?? invariantProblems(running.mock)[0] ?? errorsLogged[0];
        if (problem) throw new Error(`${problem}\n  replay: ${asCurl(request, running.url)}`);
        if (++sent % RESET_EVERY === 0) running.mock.reset();
      }),
      { numRuns: runs, seed, endOnFailure: false },
    );
  } finally {
    await running.close();
  }
  return { tried, statuses, errorsLogged };
}
