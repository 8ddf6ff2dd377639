/**
 * How the realm's models describe their fields. The descriptions are the project's own, not
 * @mswjs/data's, so that the record types the mock exports name no @mswjs/data type: the mock's
 * build bundles @mswjs/data, and a consumer's type checker never sees it.
 */

/** A primitive field: `Number`, `String` or `Boolean`, as @mswjs/data writes them. */
export type PrimitiveField = NumberConstructor | StringConstructor | BooleanConstructor;

/** The record's primary key. */
export interface KeyField<Type extends PrimitiveField> {
  readonly field: 'key';
  readonly type: Type;
}

/** A field that may hold `null`; left out, it takes its type's zero value (as @mswjs/data does). */
export interface NullableField<Type extends PrimitiveField> {
  readonly field: 'nullable';
  readonly type: Type;
}

/** A list field, empty unless given. */
export interface ListField<Element> {
  readonly field: 'list';
  /** Never set: carries the element type. */
  readonly element?: Element;
}

/** A field holding any value (a number or an object), stored as given; always given on creation. */
export interface ValueField<Value> {
  readonly field: 'value';
  /** Never set: carries the value type. */
  readonly value?: Value;
}

/** Any field description. */
export type FieldDescription =
  | PrimitiveField
  | KeyField<PrimitiveField>
  | NullableField<PrimitiveField>
  | ListField<unknown>
  | ValueField<unknown>;

/** Declares the primary key. */
export function key<Type extends PrimitiveField>(type: Type): KeyField<Type> {
  return { field: 'key', type };
}

/** Declares a nullable field. */
export function nullable<Type extends PrimitiveField>(type: Type): NullableField<Type> {
  return { field: 'nullable', type };
}

/** Declares a list field. */
export function list<Element>(): ListField<Element> {
  return { field: 'list' };
}

/** Declares a field holding a value of any shape (given whenever a record is created). */
export function value<Value>(): ValueField<Value> {
  return { field: 'value' };
}

type ValueOfPrimitive<Type> = Type extends NumberConstructor
  ? number
  : Type extends StringConstructor
    ? string
    : Type extends BooleanConstructor
      ? boolean
      : never;

/** The value type a field description stores. */
export type ValueOf<Field> =
  Field extends KeyField<infer Type>
    ? ValueOfPrimitive<Type>
    : Field extends NullableField<infer Type>
      ? ValueOfPrimitive<Type> | null
      : Field extends ListField<infer Element>
        ? Element[]
        : Field extends ValueField<infer Value>
          ? Value
          : ValueOfPrimitive<Field>;
