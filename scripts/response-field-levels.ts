/**
 * The table `mock/http/response-field-levels.json` holds (see `response-field-levels-update.ts`):
 * for every operation's success answer and every event kind, the fields the reference marks "New
 * in Zulip X.Y (feature level N)" (`x-new-at-feature-level` in the committed
 * `test/reference/api-reference.json`), by path, with that level. A field new at the level its
 * object appeared came with the object and is not listed; nor are the fields that replaced an
 * older one (`replaced-fields.ts`), since leaving them out would leave the client with neither. A
 * field the mock sends under its older name below a rename (`mock/http/older-field-names.ts`) is
 * dated by the rename.
 *
 * Format: a tree per `METHOD /path` (`operations`) and per `type` or `type op` (`events`): a key
 * maps to its level, or to the tree of its value (`[]`: an array's items, `{}`: a map's values,
 * `.`: the key's own level when its value has newer fields too).
 */
import type { ApiReference } from './reference-extract';
import { OLDER_FIELD_NAMES } from '../mock/http/older-field-names';
import { REPLACED_FIELDS } from './replaced-fields';

const FEATURE_LEVEL_KEY = 'x-new-at-feature-level';


type Schema = Record<string, unknown>;
/** A key's level, or the tree of its value. */
type LevelNode = number | LevelTree;
interface LevelTree {
  [key: string]: LevelNode;
}

/** The reference being read (one table is built at a time). */
let reference: ApiReference;
let schemas: Record<string, Schema>;

function resolved(schema: unknown, seen: readonly string[]): { node: Schema; seen: readonly string[] } | undefined {
  let current = schema as Schema | undefined;
  let path = seen;
  while (current && typeof current.$ref === 'string') {
    const name = current.$ref.replace('#/components/schemas/', '');
    if (path.includes(name)) return undefined;
    path = [...path, name];
    current = schemas[name];
  }
  return current && typeof current === 'object' ? { node: current, seen: path } : undefined;
}

/** The level the reference gives a schema (on itself or an `allOf` part), if any. */
function levelOf(schema: unknown, seen: readonly string[] = []): number | undefined {
  const found = resolved(schema, seen);
  if (!found) return undefined;
  const own = found.node[FEATURE_LEVEL_KEY];
  if (typeof own === 'number') return own;
  const levels = ((found.node.allOf as unknown[] | undefined) ?? []).map((part) => levelOf(part, found.seen)).filter((level) => level !== undefined);
  return levels.length > 0 ? Math.max(...levels) : undefined;
}

interface Plain {
  readonly schema: Schema;
  readonly seen: readonly string[];
}

/** The plain schemas (no $ref, allOf, oneOf, anyOf) a schema stands for, every alternative included. */
function flattened(schema: unknown, seen: readonly string[]): Plain[] {
  const found = resolved(schema, seen);
  if (!found) return [];
  const { node } = found;
  const parts = [
    ...((node.allOf as unknown[] | undefined) ?? []),
    ...((node.oneOf as unknown[] | undefined) ?? []),
    ...((node.anyOf as unknown[] | undefined) ?? []),
  ];
  return [{ schema: node, seen: found.seen }, ...parts.flatMap((part) => flattened(part, found.seen))];
}

function merged(a: LevelNode | undefined, b: LevelNode | undefined): LevelNode | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  if (typeof a === 'number' && typeof b === 'number') return Math.max(a, b);
  const left: LevelTree = typeof a === 'number' ? { '.': a } : a;
  const right: LevelTree = typeof b === 'number' ? { '.': b } : b;
  const result: LevelTree = { ...left };
  for (const [key, value] of Object.entries(right)) result[key] = merged(result[key], value)!;
  return result;
}

/** The tree of the newer fields of values of these schemas, or undefined when there is none. */
function treeOf(parts: Plain[]): LevelTree | undefined {
  const tree: LevelTree = {};
  const objectLevel = Math.max(0, ...parts.map(({ schema }) => schema[FEATURE_LEVEL_KEY]).filter((level): level is number => typeof level === 'number'));
  const items = parts.filter(({ schema }) => schema.items !== undefined).flatMap(({ schema, seen }) => flattened(schema.items, seen));
  if (items.length > 0) {
    const inner = treeOf(items);
    if (inner) tree['[]'] = inner;
  }
  const extras = parts
    .filter(({ schema }) => schema.additionalProperties && typeof schema.additionalProperties === 'object')
    .flatMap(({ schema, seen }) => flattened(schema.additionalProperties, seen));
  if (extras.length > 0) {
    const inner = treeOf(extras);
    if (inner) tree['{}'] = inner;
  }
  const names = new Set(parts.flatMap(({ schema }) => Object.keys((schema.properties as Schema | undefined) ?? {})));
  for (const name of names) {
    if (REPLACED_FIELDS.has(name)) continue;
    const named = parts.flatMap(({ schema, seen }) => {
      const property = (schema.properties as Schema | undefined)?.[name];
      return property === undefined ? [] : [{ property, seen }];
    });
    const levels = named.map(({ property, seen }) => levelOf(property, seen) ?? 0);
    // A renamed field is dated by its rename, not by its first (older) name's level.
    const level = Object.hasOwn(OLDER_FIELD_NAMES, name) ? OLDER_FIELD_NAMES[name]!.until : Math.max(...levels);
    const inner = treeOf(named.flatMap(({ property, seen }) => flattened(property, seen)));
    const own: LevelNode | undefined = level > objectLevel ? level : undefined;
    const entry = merged(own, inner);
    if (entry !== undefined) tree[name] = entry;
  }
  return Object.keys(tree).length > 0 ? tree : undefined;
}

function successSchema(responses: Record<string, unknown> | undefined): unknown {
  return (responses?.['200'] as { content?: Record<string, { schema?: unknown }> } | undefined)?.content?.['application/json']?.schema;
}

/** The fields every success answer carries, whatever the operation. */
const ENVELOPE_FIELDS = new Set(['result', 'msg', 'ignored_parameters_unsupported']);

/**
 * A note on the success answer itself (`POST /user_groups/create` at 317, where the answer gained
 * `group_id`) dates each of its fields beyond the envelope's; undefined without such a note.
 */
function answerFieldsTree(responses: Record<string, unknown> | undefined, schema: unknown): LevelTree | undefined {
  const level = (responses?.['200'] as Schema | undefined)?.[FEATURE_LEVEL_KEY];
  if (typeof level !== 'number') return undefined;
  const names = flattened(schema, []).flatMap(({ schema: part }) => Object.keys((part.properties as Schema | undefined) ?? {}));
  const fields = names.filter((name) => !ENVELOPE_FIELDS.has(name) && !REPLACED_FIELDS.has(name));
  return fields.length > 0 ? Object.fromEntries(fields.map((name) => [name, level])) : undefined;
}

function enumOf(property: unknown, seen: readonly string[]): string[] {
  return flattened(property, seen).flatMap(({ schema }) => ((schema.enum as unknown[] | undefined) ?? []).filter((value) => typeof value === 'string'));
}

/** The event variants of `GET /events`, by `type` or `type op`. */
function eventTrees(): Record<string, LevelTree> {
  const body = flattened(successSchema(reference.responses['GET /events']), []);
  const events = body.flatMap(({ schema, seen }) => {
    const property = (schema.properties as Schema | undefined)?.events as Schema | undefined;
    return property ? flattened(property, seen) : [];
  });
  const variants = events.flatMap(({ schema, seen }) => (schema.items ? [schema.items] : []).flatMap((items) => {
    const found = resolved(items, seen);
    return found ? ((found.node.oneOf as unknown[] | undefined) ?? []).map((variant) => ({ variant, seen: found.seen })) : [];
  }));
  const result: Record<string, LevelTree> = {};
  for (const { variant, seen } of variants) {
    const parts = flattened(variant, seen);
    const properties = Object.assign({}, ...parts.map(({ schema }) => (schema.properties as Schema | undefined) ?? {})) as Schema;
    const tree = treeOf(parts);
    if (!tree) continue;
    const ops = properties.op ? enumOf(properties.op, seen) : [];
    for (const type of enumOf(properties.type, seen)) {
      for (const key of ops.length > 0 ? ops.map((op) => `${type} ${op}`) : [type]) {
        result[key] = merged(result[key], tree) as LevelTree;
      }
    }
  }
  return sortedTree(result) as Record<string, LevelTree>;
}

function sortedTree(tree: LevelTree): LevelTree {
  return Object.fromEntries(
    Object.keys(tree)
      .sort()
      .map((key) => {
        const value = tree[key]!;
        return [key, typeof value === 'number' ? value : sortedTree(value)];
      }),
  );
}

/**
 * Levels where the reference's note contradicts the server: the level its change bumped
 * `API_FEATURE_LEVEL` to, which the changelog names (by operation, then top-level field).
 */
const SERVER_LEVELS: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  // "New in Zulip 10.0 (feature level 285)"; the server's 903bfb31e6 bumped to 286 for it.
  'POST /user_uploads': { filename: 286 },
};

/** The fields each operation's success answer and each event kind has that are newer than their object, by path, with their level. */
export interface ResponseFieldLevels {
  readonly generatedBy: string;
  readonly operations: Record<string, LevelTree>;
  readonly events: Record<string, LevelTree>;
}

/** The table of the reference extract `api-reference.json`. */
export function responseFieldLevels(extract: ApiReference): ResponseFieldLevels {
  reference = extract;
  schemas = extract.components.schemas as Record<string, Schema>;
  const operations: Record<string, LevelTree> = {};
  for (const key of Object.keys(reference.responses).sort()) {
    if (key === 'GET /events') continue;
    const schema = successSchema(reference.responses[key]);
    const tree = schema === undefined ? undefined : merged(treeOf(flattened(schema, [])), answerFieldsTree(reference.responses[key], schema));
    if (tree && typeof tree !== 'number') operations[key] = sortedTree(tree);
  }
  for (const [operation, fields] of Object.entries(SERVER_LEVELS)) {
    const tree = operations[operation];
    if (tree) Object.assign(tree, fields);
  }
  const events = eventTrees();
  return { generatedBy: 'scripts/response-field-levels-update.ts', operations, events };
}
