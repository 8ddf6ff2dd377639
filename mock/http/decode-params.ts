import type * as z from 'zod/mini';
import type { Endpoint } from '../../src/contract/endpoint';
import { wireFormatOf } from '../../src/contract/wire';
import { ApiFailure, badRequest, missingArgument } from '../domain/errors';
import type { RawParams } from './request-params';
import { serverMessageFor } from './zod-messages';
import { decodingSchemaOf, modelCheckOf } from './param-models';
import { isFloatSource, type SourceReviver } from '../domain/json-source';
import { parsePydanticJson, pydanticJsonReviver } from './pydantic-json';
import { jsonUnionFirstMember } from './pydantic-unions';
import { serverParamEntries } from './pending-params';

/** Decoded parameters and the wire names that were read (for `ignored_parameters_unsupported`). */
export interface DecodedParams<E extends Endpoint> {
  readonly params: z.output<E['params']>;
  readonly consumed: ReadonlySet<string>;
}

function lookup(raw: RawParams, name: string): string | undefined {
  return raw.body.get(name) ?? raw.query.get(name);
}

/** What an absent parameter decodes to: a constant, the missing-argument error, or a fresh parse. */
type Absent = { readonly kind: 'constant'; readonly value: unknown } | { readonly kind: 'required' } | { readonly kind: 'parse' };

/** How one declared parameter is read, worked out once per operation. */
interface ParamPlan {
  readonly name: string;
  readonly schema: z.ZodMiniType;
  readonly source: 'path' | 'file' | 'wire';
  /** The parameter's name, then its aliases. */
  readonly wireNames: readonly string[];
  /** Sent as raw text rather than JSON. */
  readonly asText: boolean;
  readonly absent: Absent;
  /** The server's own model of the value, checked right after it is read. */
  readonly modelCheck: ((value: unknown) => void) | undefined;
}

function absentPlan(schema: z.ZodMiniType): Absent {
  const result = schema.safeParse(undefined);
  if (!result.success) return { kind: 'required' };
  // A default that is an object or a list is parsed per request: implementations may change it.
  const value = result.data;
  return value === null || typeof value !== 'object' ? { kind: 'constant', value } : { kind: 'parse' };
}

function planOf(endpoint: Endpoint): readonly ParamPlan[] {
  return serverParamEntries(endpoint).map(([name, declared]) => {
    const format = wireFormatOf(declared);
    const schema = decodingSchemaOf(declared);
    const aliases = Object.entries(endpoint.aliases)
      .filter(([, canonical]) => canonical === name)
      .map(([alias]) => alias);
    return {
      name,
      schema,
      source: endpoint.pathParams.includes(name) ? 'path' : format === 'file' ? 'file' : 'wire',
      wireNames: [name, ...aliases],
      asText: format === 'raw' && !endpoint.jsonStrings?.includes(name),
      absent: absentPlan(schema),
      modelCheck: modelCheckOf(schema, name),
    };
  });
}

/** Each operation's parameter plan, built on its first request. */
const PLANS = new WeakMap<Endpoint, readonly ParamPlan[]>();

function cachedPlan(endpoint: Endpoint): readonly ParamPlan[] {
  let plan = PLANS.get(endpoint);
  if (!plan) {
    plan = planOf(endpoint);
    PLANS.set(endpoint, plan);
  }
  return plan;
}

/** Finds a parameter under its name or an alias; both present is the server's confusing-variable error. */
function findWireValue(raw: RawParams, wireNames: readonly string[]): { wireName: string; text: string } | undefined {
  let found: { wireName: string; text: string } | undefined;
  for (const wireName of wireNames) {
    const text = lookup(raw, wireName);
    if (text === undefined) continue;
    if (found) {
      throw new ApiFailure(`Can't decide between '${found.wireName}' and '${wireName}' arguments`, 'REQUEST_CONFUSING_VAR', 400, {
        var_name1: found.wireName,
        var_name2: wireName,
      });
    }
    found = { wireName, text };
  }
  return found;
}

/** The location the server names in a parameter's errors: under its first member for a union of JSON types. */
function errorLocation(name: string, schema: z.ZodMiniType): string {
  const member = jsonUnionFirstMember(schema);
  return member === undefined ? name : `${name}[${JSON.stringify(member)}]`;
}

function parseJsonParameter(name: string, schema: z.ZodMiniType, text: string): unknown {
  try {
    return parsePydanticJson(text);
  } catch {
    throw badRequest(`${errorLocation(name, schema)} is not valid JSON`);
  }
}

/**
 * The value with every integer written as a float (`2.0`, `1e3`) made a non-integer, when the text
 * has one. The server types integers strictly: `2.0` is "not an integer", though JSON.parse reads
 * it as 2. Runtimes without source text access (older browsers) never see the difference.
 */
function withIntegralFloatsShifted(text: string): unknown {
  // A float needs a digit before its point or exponent; most JSON has none.
  if (!/\d[.eE]/.test(text)) return undefined;
  let shifted = false;
  const reviver: SourceReviver = (key, read, context) => {
    const value = pydanticJsonReviver(key, read, context);
    if (typeof value !== 'number' || !Number.isInteger(value) || !context?.source || !isFloatSource(context.source)) return value;
    shifted = true;
    const moved = value + 0.5;
    return Number.isInteger(moved) ? 0.5 : moved;
  };
  const value = parsePydanticJson(text, reviver);
  return shifted ? value : undefined;
}

/** The parsed value, or the server's error for the first problem zod found in it. */
function parsedOrRefused(name: string, schema: z.ZodMiniType, value: unknown): unknown {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  // A union of JSON types fails by its first member, `Json[str]`: the value is no string.
  if (jsonUnionFirstMember(schema) !== undefined) throw badRequest(`${errorLocation(name, schema)} is not a string`);
  throw badRequest(serverMessageFor(name, schema, value, result.error.issues[0] as z.core.$ZodIssue));
}

/**
 * A JSON parameter's text decoded and checked against its schema: the strict reading (integral
 * floats kept as floats; undefined when the text has none) is checked first, since its first
 * problem is the server's wherever the other problems are, then the lenient one, whose value is
 * the parameter's.
 */
function decodeJsonText(name: string, schema: z.ZodMiniType, text: string): { data: unknown; strictValue: unknown } {
  const value = parseJsonParameter(name, schema, text);
  const strictValue = withIntegralFloatsShifted(text);
  if (strictValue !== undefined) parsedOrRefused(name, schema, strictValue);
  return { data: parsedOrRefused(name, schema, value), strictValue };
}

const NO_NAMES: ReadonlySet<string> = new Set();

/**
 * Decodes a request's parameters with the operation's own schema, in declaration order
 * (the first failure wins), with the real server's messages: raw text for strings, JSON
 * for numbers, booleans, lists and objects; body first, then query string. `unknownNames` are
 * parameters the server's feature level does not have yet: left unread, so they are ignored.
 */
export function decodeParams<E extends Endpoint>(
  endpoint: E,
  raw: RawParams,
  pathValues: Readonly<Record<string, unknown>>,
  unknownNames: ReadonlySet<string> = NO_NAMES,
): DecodedParams<E> {
  const decoded: Record<string, unknown> = {};
  const consumed = new Set<string>();
  for (const { name, schema, source, wireNames, asText, absent, modelCheck } of cachedPlan(endpoint)) {
    if (source === 'path') {
      decoded[name] = pathValues[name];
      continue;
    }
    // Files come under any field name; the operation reads them from its context's `files`.
    if (source === 'file') continue;
    const found = unknownNames.has(name) ? undefined : findWireValue(raw, wireNames);
    if (found === undefined) {
      if (absent.kind === 'required') throw missingArgument(name);
      const value = absent.kind === 'constant' ? absent.value : schema.safeParse(undefined).data;
      if (value !== undefined) decoded[name] = value;
      continue;
    }
    consumed.add(found.wireName);
    const { data, strictValue } = asText
      ? { data: parsedOrRefused(name, schema, found.text), strictValue: undefined }
      : decodeJsonText(name, schema, found.text);
    modelCheck?.(strictValue ?? data);
    decoded[name] = data;
  }
  return { params: decoded as z.output<E['params']>, consumed };
}

/**
 * A JSON parameter the server reads only when its view gets that far (a view that hands the
 * request to another, which reads what it was not given), decoded then with the same messages:
 * its raw text, collected with the others so it is not reported ignored, is parsed and checked
 * against `schema` now.
 *
 * @example
 * import * as z from 'zod/mini';
 * const away = decodeDeferredParam('away', z.optional(z.boolean()), '{not json'); // throws ApiFailure: away is not valid JSON
 */
export function decodeDeferredParam<S extends z.ZodMiniType>(name: string, schema: S, text: string | undefined): z.output<S> {
  if (text === undefined) return schema.parse(undefined) as z.output<S>;
  return decodeJsonText(name, schema, text).data as z.output<S>;
}

/** Names sent but not read, sorted: the `ignored_parameters_unsupported` list. */
export function ignoredParameters(raw: RawParams, consumed: ReadonlySet<string>): string[] {
  const sent = new Set([...raw.body.keys(), ...raw.query.keys()]);
  return [...sent].filter((name) => !consumed.has(name)).sort();
}
