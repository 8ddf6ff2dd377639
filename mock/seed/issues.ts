import type { z } from 'zod';
import { meantName } from '../domain/closest-names';

/** What a seed's author may have written for a key: other names of the same thing. */
const SEED_ALIASES: Readonly<Record<string, string>> = {
  private: 'invite_only',
  is_private: 'invite_only',
  members: 'subscribers',
  from: 'sender',
  stream: 'channel',
  subject: 'topic',
  name: 'full_name',
  is_admin: 'role',
  is_guest: 'role',
};

/** `users[0].role`, `(root)` for the seed itself. */
function pathText(path: readonly PropertyKey[]): string {
  return (
    path.reduce<string>((text, key) => (typeof key === 'number' ? `${text}[${key}]` : `${text}${text ? '.' : ''}${String(key)}`), '') || '(root)'
  );
}

interface SchemaDef {
  readonly type: string;
  readonly shape?: Record<string, z.core.$ZodType>;
  readonly element?: z.core.$ZodType;
  readonly innerType?: z.core.$ZodType;
  readonly options?: readonly z.core.$ZodType[];
}

/** The key lists an object at `path` of the schema may have: one per member of a union of objects. */
function keyListsAt(schema: z.core.$ZodType, path: readonly PropertyKey[]): string[][] {
  const def = schema._zod.def as SchemaDef;
  if (def.innerType) return keyListsAt(def.innerType, path);
  if (def.type === 'union') return (def.options ?? []).flatMap((option) => keyListsAt(option, path));
  const [head, ...rest] = path;
  if (head === undefined) return def.type === 'object' ? [Object.keys(def.shape ?? {})] : [];
  if (def.type === 'array' && typeof head === 'number' && def.element) return keyListsAt(def.element, rest);
  const field = typeof head === 'string' ? def.shape?.[head] : undefined;
  return field ? keyListsAt(field, rest) : [];
}

/** The value at `path` of the input. */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  return path.reduce<unknown>((value, key) => (typeof value === 'object' && value !== null ? (value as Record<PropertyKey, unknown>)[key] : undefined), input);
}

/**
 * The keys the object at `path` may have: for a union (a channel or a direct message), those of
 * the member that takes most of the keys the object has, not every member's (a direct message's
 * `topic` is no key of it, though a channel message has one).
 */
function keysAt(schema: z.core.$ZodType, path: readonly PropertyKey[], input: unknown, unknownKey: string): string[] {
  const lists = keyListsAt(schema, path);
  const value = valueAt(input, path);
  const given = typeof value === 'object' && value !== null ? Object.keys(value).filter((key) => key !== unknownKey) : [];
  const taken = (keys: readonly string[]) => given.filter((key) => keys.includes(key)).length;
  return lists.reduce<string[] | undefined>((best, keys) => (best === undefined || taken(keys) > taken(best) ? keys : best), undefined) ?? [];
}

/** An unknown key's message: the key, the known one it most likely means, and all of them. */
function unknownKeyMessage(schema: z.core.$ZodType, path: readonly PropertyKey[], key: string, input: unknown): string {
  const known = keysAt(schema, path, input, key);
  const meant = meantName(key, known, SEED_ALIASES);
  return `unknown key '${key}'${meant === undefined ? '' : `; did you mean '${meant}'?`}${known.length > 0 ? ` (its keys: ${known.join(', ')})` : ''}`;
}

/** An unknown key explains a required one missing beside it (`from` for `sender`): it goes first. */
function preferred(issues: readonly z.core.$ZodIssue[]): z.core.$ZodIssue | undefined {
  return issues.find((issue) => issue.code === 'unrecognized_keys') ?? issues[0];
}

/**
 * The issue to report: for a value that matches no member of a union (a message is a channel or a
 * direct one), an issue of the member it comes closest to, with the full path, rather than zod's
 * bare `Invalid input` on the whole value.
 */
function closestIssue(issue: z.core.$ZodIssue): z.core.$ZodIssue {
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return issue;
  const closest = issue.errors.reduce((best, each) => (each.length < best.length ? each : best));
  const inner = preferred(closest);
  if (!inner) return issue;
  const deeper = closestIssue(inner);
  return { ...deeper, path: [...issue.path, ...deeper.path] };
}

/**
 * What is wrong with `input`, a seed `schema` refused with `issues`, as `field: message`: an unknown
 * key first (with the one it most likely means), then the first other issue.
 */
export function seedIssueText(schema: z.core.$ZodType, issues: readonly z.core.$ZodIssue[], input: unknown): string {
  const first = preferred(issues);
  if (!first) return '(root): invalid';
  const issue = closestIssue(first);
  if (issue.code === 'unrecognized_keys' && issue.keys[0] !== undefined) return `${pathText(issue.path)}: ${unknownKeyMessage(schema, issue.path, issue.keys[0], input)}`;
  return `${pathText(issue.path)}: ${issue.message}`;
}
