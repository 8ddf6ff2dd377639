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
  if (description.field === 'value') return () => null;
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

/** A field's value when a record is created without it, as @mswjs/data gives it. */
function defaultOf(description: FieldDescription): unknown {
  if (typeof description === 'function') return description();
  // @mswjs/data gives a nullable primitive its type's zero value, not null, when it is left out.
  if (description.field === 'nullable') return description.type();
  if (description.field === 'value') return null;
  return description.field === 'list' ? [] : undefined;
}

/**
 * Creation through @mswjs/data's `create` parses every field of every record through its model
 * definition, a quarter of the time it takes to load a seed of 100,000 messages. The first record
 * of a model is created that way; later ones are built the same way directly (the fields, then
 * @mswjs/data's own entity-type and primary-key symbols copied from that first record) and
 * stored in the database's own map, so the database holds exactly what it would.
 */
function directCreator<Name extends ModelName>(
  name: Name,
  create: (values: unknown) => unknown,
  maps: ModelMaps,
): CreateRecord<Name> {
  const fields = Object.entries(models[name] as Record<string, FieldDescription>);
  const keyField = fields.find(([, description]) => typeof description === 'object' && description.field === 'key')?.[0];
  let internals: Record<symbol, unknown> | undefined;
  return (values) => {
    if (!internals || keyField === undefined) {
      const record = create(values) as Record<string | symbol, unknown>;
      internals = Object.fromEntries(Object.getOwnPropertySymbols(record).map((symbol) => [symbol, record[symbol]]));
      return record as ReturnType<CreateRecord<Name>>;
    }
    const given = values as Record<string, unknown>;
    const built: Record<string, unknown> = {};
    for (const [field, description] of fields) {
      const value = given[field];
      if (value === null && (typeof description === 'function' || description.field !== 'nullable')) {
        throw new Error(`[teamchat-mock] ${name}.${field} cannot be null`);
      }
      built[field] = value === undefined ? defaultOf(description) : value;
    }
    const key = built[keyField] as string | number | undefined;
    if (key === undefined || maps.getModel(name).has(key)) {
      throw new Error(`[teamchat-mock] a ${name} needs a new primary key, got ${String(key)}`);
    }
    // Copied by spreading: V8 turns an object grown field by field under computed names into a
    // dictionary past about sixteen fields (a message record then took twice the memory, and a
    // realm of 100,000 messages 136 MB instead of 63); a spread copy keeps fast properties.
    const record: Record<string | symbol, unknown> = { ...built, ...internals };
    // The database's `create` announces a copy of each record, which only @mswjs/data's
    // cross-tab sync listens to (in browsers): with nothing listening, the record is stored as
    // `create` stores it, without the copy.
    if (maps.events.listenerCount('create') === 0) maps.getModel(name).set(key, record);
    else maps.create(name, record);
    return record as ReturnType<CreateRecord<Name>>;
  };
}

/** Creates an empty database of the realm's models. */
export function createDatabase(): Database {
  const db = factory(toMswjsDictionary() as never) as unknown as Record<
    ModelName,
    { create(values: unknown): unknown }
  >;
  const maps = databaseInstanceOf(db);
  return {
    creator: <Name extends ModelName>(name: Name) => directCreator(name, (values) => db[name].create(values), maps),
    maps,
  };
}
