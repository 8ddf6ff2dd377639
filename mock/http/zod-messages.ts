import type * as z from 'zod/mini';
import { pydanticUnionMember } from './pydantic-unions';

type Issue = z.core.$ZodIssue;

/** `name[1]["key"]`: the server's notation for a location inside a JSON parameter. */
export function locationText(name: string, path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (text, key) => (typeof key === 'number' ? `${text}[${key}]` : `${text}[${JSON.stringify(String(key))}]`),
    name,
  );
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

/** The definition fields the readers below use (zod classic and mini share them). */
interface SchemaDef {
  readonly type: string;
  readonly innerType?: z.ZodMiniType;
  readonly element?: z.ZodMiniType;
  readonly shape?: Record<string, z.ZodMiniType>;
  readonly valueType?: z.ZodMiniType;
  readonly format?: string;
}

function defOf(schema: z.core.$ZodType): SchemaDef {
  return schema._zod.def as unknown as SchemaDef;
}

/** The schema under wrappers (optional, nullable, default, ...). */
function unwrapped(schema: z.core.$ZodType): z.core.$ZodType {
  let current = schema;
  for (let def = defOf(current); def.innerType; def = defOf(current)) current = def.innerType;
  return current;
}

function schemaAt(schema: z.core.$ZodType, path: readonly PropertyKey[]): z.core.$ZodType | undefined {
  let current: z.core.$ZodType | undefined = schema;
  for (const key of path) {
    if (!current) return undefined;
    const def = defOf(unwrapped(current));
    if (typeof key === 'number' && def.type === 'array') current = def.element;
    else if (def.type === 'object') current = def.shape?.[String(key)];
    else if (def.type === 'record') current = def.valueType;
    else return undefined;
  }
  return current && unwrapped(current);
}

const INTEGER_FORMATS = new Set(['safeint', 'int32', 'int64']);

function isIntegerSchema(schema: z.core.$ZodType | undefined): boolean {
  return schema !== undefined && INTEGER_FORMATS.has(defOf(schema).format ?? '');
}

const TYPE_WORDS: Record<string, string> = {
  array: 'a list',
  // Fixed-length pairs (a narrow's terms) are lists of a given length on the server.
  tuple: 'a list',
  boolean: 'a boolean',
  string: 'a string',
  object: 'a dict',
  record: 'a dict',
  int: 'an integer',
};

/**
 * The server's message for the first problem zod found in a JSON parameter, e.g.
 * `to[1] is not an integer`, `add[0]["name"] field is missing: Field required`, `Invalid op`.
 */
export function serverMessageFor(name: string, schema: z.core.$ZodType, value: unknown, issue: Issue): string {
  const location = locationText(name, issue.path);
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.path.length > 0 && valueAt(value, issue.path) === undefined) {
        return `${location} field is missing: Field required`;
      }
      const expected =
        issue.expected === 'number' && isIntegerSchema(schemaAt(schema, issue.path)) ? 'int' : issue.expected;
      if (expected === 'number') return `${location} is not a float`;
      return `${location} is not ${TYPE_WORDS[expected] ?? `a valid ${expected}`}`;
    }
    case 'unrecognized_keys': {
      const key = issue.keys[0] ?? '';
      return `Argument "${key}" at ${locationText(name, [...issue.path, key])} is unexpected`;
    }
    case 'invalid_union': {
      if (issue.path.length > 0 && valueAt(value, issue.path) === undefined) {
        return `${location} field is missing: Field required`;
      }
      const member = pydanticUnionMember(schemaAt(schema, issue.path), issue);
      if (member) return serverMessageFor(`${location}[${JSON.stringify(member.typeName)}]`, member.schema, valueAt(value, issue.path), member.issue);
      return `Invalid ${location}`;
    }
    case 'invalid_value':
      return `Invalid ${location}`;
    case 'too_small':
      if (issue.origin === 'string') return `${location} cannot be blank`;
      return `${location} is too small`;
    case 'too_big':
      if (issue.origin === 'string') return `${location} is too long (limit: ${String(issue.maximum)} characters)`;
      return `${location} is too large`;
    default:
      return `Invalid ${location}: Value error, ${issue.message}`;
  }
}
