import type { ModelName, RecordOf } from './models';

/** The values a record is created from: fields left out take their defaults. */
export type ValuesOf<Name extends ModelName> = Partial<RecordOf<Name>>;

/** The fields of a record that may change. */
export type PatchOf<Name extends ModelName> = Partial<RecordOf<Name>>;

/** Creates and stores a record of one model (@mswjs/data's `create`). */
export type CreateRecord<Name extends ModelName> = (values: ValuesOf<Name>) => RecordOf<Name>;

/** The primary-key map @mswjs/data keeps per model (an O(1) lookup it does not expose). */
export interface ModelMaps {
  getModel(name: string): Map<string | number, unknown>;
  create(name: string, entity: unknown): void;
  update(name: string, prev: unknown, next: unknown): void;
  delete(name: string, key: string | number): void;
  /** What `create`, `update` and `delete` announce, for @mswjs/data's cross-tab sync (browsers only). */
  readonly events: { listenerCount(event: string): number };
}

/** @mswjs/data's own database instance, reached through the symbol it stores it under. */
export function databaseInstanceOf(db: object): ModelMaps {
  const symbol = Object.getOwnPropertySymbols(db).find((key) => key.description === 'databaseInstance');
  const instance = symbol ? (db as unknown as Record<symbol, ModelMaps>)[symbol] : undefined;
  if (!instance || typeof instance.getModel !== 'function' || typeof instance.events?.listenerCount !== 'function') {
    throw new Error('[teamchat-mock] this version of @mswjs/data does not expose its database; use ^0.16');
  }
  return instance;
}

function freeze<T extends object>(record: T): T {
  for (const value of Object.values(record)) {
    if (Array.isArray(value)) Object.freeze(value);
  }
  return Object.freeze(record);
}

/** Told of every change to a table, to keep secondary indexes in step. */
export type ChangeListener<Name extends ModelName> = (
  previous: RecordOf<Name> | undefined,
  next: RecordOf<Name> | undefined,
) => void;

/**
 * One model's records. Creation goes through @mswjs/data; lookups by primary key, updates
 * and deletions use its primary-key map directly, because its query API scans every record.
 * Records are frozen: callers can hold them without being able to corrupt the store.
 */
export class Table<Name extends ModelName> {
  readonly #create: CreateRecord<Name>;
  readonly #maps: ModelMaps;
  readonly #name: Name;
  readonly #listeners: ChangeListener<Name>[] = [];

  constructor(create: CreateRecord<Name>, maps: ModelMaps, name: Name) {
    this.#create = create;
    this.#maps = maps;
    this.#name = name;
  }

  /** Registers an index maintainer. */
  onChange(listener: ChangeListener<Name>): void {
    this.#listeners.push(listener);
  }

  /** Creates a record. */
  insert(values: ValuesOf<Name>): RecordOf<Name> {
    const record = freeze(this.#create(values));
    for (const listener of this.#listeners) listener(undefined, record);
    return record;
  }

  /** The record with this primary key, in O(1). */
  get(key: string | number): RecordOf<Name> | undefined {
    return this.#maps.getModel(this.#name).get(key) as RecordOf<Name> | undefined;
  }

  /** Replaces fields of a record; returns the new record. */
  update(key: string | number, patch: PatchOf<Name>): RecordOf<Name> {
    const previous = this.get(key);
    if (!previous) throw new Error(`[teamchat-mock] no ${this.#name} with key ${String(key)}`);
    // Spreading keeps @mswjs/data's enumerable symbol properties (type, primary key).
    const next = freeze({ ...previous, ...patch } as RecordOf<Name>);
    this.#maps.update(this.#name, previous, next);
    for (const listener of this.#listeners) listener(previous, next);
    return next;
  }

  /** Deletes a record, if present. */
  delete(key: string | number): void {
    const previous = this.get(key);
    if (!previous) return;
    this.#maps.delete(this.#name, key);
    for (const listener of this.#listeners) listener(previous, undefined);
  }

  /** Every record, in insertion order. */
  all(): RecordOf<Name>[] {
    return [...this.#maps.getModel(this.#name).values()] as RecordOf<Name>[];
  }

  /** How many records there are. */
  get size(): number {
    return this.#maps.getModel(this.#name).size;
  }
}
