import type { MockRequest } from '../http/mock-request';
import type { MockServer } from '../index';
import { parseFaultSpecs } from '../http/faults';
import { runDueJobs } from '../domain/due-jobs';
import { StateFormatError } from '../persistence/load-state';
import { type LinkPreviewPage, linkPreviewPagesProblem } from '../domain/link-embeds/pages';

/** The prefix of the standalone server's administration endpoints. */
const ADMIN_PREFIX = '/__admin/';

/** What the administration endpoints may do beyond the realm itself. */
export interface AdminOptions {
  /** Writes the realm to the `--state` file; absent when the server has none. */
  readonly save?: () => Promise<void>;
  /**
   * Puts the realm back where the server started, for `POST /__admin/reset`: a server that loaded
   * a state file goes back to that realm, not to the seed. Absent: `mock.reset()`, the seed's realm.
   */
  readonly reset?: () => void;
}

interface MovableClock {
  advance(milliseconds: number): void;
  set(milliseconds: number): void;
}

function json(status: number, body: object): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const ok = () => json(200, { result: 'success', msg: '' });
const refused = (msg: string, status = 400) => json(status, { result: 'error', msg, code: 'BAD_REQUEST' });

async function jsonBody(request: MockRequest): Promise<unknown> {
  try {
    return JSON.parse(await request.text());
  } catch {
    return undefined;
  }
}

function isMovable(clock: unknown): clock is MovableClock {
  return typeof (clock as MovableClock).advance === 'function' && typeof (clock as MovableClock).set === 'function';
}

async function moveClock(mock: MockServer, request: MockRequest): Promise<Response> {
  if (!isMovable(mock.clock)) return refused("this mock's clock cannot be moved");
  const body = (await jsonBody(request)) as { advance_ms?: unknown; now_ms?: unknown } | undefined;
  if (typeof body?.advance_ms === 'number' && body.advance_ms >= 0) mock.clock.advance(body.advance_ms);
  else if (typeof body?.now_ms === 'number') mock.clock.set(body.now_ms);
  else return refused('expected {"advance_ms": <non-negative number>} or {"now_ms": <milliseconds since the epoch>}');
  // What fell due happens now, so a waiting long-poll hears of it without another request.
  runDueJobs(mock.state);
  return json(200, { result: 'success', msg: '', now_ms: mock.clock.now() });
}

/**
 * Registers the pages of a JSON object of page URL to page (as `--link-previews` takes), all or
 * none: a malformed one refuses the request, naming it, and registers nothing.
 */
async function registerLinkPreviews(mock: MockServer, request: MockRequest): Promise<Response> {
  const body = await jsonBody(request);
  if (body === undefined) return refused('expected a JSON object of page URL to page: {"https://…": {"title": …, "description": …, "image": …}}');
  const problem = linkPreviewPagesProblem(body);
  if (problem) return refused(problem);
  for (const [url, page] of Object.entries(body as Record<string, LinkPreviewPage>)) mock.linkPreviews.set(url, page);
  return ok();
}

/** One administration endpoint's answer to one method. */
type AdminHandler = (mock: MockServer, request: MockRequest, options: AdminOptions) => Response | Promise<Response>;

/**
 * The administration endpoints, by path under {@link ADMIN_PREFIX}, then by method: both the
 * dispatch and the 405 and 404 answers to a request none of them takes.
 */
const ADMIN_ROUTES: Readonly<Record<string, Readonly<Record<string, AdminHandler>>>> = {
  reset: {
    POST: (mock, _request, options) => {
      if (options.reset) options.reset();
      else mock.reset();
      return ok();
    },
  },
  state: {
    GET: (mock) => json(200, mock.snapshot()),
    PUT: async (mock, request) => {
      try {
        mock.restore(await jsonBody(request));
      } catch (error) {
        if (error instanceof StateFormatError) return refused(error.message);
        throw error;
      }
      return ok();
    },
  },
  save: {
    POST: async (_mock, _request, options) => {
      if (!options.save) return refused('this server has no --state file to save to');
      await options.save();
      return ok();
    },
  },
  faults: {
    POST: async (mock, request) => {
      const specs = parseFaultSpecs(await request.text());
      if (typeof specs === 'string') return refused(specs);
      for (const spec of specs) mock.faults.inject(spec);
      return ok();
    },
    DELETE: (mock) => {
      mock.faults.clear();
      return ok();
    },
  },
  'link-previews': {
    POST: registerLinkPreviews,
    DELETE: (mock) => {
      mock.linkPreviews.clear();
      return ok();
    },
  },
  clock: {
    GET: (mock) => json(200, { result: 'success', msg: '', now_ms: mock.clock.now() }),
    POST: moveClock,
  },
  restart: {
    POST: (mock) => {
      mock.restart();
      return ok();
    },
  },
};

/**
 * The administration endpoints of the standalone server (enabled with `--admin`):
 * `POST /__admin/reset`, `GET` and `PUT /__admin/state` (export and import the realm as a state
 * document), `POST /__admin/save` (write the `--state` file), `POST` and `DELETE /__admin/faults`,
 * `POST` and `DELETE /__admin/link-previews` (register pages link previews are made from, or forget
 * them all), `GET` and `POST /__admin/clock` (read or move the realm's clock), `POST /__admin/restart` (restart the event system, as an upgrade does).
 * Undefined for any other path.
 */
export async function adminResponse(mock: MockServer, request: MockRequest, options: AdminOptions): Promise<Response | undefined> {
  const path = new URL(request.url).pathname;
  if (!path.startsWith(ADMIN_PREFIX)) return undefined;
  const name = path.slice(ADMIN_PREFIX.length).replace(/\/$/, '');
  const methods = Object.hasOwn(ADMIN_ROUTES, name) ? ADMIN_ROUTES[name] : undefined;
  const handler = methods && Object.hasOwn(methods, request.method) ? methods[request.method] : undefined;
  return handler ? handler(mock, request, options) : wrongRoute(name, methods);
}

/**
 * A known endpoint with another method (`curl .../__admin/reset` is a GET) is 405 naming the ones
 * it takes; an unknown one is 404 listing the endpoints, so neither reads as `--admin` being off.
 */
function wrongRoute(name: string, methods: Readonly<Record<string, AdminHandler>> | undefined): Response {
  if (methods) {
    const allowed = Object.keys(methods);
    const msg = `Method Not Allowed: ${ADMIN_PREFIX}${name} takes ${allowed.join(' or ')}`;
    return new Response(JSON.stringify({ result: 'error', msg, code: 'BAD_REQUEST', allowed_methods: allowed }), {
      status: 405,
      headers: { 'content-type': 'application/json', Allow: allowed.join(', ') },
    });
  }
  const known = Object.entries(ADMIN_ROUTES).map(([path, handlers]) => `${Object.keys(handlers).join('/')} ${ADMIN_PREFIX}${path}`);
  return json(404, { result: 'error', msg: `Not Found: the administration endpoints are ${known.join(', ')}`, code: 'BAD_REQUEST' });
}
