import type { z } from 'zod';

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

function schemaAt(schema: z.ZodType, path: readonly PropertyKey[]): z.ZodType | undefined {
  let current: z.ZodType | undefined = schema;
  for (const key of path) {
    while (current && 'unwrap' in current && typeof current.unwrap === 'function' && !('element' in current)) {
      current = (current as unknown as { unwrap(): z.ZodType }).unwrap();
    }
    if (!current) return undefined;
    if (typeof key === 'number' && 'element' in current)
      current = (current as unknown as z.ZodArray).element as z.ZodType;
    else if ('shape' in current)
      current = (current as unknown as z.ZodObject).shape[String(key)] as z.ZodType | undefined;
    else return undefined;
  }
  return current;
}

function isIntegerSchema(schema: z.ZodType | undefined): boolean {
  const bag = schema?._zod.bag as { format?: string } | undefined;
  return bag?.format === 'safeint' || bag?.format === 'int32' || bag?.format === 'int64';
}

const TYPE_WORDS: Record<string, string> = {
  array: 'a list',
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
export function serverMessageFor(name: string, schema: z.ZodType, value: unknown, issue: Issue): string {
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
    case 'invalid_value':
    case 'invalid_union':
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
