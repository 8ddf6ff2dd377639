import type * as z from 'zod/mini';

/**
 * Kinds of values, the common ground of a zod schema and an OpenAPI schema. `any`: the schema
 * takes anything (a `z.custom`), so it is compatible with every kind.
 */
export type ValueKind = 'integer' | 'number' | 'string' | 'boolean' | 'array' | 'object' | 'null' | 'any';

/** What a schema accepts: its kinds, the values of an enumeration, the shape of a list's items. */
export interface ValueShape {
  readonly kinds: ReadonlySet<ValueKind>;
  readonly values?: readonly unknown[];
  readonly items?: ValueShape;
}

interface Def {
  readonly type: string;
  readonly innerType?: z.ZodMiniType;
  readonly options?: readonly z.ZodMiniType[];
  readonly element?: z.ZodMiniType;
  readonly entries?: Record<string, unknown>;
  readonly values?: readonly unknown[];
  readonly format?: string;
  readonly in?: z.ZodMiniType;
  readonly getter?: () => z.ZodMiniType;
}

const WRAPPERS = new Set(['optional', 'default', 'prefault', 'readonly', 'nonoptional', 'catch']);

function merge(shapes: readonly ValueShape[]): ValueShape {
  const kinds = new Set(shapes.flatMap((shape) => [...shape.kinds]));
  const enumerated = shapes.length > 0 && shapes.every((shape) => shape.values);
  const itemShapes = shapes.flatMap((shape) => (shape.items ? [shape.items] : []));
  return {
    kinds,
    ...(enumerated ? { values: shapes.flatMap((shape) => shape.values ?? []) } : {}),
    ...(itemShapes.length ? { items: merge(itemShapes) } : {}),
  };
}

function kindOfValue(value: unknown): ValueKind {
  if (value === null) return 'null';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value as ValueKind;
}

function kinds(...list: ValueKind[]): ValueShape {
  return { kinds: new Set(list) };
}

/** What a zod/mini schema accepts (`optional` and defaults looked through, `nullable` adding `null`). */
export function zodShape(schema: z.ZodMiniType): ValueShape {
  const def = schema._zod.def as unknown as Def;
  if (def.type === 'nullable' && def.innerType) return merge([kinds('null'), zodShape(def.innerType)]);
  if (WRAPPERS.has(def.type) && def.innerType) return zodShape(def.innerType);
  switch (def.type) {
    case 'number':
      return kinds(def.format?.includes('int') ? 'integer' : 'number');
    case 'string':
    case 'template_literal':
      return kinds('string');
    case 'enum': {
      const values = Object.values(def.entries ?? {});
      return { kinds: new Set(values.map(kindOfValue)), values };
    }
    case 'literal':
      return { kinds: new Set((def.values ?? []).map(kindOfValue)), values: def.values ?? [] };
    case 'array':
      return { kinds: new Set(['array']), items: zodShape(def.element as z.ZodMiniType) };
    case 'tuple':
      return kinds('array');
    case 'record':
      return kinds('object');
    case 'union':
      return merge((def.options ?? []).map(zodShape));
    case 'pipe':
      return zodShape(def.in as z.ZodMiniType);
    case 'lazy':
      return zodShape((def.getter as () => z.ZodMiniType)());
    case 'custom':
    case 'unknown':
    case 'any':
      return kinds('any');
    default:
      return kinds(def.type as ValueKind);
  }
}

type Json = Record<string, unknown>;

/** What a reference schema accepts: `$ref`s into the components followed, `oneOf` members merged. */
export function referenceShape(schema: Json, components: Readonly<Record<string, unknown>>): ValueShape {
  const ref = schema.$ref;
  if (typeof ref === 'string') return referenceShape(components[ref.replace('#/components/schemas/', '')] as Json, components);
  const members = (schema.oneOf ?? schema.anyOf) as Json[] | undefined;
  if (members) return merge(members.map((member) => referenceShape(member, components)));
  // `allOf` parts carry notes and a `$ref`: the typed part says what the value is. A part with
  // no type (a note only) reads as `any`, which would hide the typed part's kinds.
  const typed = ((schema.allOf ?? []) as Json[])
    .map((part) => referenceShape(part, components))
    .find((shape) => [...shape.kinds].some((kind) => kind !== 'any'));
  if (schema.type === undefined && typed) return typed;
  const type = schema.type as ValueKind | undefined;
  const found = new Set<ValueKind>(type ? [type] : ['any']);
  if (schema.nullable === true) found.add('null');
  return {
    kinds: found,
    ...(Array.isArray(schema.enum) ? { values: schema.enum as unknown[] } : {}),
    ...(schema.items ? { items: referenceShape(schema.items as Json, components) } : {}),
  };
}

/** The kinds one shape has that the other lacks (`any` covers every kind; an integer is a number). */
export function kindsMissing(from: ValueShape, wanted: ValueShape): ValueKind[] {
  if (from.kinds.has('any')) return [];
  return [...wanted.kinds].filter(
    (kind) => kind !== 'any' && !from.kinds.has(kind) && !(kind === 'integer' && from.kinds.has('number')),
  );
}
