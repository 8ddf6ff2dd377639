import { describe, expect, it } from 'vitest';
import { createDatabase } from './database';

describe('record creation', () => {
  it('builds later records as @mswjs/data builds the first: same fields, defaults and internal symbols', () => {
    const create = createDatabase().creator('realmEmoji');
    const first = create({ id: 1, name: 'first' }) as unknown as Record<string | symbol, unknown>;
    const second = create({ id: 2, name: 'second' }) as unknown as Record<string | symbol, unknown>;
    expect(Object.keys(second).sort()).toEqual(Object.keys(first).sort());
    expect(second).toEqual({ ...first, id: 2, name: 'second' });
    const symbols = Object.getOwnPropertySymbols(first);
    expect(symbols.length).toBeGreaterThan(0);
    expect(symbols.map((symbol) => second[symbol])).toEqual(symbols.map((symbol) => first[symbol]));
  });

  it('stores directly built records in the database, and refuses a duplicate key or a null non-nullable field', () => {
    const database = createDatabase();
    const create = database.creator('realmEmoji');
    create({ id: 1, name: 'first' });
    const second = create({ id: 2, name: 'second' });
    expect(database.maps.getModel('realmEmoji').get(2)).toBe(second);
    expect(() => create({ id: 2, name: 'again' })).toThrow('a realmEmoji needs a new primary key, got 2');
    expect(() => create({ id: 3, name: null as never })).toThrow('realmEmoji.name cannot be null');
  });

  it("announces a directly built record as @mswjs/data's create does when something listens (its cross-tab sync in browsers)", () => {
    const database = createDatabase();
    const create = database.creator('realmEmoji');
    create({ id: 1, name: 'first' });
    const events = database.maps.events as unknown as { on(event: string, listener: (...args: unknown[]) => void): void };
    const announced: unknown[][] = [];
    events.on('create', (...args) => announced.push(args));
    create({ id: 2, name: 'second' });
    expect(announced).toEqual([[expect.any(String), 'realmEmoji', expect.objectContaining({ id: 2, name: 'second', SERIALIZED_INTERNAL_PROPERTIES: { entityType: 'realmEmoji', primaryKey: 'id' } }), undefined]]);
    expect(database.maps.getModel('realmEmoji').get(2)).toMatchObject({ id: 2, name: 'second' });
  });
});
