import type * as z from 'zod/mini';
import type { Endpoint } from '../../src/contract/endpoint';
import { wireFormatOf } from '../../src/contract/wire';
import { ApiFailure, badRequest, missingArgument } from '../domain/errors';
import type { RawParams } from './request-params';
import { serverMessageFor } from './zod-messages';

/** Decoded parameters and the wire names that were read (for `ignored_parameters_unsupported`). */
export interface DecodedParams<E extends Endpoint> {
  readonly params: z.output<E['params']>;
  readonly consumed: ReadonlySet<string>;
}

function lookup(raw: RawParams, name: string): string | undefined {
  return raw.body.get(name) ?? raw.query.get(name);
}

function aliasesOf(endpoint: Endpoint, name: string): string[] {
  return Object.entries(endpoint.aliases)
    .filter(([, canonical]) => canonical === name)
    .map(([alias]) => alias);
}

/** Finds a parameter under its name or an alias; both present is the server's confusing-variable error. */
function findWireValue(
  endpoint: Endpoint,
  raw: RawParams,
  name: string,
): { wireName: string; text: string } | undefined {
  const candidates = [name, ...aliasesOf(endpoint, name)].flatMap((wireName) => {
    const text = lookup(raw, wireName);
    return text === undefined ? [] : [{ wireName, text }];
  });
  if (candidates.length > 1) {
    const [first, second] = candidates.map((candidate) => candidate.wireName);
    throw new ApiFailure(`Can't decide between '${first}' and '${second}' arguments`, 'REQUEST_CONFUSING_VAR', 400, {
      var_name1: first,
      var_name2: second,
    });
  }
  return candidates[0];
}

function parseJsonParameter(name: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest(`${name} is not valid JSON`);
  }
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
  const shape = endpoint.params.shape as Record<string, z.ZodMiniType>;
  for (const [name, schema] of Object.entries(shape)) {
    if (endpoint.pathParams.includes(name)) {
      decoded[name] = pathValues[name];
      continue;
    }
    // Files come under any field name; the operation reads them from its context's `files`.
    if (wireFormatOf(schema) === 'file') continue;
    const found = unknownNames.has(name) ? undefined : findWireValue(endpoint, raw, name);
    if (found === undefined) {
      const absent = schema.safeParse(undefined);
      if (!absent.success) throw missingArgument(name);
      if (absent.data !== undefined) decoded[name] = absent.data;
      continue;
    }
    consumed.add(found.wireName);
    const asText = wireFormatOf(schema) === 'raw' && !endpoint.jsonStrings?.includes(name);
    const value = asText ? found.text : parseJsonParameter(name, found.text);
    const result = schema.safeParse(value);
    if (!result.success) {
      const issue = result.error.issues[0] as z.core.$ZodIssue;
      throw badRequest(serverMessageFor(name, schema, value, issue));
    }
    decoded[name] = result.data;
  }
  return { params: decoded as z.output<E['params']>, consumed };
}

/** Names sent but not read, sorted: the `ignored_parameters_unsupported` list. */
export function ignoredParameters(raw: RawParams, consumed: ReadonlySet<string>): string[] {
  const sent = new Set([...raw.body.keys(), ...raw.query.keys()]);
  return [...sent].filter((name) => !consumed.has(name)).sort();
}
