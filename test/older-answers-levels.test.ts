import { describe, expect, it } from 'vitest';
import { createMockServer, type ObservedExchange } from '../mock/index';
import { ChatClient } from '../src/index';
import { REPLACED_FIELDS } from '../scripts/replaced-fields';
import { asOlderServerSends } from './support/openapi';

const SITE = 'http://localhost:9991';
const HAMLET = 'hamlet@zulip.com';
const IAGO = 'iago@zulip.com';
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

/**
 * The fields of a success answer that a server at `level` never sent: those the reference marks as
 * new after `level` (leaving out a newer object's own fields, which came with it).
 */
function newerFields(exchange: ObservedExchange, level: number): string[] {
  const { method, path } = exchange.endpoint!;
  const operation = `${method} ${path}`;
  const now = fieldPaths(asOlderServerSends(method, path, exchange.body, NEWEST_REFERENCE_LEVEL));
  const then = fieldPaths(asOlderServerSends(method, path, exchange.body, level));
  return [...now]
    .filter((field) => !then.has(field) && (parentOf(field) === '' || then.has(parentOf(field))))
    .filter((field) => !isListedReplacement(field))
    .map((field) => `${operation} ${field}`);
}

/** A session of many operations through the SDK, as hamlet and iago, with an event queue open throughout. */
async function realisticSession(level: number): Promise<ObservedExchange[]> {
  const exchanges: ObservedExchange[] = [];
  const mock = createMockServer({
    featureLevel: level,
    onExchange: (exchange) => {
      if (exchange.endpoint && exchange.status === 200) exchanges.push(exchange);
    },
  });
  const hamlet = new ChatClient({ site: SITE, email: HAMLET, apiKey: mock.apiKeyOf(HAMLET), fetch: mock.fetch });
  const iago = new ChatClient({ site: SITE, email: IAGO, apiKey: mock.apiKeyOf(IAGO), fetch: mock.fetch });
  const iagoId = mock.store.userByDeliveryEmail(IAGO)!.id;
  await hamlet.server.getSettings();
  const queue = await hamlet.events.register({});
  const adminQueue = await iago.events.register({});
  const verona = (await hamlet.channels.list()).streams.find((channel) => channel.name === 'Verona')!.stream_id;
  await hamlet.channels.get({ stream_id: verona });
  await hamlet.subscriptions.list();
  await hamlet.subscriptions.add({ subscriptions: [{ name: 'levels audit' }] });
  const sent = await hamlet.messages.send({ type: 'stream', to: verona, topic: 'levels', content: 'hello @**iago**' });
  await hamlet.messages.send({ type: 'private', to: [iagoId], content: 'a direct message' });
  await hamlet.messages.update({ message_id: sent.id, content: 'hello again' });
  await hamlet.messages.update({ message_id: sent.id, topic: 'levels moved' });
  await iago.reactions.add({ message_id: sent.id, emoji_name: 'smile' });
  await hamlet.messages.list({ anchor: 'newest', num_before: 10, num_after: 0 });
  await hamlet.messages.get({ message_id: sent.id });
  await hamlet.messages.history({ message_id: sent.id });
  await iago.flags.update({ messages: [sent.id], op: 'add', flag: 'read' });
  await iago.flags.update({ messages: [sent.id], op: 'remove', flag: 'read' });
  await hamlet.users.list();
  await hamlet.users.me();
  await hamlet.users.get({ user_id: iagoId });
  await hamlet.users.updateStatus({ status_text: 'auditing', emoji_name: 'car' });
  await hamlet.presence.update({ status: 'active' });
  await iago.userGroups.create({ name: 'auditors', description: 'they audit', members: [iagoId] });
  const groups = (await hamlet.userGroups.list()).user_groups;
  const auditors = groups.find((candidate) => candidate.name === 'auditors')!.id;
  await iago.userGroups.update({ user_group_id: auditors, description: 'they still audit' });
  await iago.userGroups.members({ user_group_id: auditors });
  await iago.channels.update({ stream_id: verona, description: 'a channel audited' });
  await hamlet.profileFields.list();
  await hamlet.linkifiers.list();
  await hamlet.customEmoji.list();
  await hamlet.scheduledMessages.list();
  await hamlet.uploads.upload(new Uint8Array([1, 2, 3]), { filename: 'audit.txt' });
  await hamlet.events.get({ queue_id: queue.queue_id!, last_event_id: -1, dont_block: true });
  await iago.events.get({ queue_id: adminQueue.queue_id!, last_event_id: -1, dont_block: true });
  return exchanges;
}

describe('answers at older feature levels carry no field newer than the level', () => {
  for (const level of [185, 250, 300, 372]) {
    it(`at ${level}: every success answer of a session, register and events included`, async () => {
      const exchanges = await realisticSession(level);
      expect(exchanges.length).toBeGreaterThan(30);
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
});
