import type * as z from 'zod/mini';
import type { Endpoint } from '../../src/contract/endpoint';
import { wireFormatOf, type WireFormat } from '../../src/contract/wire';
import type { ReferenceParam } from '../../scripts/reference-requests';
import { kindsMissing, referenceShape, type ValueShape, zodShape } from './value-kinds';

/** The feature level of the reference OpenAPI file (Zulip 10.2). */
const REFERENCE_FEATURE_LEVEL = 372;

/**
 * What can differ between a declared parameter and the reference's: `absent` (documented, not
 * declared), `extra` (declared, not documented), `place` (path or not), `wire` (raw text, JSON
 * text or file), `required`, `type` (kinds of values), `items` (kinds of a list's items), `enum`,
 * `since` (documented as newer than the operation, and the operation's requirements do not
 * name it at that level).
 */
export type Aspect = 'absent' | 'extra' | 'place' | 'wire' | 'required' | 'type' | 'items' | 'enum' | 'since';

/** One difference, keyed `name: aspect` within its operation's `METHOD /path`. */
export interface RequestProblem {
  readonly key: `${string}: ${Aspect}`;
  readonly detail: string;
}

function shapeOf(endpoint: Endpoint): Record<string, z.ZodMiniType> {
  return endpoint.params.shape as Record<string, z.ZodMiniType>;
}

/** The wire format the SDK sends and the mock reads a declared parameter in. */
function declaredWire(endpoint: Endpoint, name: string): WireFormat {
  const format = wireFormatOf(shapeOf(endpoint)[name] as z.ZodMiniType);
  return format === 'raw' && endpoint.jsonStrings?.includes(name) ? 'json' : format;
}

function referenceWire(param: ReferenceParam): WireFormat {
  if (param.schema.format === 'binary') return 'file';
  return param.json ? 'json' : 'raw';
}

/**
 * Zulip's OpenAPI file leaves JSON-encoded integers and booleans unmarked: its own check
 * (`zerver/tests/test_openapi.py`, "We do not specify that the content type of int or bool
 * parameters should be JSON encoded, while our code does expect that") exempts them. Their text
 * is the same either way (`5`, `true`), so a declaration as JSON text matches.
 */
function wireMatches(declared: WireFormat, param: ReferenceParam, shape: ValueShape): boolean {
  const documented = referenceWire(param);
  if (declared === documented) return true;
  const scalar = [...shape.kinds].every((kind) => kind === 'integer' || kind === 'boolean' || kind === 'null');
  return documented === 'raw' && declared === 'json' && scalar;
}

function show(shape: ValueShape): string {
  return [...shape.kinds].join('|');
}

function valueProblems(name: string, declared: ValueShape, documented: ValueShape, aspect: 'type' | 'items'): RequestProblem[] {
  const narrower = kindsMissing(declared, documented);
  const wider = kindsMissing(documented, declared);
  if (!narrower.length && !wider.length) return [];
  const detail = `declared ${show(declared)}, reference ${show(documented)}`;
  return [{ key: `${name}: ${aspect}`, detail }];
}

/** An enumeration the SDK declares must take every documented value and no other. */
function enumProblems(name: string, declared: ValueShape, documented: ValueShape): RequestProblem[] {
  if (!declared.values || !documented.values) return [];
  const missing = documented.values.filter((value) => !declared.values?.includes(value));
  const extra = declared.values.filter((value) => !documented.values?.includes(value));
  if (!missing.length && !extra.length) return [];
  return [{ key: `${name}: enum`, detail: `not declared: ${JSON.stringify(missing)}, not documented: ${JSON.stringify(extra)}` }];
}

/**
 * A parameter the reference dates after the operation must be refused below its level: one of
 * the operation's requirements names it at exactly that level.
 */
function sinceProblems(endpoint: Endpoint, name: string, param: ReferenceParam): RequestProblem[] {
  if (param.since === undefined || param.since <= endpoint.featureLevel) return [];
  const levels = endpoint.requires.filter((requirement) => requirement.param === name).map((requirement) => requirement.since);
  if (levels.includes(param.since)) return [];
  const gated = levels.length ? `requirements at ${levels.join(', ')}` : 'no requirement';
  return [{ key: `${name}: since`, detail: `reference from level ${String(param.since)}, operation from ${String(endpoint.featureLevel)}, ${gated}` }];
}

function paramProblems(endpoint: Endpoint, name: string, param: ReferenceParam, components: Record<string, unknown>): RequestProblem[] {
  const schema = shapeOf(endpoint)[name] as z.ZodMiniType;
  const declared = zodShape(schema);
  const documented = referenceShape(param.schema, components);
  const problems: RequestProblem[] = [];
  const inPath = endpoint.pathParams.includes(name);
  if (inPath !== (param.in === 'path')) problems.push({ key: `${name}: place`, detail: `declared ${inPath ? 'path' : 'form'}, reference ${param.in}` });
  const wire = declaredWire(endpoint, name);
  if (!inPath && !wireMatches(wire, param, declared)) {
    problems.push({ key: `${name}: wire`, detail: `declared ${wire}, reference ${referenceWire(param)}` });
  }
  const optional = schema._zod.optin !== undefined;
  if (!inPath && optional === param.required) {
    problems.push({ key: `${name}: required`, detail: `declared ${optional ? 'optional' : 'required'}, reference ${param.required ? 'required' : 'optional'}` });
  }
  problems.push(...sinceProblems(endpoint, name, param));
  problems.push(...valueProblems(name, declared, documented, 'type'));
  if (declared.items && documented.items) problems.push(...valueProblems(name, declared.items, documented.items, 'items'));
  problems.push(...enumProblems(name, declared, documented));
  if (declared.items && documented.items) problems.push(...enumProblems(`${name}[]`, declared.items, documented.items));
  return problems;
}

function isFile(endpoint: Endpoint, name: string): boolean {
  return wireFormatOf(shapeOf(endpoint)[name] as z.ZodMiniType) === 'file';
}

/** Declared parameters newer than the reference: the operation's requirements name them. */
function newerThanReference(endpoint: Endpoint, name: string): boolean {
  return endpoint.requires.some((requirement) => requirement.param === name && requirement.since > REFERENCE_FEATURE_LEVEL);
}

/**
 * How an operation's declared parameters differ from the reference's. A file matches the
 * reference's file whatever its field name (the server reads every uploaded file, under any
 * name); a declared parameter the operation's requirements date after the reference's level is
 * not reported as undocumented.
 */
export function requestProblems(endpoint: Endpoint, params: readonly ReferenceParam[], components: Record<string, unknown>): RequestProblem[] {
  const declared = Object.keys(shapeOf(endpoint));
  const problems: RequestProblem[] = [];
  const matched = new Set<string>();
  for (const param of params) {
    const name = endpoint.aliases[param.name] ?? param.name;
    const file = referenceWire(param) === 'file' ? declared.find((candidate) => isFile(endpoint, candidate)) : undefined;
    const found = file ?? (declared.includes(name) ? name : undefined);
    if (found === undefined) {
      problems.push({ key: `${param.name}: absent`, detail: `documented ${param.in} parameter, ${param.required ? 'required' : 'optional'}` });
      continue;
    }
    matched.add(found);
    if (!file) problems.push(...paramProblems(endpoint, name, param, components));
  }
  for (const name of declared) {
    if (!matched.has(name) && !newerThanReference(endpoint, name)) problems.push({ key: `${name}: extra`, detail: 'declared, not documented' });
  }
  return problems;
}
