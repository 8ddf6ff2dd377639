import type * as z from 'zod/mini';
import { isPydanticDataclass, pydanticClassOf } from './pydantic-models';
import { isPydanticUnion } from './pydantic-unions';

type Issue = z.core.$ZodIssue;

/** `name[1]["key"]`: the server's notation for a location inside a JSON parameter. */
function locationText(name: string, path: readonly PropertyKey[]): string {
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
  readonly options?: readonly z.ZodMiniType[];
  readonly items?: readonly z.ZodMiniType[];
  readonly keyType?: z.ZodMiniType;
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

/** The schemas along a path, the root's first (unwrapped); shorter when the path leaves them. */
function schemasAlong(schema: z.core.$ZodType, path: readonly PropertyKey[]): z.core.$ZodType[] {
  const along = [unwrapped(schema)];
  for (const key of path) {
    const def = defOf(along.at(-1) as z.core.$ZodType);
    const next =
      typeof key === 'number' && def.type === 'array'
        ? def.element
        : def.type === 'object'
          ? def.shape?.[String(key)]
          : def.type === 'record'
            ? def.valueType
            : undefined;
    if (!next) return along;
    along.push(unwrapped(next));
  }
  return along;
}

function schemaAt(schema: z.core.$ZodType, path: readonly PropertyKey[]): z.core.$ZodType | undefined {
  const along = schemasAlong(schema, path);
  return along.length === path.length + 1 ? along.at(-1) : undefined;
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

/** Python's names of the types pydantic labels union members with. */
const PYTHON_TYPE_NAMES: Record<string, string> = { string: 'str', boolean: 'bool', number: 'float', null: 'none' };

/** The label pydantic gives a union member in an error's location: `int`, `float`, `list[int]`, a model's class. */
function memberLabel(member: z.core.$ZodType): string {
  const schema = unwrapped(member);
  const def = defOf(schema);
  if (isIntegerSchema(schema)) return 'int';
  if (def.type === 'array' && def.element) return `list[${memberLabel(def.element)}]`;
  if (def.type === 'record' && def.keyType && def.valueType) return `dict[${memberLabel(def.keyType)},${memberLabel(def.valueType)}]`;
  return pydanticClassOf(schema) ?? PYTHON_TYPE_NAMES[def.type] ?? def.type;
}

/**
 * The first element of a too-short list that fails its place in a fixed-length list (a tuple), with
 * its issue: pydantic checks a list's elements before its length, zod the length alone.
 */
function firstBadTupleElement(target: z.core.$ZodType, list: unknown): { index: number; issue: Issue } | undefined {
  const items = defOf(target).items;
  if (!items || !Array.isArray(list)) return undefined;
  for (let index = 0; index < list.length && index < items.length; index++) {
    const result = (items[index] as z.ZodMiniType).safeParse(list[index]);
    if (!result.success) return { index, issue: result.error.issues[0] as Issue };
  }
  return undefined;
}

/**
 * The server's message for the first problem zod found in a JSON parameter, e.g.
 * `to[1] is not an integer`, `add[0]["name"] field is missing: Field required`, `Invalid op`.
 * Under a schema marked as a pydantic model, a non-object where the model stands is pydantic's
 * `model_type` error (a dataclass's: `does not have the expected format`) and a union's error is
 * its first member's, labelled.
 */
export function serverMessageFor(name: string, schema: z.core.$ZodType, value: unknown, issue: Issue): string {
  const location = locationText(name, issue.path);
  const along = schemasAlong(schema, issue.path);
  const target = along.length === issue.path.length + 1 ? along.at(-1) : undefined;
  const missing = issue.path.length > 0 && valueAt(value, issue.path) === undefined;
  switch (issue.code) {
    case 'invalid_type': {
      if (missing) return `${location} field is missing: Field required`;
      const modelClass = issue.expected === 'object' ? pydanticClassOf(target) : undefined;
      if (modelClass) return `Invalid ${location}: Input should be a valid dictionary or instance of ${modelClass}`;
      if (issue.expected === 'object' && isPydanticDataclass(target)) return `${location} does not have the expected format`;
      const expected = issue.expected === 'number' && isIntegerSchema(schemaAt(schema, issue.path)) ? 'int' : issue.expected;
      if (expected === 'number') return `${location} is not a float`;
      return `${location} is not ${TYPE_WORDS[expected] ?? `a valid ${expected}`}`;
    }
    case 'unrecognized_keys': {
      const key = issue.keys[0] ?? '';
      return `Argument "${key}" at ${locationText(name, [...issue.path, key])} is unexpected`;
    }
    case 'invalid_value':
      return missing ? `${location} field is missing: Field required` : `Invalid ${location}`;
    case 'invalid_union': {
      if (missing) return `${location} field is missing: Field required`;
      const member = target && defOf(target).options?.[0];
      const first = issue.errors[0]?.[0];
      const typedByPydantic = isPydanticUnion(target) || along.some((step) => pydanticClassOf(step) !== undefined || isPydanticDataclass(step));
      if (!member || !first || !typedByPydantic) return `Invalid ${location}`;
      return serverMessageFor(`${location}[${JSON.stringify(memberLabel(member))}]`, member, valueAt(value, issue.path), first);
    }
    case 'too_small': {
      if (issue.origin === 'string') return `${location} cannot be blank`;
      const element = target && firstBadTupleElement(target, valueAt(value, issue.path));
      if (element) return serverMessageFor(name, schema, value, { ...element.issue, path: [...issue.path, element.index, ...element.issue.path] } as Issue);
      return `${location} is too small`;
    }
    case 'too_big':
      if (issue.origin === 'string') return `${location} is too long (limit: ${String(issue.maximum)} characters)`;
      return `${location} is too large`;
    default:
      return `Invalid ${location}: Value error, ${issue.message}`;
  }
}
