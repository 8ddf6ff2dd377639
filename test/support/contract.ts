import { NOT_IMPLEMENTED_CODE } from '../../mock/http/fallback';
import { NOT_FOUND_TITLE } from '../../mock/http/not-found-page';
import { CSRF_FAILURE_HEADING } from '../../mock/http/csrf-failure-page';
import type { ObservedExchange } from '../../mock/http/observer';
import { ErrorEnvelope } from '../../src/schemas/common';
import { type ChatEventPayload, parseEvent } from '../../src/schemas/events';
import { asOlderServerSends, OLDEST_CHECKED_FEATURE_LEVEL, openApiProblems } from './openapi';

/**
 * A 405 is typed HTML but holds the JSON envelope with `allowed_methods` (the REST dispatcher's
 * `json_method_not_allowed`), or nothing (Django's `require_safe` on the plain views).
 */
function methodNotAllowedProblems(where: string, text: string): string[] {
  if (text === '') return [];
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return [`${where}: a 405 that is neither empty nor JSON: ${text.slice(0, 80)}`];
  }
  const envelope = body as { result?: unknown; msg?: unknown; allowed_methods?: unknown };
  const valid = envelope.result === 'error' && envelope.msg === 'Method Not Allowed' && Array.isArray(envelope.allowed_methods);
  return valid ? [] : [`${where}: not the 405 envelope: ${text.slice(0, 80)}`];
}

/**
 * Every contract problem of one response: a 500, a success body that does not parse with
 * the SDK's response schema, an error that is not the envelope, or a body that does not
 * validate against the reference OpenAPI file.
 */
export function contractProblems(exchange: ObservedExchange): string[] {
  const where = `${exchange.method} ${new URL(exchange.url).pathname} -> ${exchange.status}`;
  const problems: string[] = [];
  if (typeof exchange.body === 'string') {
    // The server refuses a file with its HTML pages (403, 404), even under /api/v1, types its 405s
    // (Django's HttpResponseNotAllowed) as HTML whatever their body, sends a browser page
    // without credentials to the login page (302), and answers a path no route matches with its
    // HTML 404 page, and an unsafe method on a view at the site's root with its CSRF failure page.
    const filePage = exchange.endpoint?.id === 'get-file-temporary-url' && (exchange.status === 403 || exchange.status === 404);
    const notFound = exchange.status === 404 && exchange.body.includes(`<title>${NOT_FOUND_TITLE}</title>`);
    const csrfFailure = exchange.status === 403 && exchange.body.includes(`<h1>${CSRF_FAILURE_HEADING}</h1>`);
    const page = filePage || notFound || csrfFailure;
    if (exchange.status === 405) return methodNotAllowedProblems(where, exchange.body);
    return page || exchange.status === 302 ? [] : [`${where}: not JSON: ${exchange.body.slice(0, 80)}`];
  }
  const body = exchange.body as Record<string, unknown>;
  // The mock's deliberate answer to a real route it lacks is not a crash.
  const notImplemented = exchange.status === 501 && body.code === NOT_IMPLEMENTED_CODE;
  if (exchange.status >= 500 && !notImplemented) {
    problems.push(`${where}: server error ${JSON.stringify(exchange.body)}`);
  }
  if (body.result === 'success') {
    const { result: _result, msg: _msg, ...rest } = body;
    const parsed = exchange.endpoint?.response.safeParse(rest);
    if (parsed && !parsed.success) problems.push(`${where}: SDK schema: ${parsed.error.message}`);
    if (exchange.endpoint && parsed?.success) {
      // The oldest server that has the operation: the floor, or the operation's own level when newer.
      const floor = Math.max(OLDEST_CHECKED_FEATURE_LEVEL, exchange.endpoint.featureLevel);
      const olderBody = asOlderServerSends(exchange.endpoint.method, exchange.endpoint.path, body, floor) as Record<string, unknown>;
      const { result: _olderResult, msg: _olderMsg, ...olderRest } = olderBody;
      const older = exchange.endpoint.response.safeParse(olderRest);
      if (!older.success) {
        problems.push(
          `${where}: SDK schema rejects the answer as a server of feature level ${floor} sends it: ${older.error.message}`,
        );
      }
      // Events are typed one by one (parseEvent), after the envelope: check each, as sent and as an older server sends it.
      for (const [label, events] of [
        ['', rest.events],
        [` as a server of feature level ${floor} sends it`, olderRest.events],
      ] as const) {
        if (!Array.isArray(events)) continue;
        for (const event of events as ChatEventPayload[]) {
          try {
            parseEvent(event);
          } catch (error) {
            problems.push(`${where}: SDK event schema rejects a ${event.type} event${label}: ${(error as Error).message}`);
          }
        }
      }
    }
  } else if (exchange.status !== 405 && !ErrorEnvelope.safeParse(body).success) {
    problems.push(`${where}: not an error envelope: ${JSON.stringify(body)}`);
  }
  if (exchange.endpoint) {
    for (const problem of openApiProblems(exchange.endpoint.method, exchange.endpoint.path, exchange.status, body)) {
      problems.push(`${where}: OpenAPI: ${problem}`);
    }
  }
  return problems;
}

const recorded: string[] = [];
let exchanges = 0;

/** The observer the test mocks use: checks every response as it is produced. */
export function recordExchange(exchange: ObservedExchange): void {
  exchanges++;
  recorded.push(...contractProblems(exchange));
}

/** Takes the problems recorded since the last call. */
export function takeContractProblems(): { problems: string[]; exchanges: number } {
  const result = { problems: recorded.splice(0), exchanges };
  exchanges = 0;
  return result;
}
