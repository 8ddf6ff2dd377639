import { factory, nullable, primaryKey } from '@mswjs/data';
import type { FieldDescription } from './fields';
import { type ModelName, models } from './models';
import { type CreateRecord, databaseInstanceOf, type ModelMaps } from './table';

/** One realm's @mswjs/data database, seen through the operations the store uses. */
export interface Database {
  /** Creates and stores a record of the model. */
  creator<Name extends ModelName>(name: Name): CreateRecord<Name>;
  /** The primary-key maps, for O(1) lookups, updates and deletions. */
  readonly maps: ModelMaps;
}

function toMswjsField(description: FieldDescription): unknown {
  if (typeof description === 'function') return description;
  // @mswjs/data types these getters per primitive; the description's union is one of them.
  if (description.field === 'key') return primaryKey(description.type as () => string);
  if (description.field === 'nullable') return nullable(description.type as () => string);
  return () => [];
}

function toMswjsDictionary(): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    Object.entries(models).map(([name, fields]) => [
      name,
      Object.fromEntries(
        Object.entries(fields as Record<string, FieldDescription>).map(([field, description]) => [
          field,
          toMswjsField(description),
        ]),
      ),
    ]),
  );
}

/** Creates an empty database of the realm's models. */
export function createDatabase(): Database {
  const db = factory(toMswjsDictionary() as never) as unknown as Record<
    ModelName,
    { create(values: unknown): unknown }
  >;
  return {
    creator: <Name extends ModelName>(name: Name) => {
      const model = db[name];
      return (values) => model.create(values) as ReturnType<CreateRecord<Name>>;
    },
    maps: databaseInstanceOf(db),
  };
}
