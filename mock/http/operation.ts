import type { MockRequest } from './mock-request';
import type * as z from 'zod/mini';
import { type Endpoint, ROLE_VALUES, type RoleName } from '../../src/contract/endpoint';
import { requireDraftSync } from '../domain/drafts/operations';
import { runDueJobs } from '../domain/due-jobs';
import { EARLIER_IGNORED_PARAMETERS_REPORT, hasLevel, LEVEL } from '../domain/feature-levels';
import { ApiFailure, badRequest, roleRequired } from '../domain/errors';
import { hasRealmPermission } from '../domain/realm-permission';
import { isRealmGroupSetting, type RealmGroupSetting } from '../domain/realm-config/realm-settings';
import type { RateLimitResult } from '../domain/rate-limits';
import type { MockState } from '../domain/state';
import type { UserRecord } from '../store/store';
import { decodeParams, ignoredParameters } from './decode-params';
import { type Answer, errorReply, responseOf, successReply } from './envelope';
import { olderAnswerShaper } from './older-answers';
import { type ChosenFault, faultyResponse } from './faults';
import { type ExchangeObserver, observe } from './observer';
import { type RawParams, readRequestParams } from './request-params';
import { bodyLimitsFor } from './body-limits';
import { serverHeaders } from './server-headers';
import { standInFor, withIntegersAsSent } from './oversized-integers';
import { decodedPath } from './decoded-path';
import { injectedRateLimitRefusal } from './injected-rate-limit';
import { neverCacheHeaders } from './never-cache';
import { admitCaller, authenticateCaller } from './credentials';
import { loginRedirect } from './login-redirect';
import { refusedRequest } from './file-pages';
import { viewMethodRefusal } from './method-not-allowed';
import { clientName } from '../domain/user-agent';
import { Redirect, redirectResponse } from './redirect';

/** What a request sent as text: its path, then its parameters' values. */
function* requestTexts(pathname: string, sent: RawParams | undefined): Iterable<string> {
  yield decodedPath(pathname);
  if (!sent) return;
  for (const [, value] of sent.query) yield value;
  for (const [, value] of sent.body) yield value;
}

/** A fault's answer: an injected 429 is the rate limiter's own refusal (see {@link injectedRateLimitRefusal}). */
function faultAnswer(state: MockState, endpoint: Endpoint, fault: ChosenFault, request: MockRequest, response: Response | undefined) {
  const rateLimited = fault.kind === 'status' && fault.status === 429;
  return faultyResponse(fault, request, response, rateLimited ? responseOf(injectedRateLimitRefusal(state, endpoint, request)) : undefined);
}

/** What an operation's implementation receives. */
interface OperationContext<E extends Endpoint> {
  readonly state: MockState;
  readonly params: z.output<E['params']>;
  readonly request: MockRequest;
  /** The client name: the `client` parameter, else the name the server reads in the `User-Agent`. */
  readonly client: string;
  /** The file parts of a multipart body, whatever their field names. */
  readonly files: readonly File[];
  /** The rate limits the request passed, for its `X-RateLimit-*` headers (an operation may add its own). */
  readonly rateLimits: RateLimitResult[];
}

/** The context of an operation that requires credentials: the caller is known. */
interface AuthenticatedContext<E extends Endpoint> extends OperationContext<E> {
  readonly user: UserRecord;
}

/**
 * An operation's server logic: decoded parameters in, the success payload out, or a
 * {@link Redirect} for the few views that answer with one (`GET /realm/icon`).
 */
export type Implementation<E extends Endpoint> = (
  context: E['access']['auth'] extends 'api_key' ? AuthenticatedContext<E> : OperationContext<E>,
) => z.input<E['response']> | Redirect | Promise<z.input<E['response']> | Redirect>;

const ROLE_MESSAGES: Record<RoleName, string> = {
  owner: 'Must be an organization owner',
  administrator: 'Must be an organization administrator',
  moderator: 'Must be an organization moderator',
  member: 'Must be an organization member',
  guest: '',
};

/** Parameters the operation gains after `level` (declared without a condition on their value). */
function newerParameters(endpoint: Endpoint, level: number): ReadonlySet<string> {
  return new Set(
    endpoint.requires
      .filter((requirement) => requirement.since > level && requirement.applies === undefined)
      .map((requirement) => requirement.param),
  );
}

/** The realm permission the operation requires, checked to be one of the realm's group settings. */
function declaredRealmPermission(endpoint: Endpoint): RealmGroupSetting | undefined {
  const name = endpoint.access.realmPermission;
  if (name === undefined) return undefined;
  if (!isRealmGroupSetting(name)) throw new Error(`[teamchat-mock] ${endpoint.id}: ${name} is not a realm permission`);
  return name;
}

/** Parameters the server's dispatcher reads for every operation, so they are never "ignored". */
const DISPATCHER_PARAMETERS = new Set(['client']);

/** Path segments the real router would match: integer parameters must be digits. */
function pathValuesOrNull(endpoint: Endpoint, routeParams: Record<string, unknown>): Record<string, unknown> | null {
  const values: Record<string, unknown> = {};
  for (const name of endpoint.pathParams) {
    const text = String(routeParams[name] ?? '');
    const schema = endpoint.params.shape[name] as z.ZodMiniType;
    // Digits are an integer where the parameter is one, and text otherwise (a file named `1`).
    // Django's `<int:...>` takes any number of digits: an ID past exact JS integers names no
    // record, so it reads as its stand-in (no record has it) and the view answers its own
    // "Invalid ..." error rather than the router a 404.
    const number = Number(text);
    const asNumber = /^\d+$/.test(text) ? schema.safeParse(Number.isSafeInteger(number) ? number : standInFor(text)) : undefined;
    const candidate = asNumber?.success ? asNumber : schema.safeParse(text);
    if (!candidate.success) return null;
    values[name] = candidate.data;
  }
  return values;
}

/**
 * Answers one request for a declared operation whose path matched (`routeParams`: the path's
 * segments, decoded): authenticate, check the role, decode the parameters, run the
 * implementation, wrap the envelope (with `ignored_parameters_unsupported`), and map any failure
 * through {@link errorReply}. Undefined when a path parameter does not fit (a non-integer
 * ID): the real router has no such route, so the next route or the fallback answers.
 */
export type OperationResolver = (
  request: MockRequest,
  routeParams: Readonly<Record<string, string>>,
  pathname: string,
) => Promise<Answer | undefined>;

/** The resolver of one declared operation; see {@link OperationResolver}. */
export function operationResolver<E extends Endpoint>(
  state: MockState,
  endpoint: E,
  implementation: Implementation<E>,
  observer: ExchangeObserver | undefined,
): OperationResolver {
  const unknownNames = newerParameters(endpoint, state.featureLevel);
  const reportsIgnored =
    endpoint.reportsIgnoredParameters && hasLevel(state, EARLIER_IGNORED_PARAMETERS_REPORT[endpoint.id] ?? LEVEL.ignoredParametersReport);
  const realmPermission = declaredRealmPermission(endpoint);
  const asOlderServer = olderAnswerShaper(endpoint.method, endpoint.path, state.featureLevel);
  return async (request, routeParams, pathname) => {
    const pathValues = pathValuesOrNull(endpoint, routeParams);
    // Not a match for the real router (e.g. a non-integer ID): let the next handler try.
    if (pathValues === null) return undefined;
    const refusal = endpoint.plainView && viewMethodRefusal(endpoint.plainView, request.method);
    if (refusal) return observe(observer, undefined, request, refusal);
    const fault = state.faults.choose(endpoint.id, endpoint.method, endpoint.path);
    if (fault?.when === 'before') {
      const faulty = await faultAnswer(state, endpoint, fault, request, undefined);
      if (faulty) return journalFault(state, endpoint.id, request, pathname, fault, faulty, undefined, []);
    }
    let response: Answer;
    const limits: RateLimitResult[] = [];
    let caller: UserRecord | undefined;
    let sent: RawParams | undefined;
    let code: string | undefined;
    try {
      runDueJobs(state);
      const { access } = endpoint;
      const user = access.auth === 'api_key' ? authenticateCaller(state, request, access) : undefined;
      // The server counts a request right after authenticating it, before any other check.
      caller = user;
      const admitted = user && admitCaller(state, endpoint, user);
      if (admitted) limits.push(admitted);
      const minRole = endpoint.access.minRole;
      if (user && minRole && user.role > ROLE_VALUES[minRole]) throw roleRequired(ROLE_MESSAGES[minRole]);
      if (user && (access.membersOnly || access.nonGuestsOnly) && user.role === ROLE_VALUES.guest) throw badRequest('Not allowed for guest users');
      if (user?.is_bot && (access.humansOnly || access.membersOnly)) throw badRequest('This endpoint does not accept bot requests.');
      if (user && access.requiresDraftSync) requireDraftSync(state, user);
      if (user && realmPermission && !hasRealmPermission(state, user, realmPermission)) throw badRequest('Insufficient permission');
      const raw = await readRequestParams(request, bodyLimitsFor(state, endpoint));
      sent = raw;
      const { params, consumed } = decodeParams(endpoint, raw, pathValues, unknownNames);
      const client = clientName(raw.body.get('client') ?? raw.query.get('client'), request.headers.get('user-agent'));
      const context = { state, params, request, client, user, files: raw.files, rateLimits: limits };
      const payload = (await implementation(context as Parameters<Implementation<E>>[0])) as object;
      const headers = serverHeaders(state, limits);
      const sentHeaders = endpoint.plainView ? headers : { ...headers, ...neverCacheHeaders(state.clock.now()) };
      if (payload instanceof Redirect) {
        // A redirect has no body to list ignored parameters in.
        response = redirectResponse(payload, sentHeaders);
      } else {
        const ignored = reportsIgnored
          ? ignoredParameters(raw, consumed).filter((name) => !DISPATCHER_PARAMETERS.has(name))
          : [];
        const answer = asOlderServer ? asOlderServer(payload) : payload;
        response = successReply(ignored.length > 0 ? { ...answer, ignored_parameters_unsupported: ignored } : answer, sentHeaders);
      }
    } catch (thrown) {
      // The server quotes an integer as it read it, past exact JS numbers too.
      const error = withIntegersAsSent(thrown, requestTexts(pathname, sent));
      code = error instanceof ApiFailure ? error.code : undefined;
      const headers = serverHeaders(state, limits);
      response = loginRedirect(error, request, pathname, headers) ?? errorReply(error, state.logger, headers, refusedRequest(request));
    }
    const params = sent ? [...sent.query, ...sent.body] : [];
    const observed = await observe(observer, endpoint, request, response);
    // The realm changed and the contract saw the real answer; the client gets the fault.
    if (fault?.when === 'after') {
      const faulty = await faultAnswer(state, endpoint, fault, request, responseOf(observed));
      if (faulty && fault.kind !== 'latency') return journalFault(state, endpoint.id, request, pathname, fault, faulty, caller, params);
    }
    // Only latency lets the real answer through (later): it is listed as given, with the fault.
    state.journal.record({
      operation: endpoint.id,
      method: request.method,
      path: pathname,
      user: caller?.delivery_email,
      params,
      status: response.status,
      code,
      at: state.clock.now(),
      ...(fault ? { fault: { kind: fault.kind, when: fault.when } } : {}),
    });
    return observed;
  };
}

/** Journals what the client got from an injected fault, and returns it. */
function journalFault(
  state: MockState,
  operation: string,
  request: MockRequest,
  path: string,
  fault: ChosenFault,
  faulty: Response,
  caller: UserRecord | undefined,
  params: Iterable<[string, string]>,
): Response {
  const status = faulty.type === 'error' ? 0 : faulty.status;
  state.journal.record({
    operation,
    method: request.method,
    path,
    user: caller?.delivery_email,
    params,
    status,
    code: fault.kind === 'status' && status === 429 ? 'RATE_LIMIT_HIT' : undefined,
    at: state.clock.now(),
    fault: { kind: fault.kind, when: fault.when },
  });
  return faulty;
}
