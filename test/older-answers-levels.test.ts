import { describe, expect, it } from 'vitest';
import { createMockServer, type ObservedExchange } from '../mock/index';
import { REPLACED_FIELDS } from '../scripts/replaced-fields';
import { sessionAt } from './support/levels-session';
import { eventKindLevel, withoutFieldsNewerThan } from './support/openapi';

const SITE = 'http://localhost:9991';
const HAMLET = 'hamlet@zulip.com';
const NEWEST_REFERENCE_LEVEL = 435;

/** The paths of a value's fields (`.a.b`, `.list[].c`; every array item, every map key). */
function fieldPaths(value: unknown, prefix = '', into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) {
    for (const item of value) fieldPaths(item, `${prefix}[]`, into);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      into.add(`${prefix}.${key}`);
      fieldPaths(inner, `${prefix}.${key}`, into);
    }
  }
  return into;
}

/** The path of the field holding this one (`.a.b[].c` -> `.a.b`), '' at the top. */
function parentOf(path: string): string {
  return path.slice(0, path.lastIndexOf('.')).replace(/(\[\])+$/, '');
}

/** The replaced fields docs/mock.md lists: the mock sends them at every level, for want of the older field. */
function isListedReplacement(path: string): boolean {
  return REPLACED_FIELDS.has(path.slice(path.lastIndexOf('.') + 1));
}

/** The fields of a body that a server at `level` never sent, by path, each after `label`. */
function newerFieldsOf(method: string, path: string, body: unknown, level: number, label: string): string[] {
  const now = fieldPaths(withoutFieldsNewerThan(NEWEST_REFERENCE_LEVEL, method, path, body));
  const then = fieldPaths(withoutFieldsNewerThan(level, method, path, body));
  return [...now]
    .filter((field) => !then.has(field) && (parentOf(field) === '' || then.has(parentOf(field))))
    .filter((field) => !isListedReplacement(field))
    .map((field) => `${label} ${field}`);
}

/**
 * The fields of a success answer that a server at `level` never sent: those the reference marks as
 * new after `level` (leaving out a newer object's own fields, which came with it). The events of
 * `GET /events` are read one by one, by type and op: a field an event has from a later level must
 * not hide behind another event's field of the same name (a reaction's `emoji_code`, older than a
 * status's).
 */
function newerFields(exchange: ObservedExchange, level: number): string[] {
  const { method, path } = exchange.endpoint!;
  const operation = `${method} ${path}`;
  const { events, ...envelope } = exchange.body as { events?: unknown };
  if (operation !== 'GET /events' || !Array.isArray(events)) return newerFieldsOf(method, path, exchange.body, level, operation);
  return (events as { type?: unknown; op?: unknown }[]).flatMap((event) => {
    const kind = event.op === undefined ? String(event.type) : `${String(event.type)} ${String(event.op)}`;
    const since = eventKindLevel(event);
    if (since !== undefined && since > level) return [`${operation} ${kind} (new at ${since})`];
    return newerFieldsOf(method, path, { ...envelope, events: [event] }, level, `${operation} ${kind}`);
  });
}

describe('answers at older feature levels carry no field newer than the level', () => {
  for (const level of [60, 80, 100, 113, 130, 160, 184, 185, 250, 300, 372]) {
    it(`at ${level}: every success answer of a session, register and events included`, async () => {
      const exchanges = await sessionAt(level);
      expect(exchanges.length).toBeGreaterThan(70);
      expect(exchanges.flatMap((exchange) => newerFields(exchange, level))).toEqual([]);
    });
  }
});

describe('fields that replaced older ones', () => {
  it('realm_url (257) is left out below its level, where realm_uri names the organization', async () => {
    for (const [level, hasUrl] of [[256, false], [257, true]] as const) {
      const mock = createMockServer({ featureLevel: level });
      const settings = (await mock.clientFor(HAMLET).server.getSettings()) as Record<string, unknown>;
      expect(settings.realm_uri).toBe(SITE);
      expect('realm_url' in settings, `level ${level}`).toBe(hasUrl);
    }
  });

  it("register's max_icon_file_size_mib, max_logo_file_size_mib and realm_upload_quota_mib are named without _mib below 72 (531cf041f1, 1da818f848, 64bd461bad)", async () => {
    const names = ['max_icon_file_size', 'max_logo_file_size', 'realm_upload_quota'];
    for (const [level, suffix] of [[71, ''], [72, '_mib']] as const) {
      const state = (await createMockServer({ featureLevel: level }).clientFor(HAMLET, { validate: 'off' }).events.register({})) as Record<string, unknown>;
      const sent = Object.keys(state).filter((key) => names.some((name) => key.startsWith(name)));
      expect(sent.sort(), `level ${level}`).toEqual(names.map((name) => `${name}${suffix}`));
      expect(state[`max_icon_file_size${suffix}`]).toBe(5);
    }
  });

  it("register's cross_realm_bots mark a system bot is_cross_realm_bot below 83, is_system_bot from 83 (119f1da04a)", async () => {
    for (const [level, flag] of [[82, 'is_cross_realm_bot'], [83, 'is_system_bot']] as const) {
      const state = await createMockServer({ featureLevel: level }).clientFor(HAMLET, { validate: 'off' }).events.register({});
      for (const bot of state.cross_realm_bots as unknown as Record<string, unknown>[]) {
        expect(bot[flag], `level ${level}`).toBe(true);
        expect(['is_cross_realm_bot', 'is_system_bot'].filter((name) => name in bot)).toEqual([flag]);
      }
    }
  });
});
