import type { MockRequest } from './mock-request';
/**
 * Fault injection: the mock misbehaves on purpose so a client's retries, timeouts and recovery
 * can be tested offline. A fault applies to the requests of one operation (or all) for the next
 * N matching requests, or to a share of them picked by a seeded generator.
 */

import { seededRandom } from '../domain/seeded-random';
import { meantName } from '../domain/closest-names';
import { MockMisuseError } from '../factories/misuse';
import { unknownFaultTarget } from './fault-targets';

/** What goes wrong. */
export type FaultKind =
  /** The connection fails: in-process the fetch rejects, over HTTP the socket is destroyed. */
  | 'network'
  /** The server's 500 envelope (or another status given as `status`; 429 is the rate limiter's answer). */
  | 'status'
  /** The answer is delayed by `delayMs` real milliseconds, then given normally. */
  | 'latency'
  /** A 200 with a body that is not JSON. */
  | 'malformed'
  /** The answer's body is cut in the middle. */
  | 'truncated'
  /** The headers arrive, the body never does (until the client gives up). */
  | 'stall';

/** One fault to inject. */
export interface FaultSpec {
  readonly kind: FaultKind;
  /**
   * Which requests: an operation ID (`send-message`) or `METHOD /path` as declared
   * (`POST /messages`); every operation when omitted.
   */
  readonly operation?: string | undefined;
  /**
   * `before`: the request fails before the operation runs (nothing changes). `after`: the
   * operation runs and changes the realm, then the client sees the fault: the server accepted a
   * request the client believes failed.
   * @default 'before'
   */
  readonly when?: 'before' | 'after' | undefined;
  /** How many matching requests it hits: a positive integer, or `Infinity` for all. @default 1 */
  readonly times?: number | undefined;
  /** Instead of every matching request, this share of them (0 to 1), chosen by the seeded generator. */
  readonly probability?: number | undefined;
  /**
   * For `status` (429: the rate limiter's answer, `RATE_LIMIT_HIT` with `retry-after` 1 s and the
   * `X-RateLimit-*` headers of the caller's limit). @default 500
   */
  readonly status?: number | undefined;
  /** For `latency`. @default 1000 */
  readonly delayMs?: number | undefined;
}

/** A fault as kept: its spec and how many requests it may still hit. */
interface ArmedFault {
  readonly spec: FaultSpec;
  remaining: number;
}

/** A fault chosen for one request. */
export interface ChosenFault {
  readonly kind: FaultKind;
  readonly when: 'before' | 'after';
  readonly status: number;
  readonly delayMs: number;
}

/**
 * The realm's injected faults: `mock.faults`.
 *
 * @example
 * mock.faults.inject({ kind: 'status', status: 503, times: 1 });
 */
export class FaultInjector {
  #armed: ArmedFault[] = [];
  #random: () => number;
  #hits = 0;

  constructor(seed = 1) {
    this.#random = seededRandom(seed);
  }

  /**
   * Arms a fault. A spec the standalone server's `--faults` would refuse throws a
   * `MockMisuseError` saying what is wrong: an unknown kind or option, an `operation` that names
   * no operation ID and no declared route (with the closest known names), a value out of range.
   *
   * @example
   * mock.faults.inject({ kind: 'network', operation: 'POST /messages', when: 'after' });
   * mock.faults.inject({ kind: 'status', status: 503, probability: 0.2, times: Infinity });
   */
  inject(spec: FaultSpec): void {
    const checked = checkedSpec(spec);
    if (typeof checked === 'string') throw new MockMisuseError(`mock.faults.inject: ${checked}`);
    this.#armed.push({ spec: checked, remaining: checked.times ?? 1 });
  }

  /** Disarms every fault and restarts the generator from `seed`. */
  clear(seed = 1): void {
    this.#armed = [];
    this.#random = seededRandom(seed);
  }

  /** How many requests a fault has hit so far. */
  get hits(): number {
    return this.#hits;
  }

  /** The fault for a request of this operation, if one applies (the first armed one that does). */
  choose(operationId: string, method: string, path: string): ChosenFault | undefined {
    for (const armed of this.#armed) {
      const { spec } = armed;
      if (armed.remaining <= 0) continue;
      if (spec.operation !== undefined && spec.operation !== operationId && spec.operation !== `${method} ${path}`) continue;
      if (spec.probability !== undefined && this.#random() >= spec.probability) continue;
      armed.remaining--;
      this.#hits++;
      return { kind: spec.kind, when: spec.when ?? 'before', status: spec.status ?? 500, delayMs: spec.delayMs ?? 1000 };
    }
    return undefined;
  }
}

/** Waits real time, or less if the request is aborted. */
function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    }, { once: true });
  });
}

/** A body stream that never delivers anything, and ends when the request is aborted. */
function stalledBody(signal: AbortSignal): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      signal.addEventListener('abort', () => controller.error(signal.reason), { once: true });
    },
  });
}

/**
 * The response a fault turns `response` into (`response` is the real answer for faults after
 * the operation, or undefined before it). Latency returns the real response, later. A 429 is
 * `rateLimited`, the rate limiter's own refusal (the server sends no other 429: clients read its
 * `code`, `retry-after` and `X-RateLimit-*` headers), which the caller makes for the request.
 */
export async function faultyResponse(
  fault: ChosenFault,
  request: MockRequest,
  response: Response | undefined,
  rateLimited?: Response,
): Promise<Response | undefined> {
  switch (fault.kind) {
    case 'network':
      return Response.error();
    case 'status':
      return rateLimited ?? Response.json({ result: 'error', msg: 'Internal server error' }, { status: fault.status });
    case 'latency':
      await delay(fault.delayMs, request.signal);
      return response;
    case 'malformed':
      return new Response('<html>Bad gateway</html>', { status: 200, headers: { 'content-type': 'application/json' } });
    case 'truncated': {
      const text = response ? await response.clone().text() : '{"result":"success","msg":""}';
      return new Response(text.slice(0, Math.max(1, Math.floor(text.length / 2))), {
        status: response?.status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    }
    case 'stall':
      return new Response(stalledBody(request.signal), { status: 200, headers: { 'content-type': 'application/json' } });
  }
}

const FAULT_KINDS: readonly FaultKind[] = ['network', 'status', 'latency', 'malformed', 'truncated', 'stall'];
const SPEC_KEYS = ['kind', 'operation', 'when', 'times', 'probability', 'status', 'delayMs'] as const;

/** A fault spec's one check for every way in (`mock.faults.inject`, `--faults`, `POST /__admin/faults`): the spec, or what is wrong. */
function checkedSpec(raw: unknown): FaultSpec | string {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return 'a fault is an object such as {"kind":"status","operation":"send-message"}';
  const given = raw as Record<string, unknown>;
  for (const key of Object.keys(given)) {
    if ((SPEC_KEYS as readonly string[]).includes(key)) continue;
    const meant = meantName(key, SPEC_KEYS);
    return `unknown option '${key}'${meant === undefined ? '' : `; did you mean '${meant}'?`} (a fault's options: ${SPEC_KEYS.join(', ')})`;
  }
  const { kind, operation, when, times, probability, status, delayMs } = given;
  if (!FAULT_KINDS.includes(kind as FaultKind)) return `kind must be one of ${FAULT_KINDS.join(', ')}`;
  if (operation !== undefined && typeof operation !== 'string') return 'operation must be a string';
  const unknownTarget = typeof operation === 'string' ? unknownFaultTarget(operation) : undefined;
  if (unknownTarget) return unknownTarget;
  if (when !== undefined && when !== 'before' && when !== 'after') return 'when must be before or after';
  if (times !== undefined && times !== null && times !== Number.POSITIVE_INFINITY && !(Number.isInteger(times) && (times as number) > 0)) {
    return 'times must be a positive integer, or Infinity (null in JSON) for every request';
  }
  if (probability !== undefined && !(typeof probability === 'number' && probability >= 0 && probability <= 1)) {
    return 'probability must be between 0 and 1';
  }
  if (status !== undefined && !(Number.isInteger(status) && (status as number) >= 400 && (status as number) <= 599)) {
    return 'status must be an HTTP error status (400-599)';
  }
  if (delayMs !== undefined && !(typeof delayMs === 'number' && delayMs >= 0)) return 'delayMs must be >= 0';
  return {
    kind: kind as FaultKind,
    ...(operation === undefined ? {} : { operation: operation as string }),
    ...(when === undefined ? {} : { when: when as 'before' | 'after' }),
    ...(times === undefined ? {} : { times: times === null ? Number.POSITIVE_INFINITY : (times as number) }),
    ...(probability === undefined ? {} : { probability: probability as number }),
    ...(status === undefined ? {} : { status: status as number }),
    ...(delayMs === undefined ? {} : { delayMs: delayMs as number }),
  };
}

/**
 * Reads the standalone server's `--faults`: a JSON list of {@link FaultSpec}s (`times: null` for
 * every request). Returns the specs, or a message saying what is wrong.
 */
export function parseFaultSpecs(text: string): FaultSpec[] | string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return 'expected a JSON list of faults';
  }
  const list = Array.isArray(parsed) ? parsed : [parsed];
  const specs: FaultSpec[] = [];
  for (const [index, raw] of list.entries()) {
    const spec = checkedSpec(raw);
    if (typeof spec === 'string') return `fault ${index}: ${spec}`;
    specs.push(spec);
  }
  return specs;
}
