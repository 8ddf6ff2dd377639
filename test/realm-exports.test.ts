import { describe, expect, it } from 'vitest';
import { ManualClock } from '../mock/domain/clock';
import { createMockServer } from '../mock/index';
import { ChatClient } from '../src/index';
import { createAdministratorBot } from './support/admin-bot';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();

async function failure(call: Promise<unknown>): Promise<Record<string, unknown>> {
  const error = await call.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  const { code, msg, status } = error as { code: string; msg: string; status: number };
  return { code, msg, status };
}

const bad = (msg: string) => ({ code: 'BAD_REQUEST', msg, status: 400 });

/** A realm of an older server, reached through its own `fetch`. */
function olderRealm(featureLevel: number) {
  const mock = createMockServer({ featureLevel });
  return {
    clientFor: (email: string) =>
      new ChatClient({ site: 'http://localhost:9991', email, apiKey: mock.apiKeyOf(email), fetch: mock.fetch, featureLevel, maxRetries: 0 }),
  };
}

describe('data exports', () => {
  it('an administrator exports: made at once, with a URL of the server shape, and the requester told by Notification Bot', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const { id } = await iago.realmExports.create();
    const { exports } = await iago.realmExports.list();
    expect(exports).toEqual([
      {
        id, acting_user_id: realm.userId('iago@zulip.com'), export_time: Math.floor(realm.clock.now() / 1000),
        export_url: expect.stringMatching(/^http:\/\/chat\.test\/user_avatars\/exports\/\d+\/[\w-]{24}\/zulip-export-[a-z0-9_]{8}\.tar\.gz$/),
        deleted_timestamp: null, failed_timestamp: null, pending: false, export_type: 1,
      },
    ]);
    const { messages } = await iago.messages.list({ anchor: 'newest', num_before: 1, num_after: 0 });
    expect(messages[0]).toMatchObject({ sender_email: 'notification-bot@zulip.com', type: 'private' });
    expect(messages[0]?.content).toContain('Your data export is complete.');
  });

  it('administrators only', async () => {
    const refused = { code: 'UNAUTHORIZED_PRINCIPAL', msg: 'Must be an organization administrator', status: 400 };
    expect(await failure(realm.clientFor('shiva@zulip.com').realmExports.create())).toEqual(refused);
    expect(await failure(realm.clientFor('hamlet@zulip.com').realmExports.list())).toEqual(refused);
    expect(await failure(realm.clientFor('hamlet@zulip.com').realmExports.consents())).toEqual(refused);
  });

  it('at most 5 in 7 days: "Exceeded rate limit."; a week later again', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    for (let count = 0; count < 5; count++) await iago.realmExports.create();
    expect(await failure(iago.realmExports.create())).toEqual(bad('Exceeded rate limit.'));
    realm.clock.advance(7 * 24 * 60 * 60 * 1000 + 1);
    await iago.realmExports.create();
  });

  it('from feature level 430, a full export without a consenting owner and a public one with every owner\'s address hidden are made', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    expect((await iago.realmExports.create({ export_type: 2 })).id).toEqual(expect.any(Number));
    await realm.clientFor('desdemona@zulip.com').settings.update({ email_address_visibility: 4 });
    expect((await iago.realmExports.create()).id).toEqual(expect.any(Number));
    expect((await iago.realmExports.list()).exports.map((entry) => entry.export_type)).toEqual([2, 1]);
  });

  it('before feature level 430, a full export needs a consenting owner; a public one an owner whose address is not hidden from everyone', async () => {
    const older = olderRealm(429);
    const iago = older.clientFor('iago@zulip.com');
    expect(await failure(iago.realmExports.create({ export_type: 2 }))).toEqual(
      bad('Make sure at least one Organization Owner is consenting to the export or contact desdemona+admin@zulip.com for help.'),
    );
    const desdemona = older.clientFor('desdemona@zulip.com');
    await desdemona.settings.update({ allow_private_data_export: true });
    expect((await iago.realmExports.create({ export_type: 2 })).id).toEqual(expect.any(Number));
    // 5 is "moderators": the address still reaches administrators.
    await desdemona.settings.update({ email_address_visibility: 5 });
    expect((await iago.realmExports.create()).id).toEqual(expect.any(Number));
    await desdemona.settings.update({ email_address_visibility: 4 });
    expect(await failure(iago.realmExports.create())).toEqual(
      bad('Make sure at least one Organization Owner allows other Administrators to see their email address or contact desdemona+admin@zulip.com for help'),
    );
  });

  it('before feature level 430, only active owners count: a deactivated one neither consents nor shows an address', async () => {
    const older = olderRealm(429);
    const desdemona = older.clientFor('desdemona@zulip.com');
    const iago = older.clientFor('iago@zulip.com');
    const { members } = await desdemona.users.list();
    const iagoId = members.find((member) => member.email === 'iago@zulip.com')?.user_id as number;
    await desdemona.users.update({ user_id: iagoId, role: 100 });
    await iago.settings.update({ allow_private_data_export: true });
    await desdemona.settings.update({ email_address_visibility: 4 });
    // Iago, now an owner, consents and shows his address.
    expect((await desdemona.realmExports.create({ export_type: 2 })).id).toEqual(expect.any(Number));
    expect((await desdemona.realmExports.create()).id).toEqual(expect.any(Number));
    await desdemona.users.deactivate({ user_id: iagoId });
    expect(await failure(desdemona.realmExports.create({ export_type: 2 }))).toEqual(
      bad('Make sure at least one Organization Owner is consenting to the export or contact desdemona+admin@zulip.com for help.'),
    );
    expect(await failure(desdemona.realmExports.create())).toEqual(
      bad('Make sure at least one Organization Owner allows other Administrators to see their email address or contact desdemona+admin@zulip.com for help'),
    );
  });

  it('an unknown export_type is refused', async () => {
    const response = await realm.raw('iago@zulip.com', 'POST', '/export/realm', new URLSearchParams({ export_type: '3' }));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'Invalid export_type: Value error, Not in the list of possible values' });
  });

  it('consents: every active human, by user ID, with their email_address_visibility from feature level 430', async () => {
    await realm.clientFor('hamlet@zulip.com').settings.update({ allow_private_data_export: true });
    await realm.clientFor('desdemona@zulip.com').settings.update({ email_address_visibility: 4 });
    await realm.clientFor('iago@zulip.com').users.deactivate({ user_id: realm.userId('othello@zulip.com') });
    const { export_consents } = await realm.clientFor('iago@zulip.com').realmExports.consents();
    const ids = export_consents.map((entry) => entry.user_id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(ids).not.toContain(realm.userId('othello@zulip.com'));
    expect(ids).not.toContain(realm.userId('default-bot@zulip.com'));
    expect(export_consents).toContainEqual({ user_id: realm.userId('hamlet@zulip.com'), consented: true, email_address_visibility: 1 });
    expect(export_consents).toContainEqual({ user_id: realm.userId('iago@zulip.com'), consented: false, email_address_visibility: 1 });
    expect(export_consents).toContainEqual({ user_id: realm.userId('desdemona@zulip.com'), consented: false, email_address_visibility: 4 });
  });

  it('consents name no email_address_visibility before feature level 430', async () => {
    const { export_consents } = await olderRealm(429).clientFor('iago@zulip.com').realmExports.consents();
    expect(export_consents).toContainEqual({ user_id: realm.userId('hamlet@zulip.com'), consented: false });
  });

  it('realm_export events: pending, then done, to human administrators only (acceptance test)', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const events = await verifyAction(realm.clientFor('desdemona@zulip.com'), () => iago.realmExports.create());
    expect(events.map((event) => (event?.type === 'realm_export' ? [event.type, event.exports.map((entry) => entry.pending)] : event?.type))).toEqual([
      ['realm_export', [true]],
      ['realm_export', [false]],
    ]);
    const requester = await verifyAction(iago, () => iago.realmExports.create(), { event_types: ['realm_export', 'message'] });
    expect(requester.map((event) => event?.type)).toEqual(['realm_export', 'message', 'realm_export']);
    const member = await verifyAction(realm.clientFor('hamlet@zulip.com'), () => iago.realmExports.create());
    expect(member).toEqual([]);
    const bot = realm.clientFor(await createAdministratorBot(realm));
    const administratorBot = await verifyAction(bot, () => iago.realmExports.create(), { event_types: ['realm_export'] });
    expect(administratorBot).toEqual([]);
  });

  it('before feature level 304, exports name no export_type, in the list and in realm_export events (acceptance test)', async () => {
    const older = createMockServer({ featureLevel: 303, clock: new ManualClock() });
    const iago = older.clientFor('iago@zulip.com');
    const desdemona = older.clientFor('desdemona@zulip.com');
    const { user_id: userId } = await desdemona.users.me();
    const events = await verifyAction(desdemona, () => iago.realmExports.create(), {}, { userId });
    expect(events.map((event) => (event?.type === 'realm_export' ? event.exports.map((entry) => 'export_type' in entry) : event?.type))).toEqual([
      [false],
      [false],
    ]);
    const { exports } = await iago.realmExports.list();
    expect(exports.map((entry) => Object.keys(entry).sort())).toEqual([
      ['acting_user_id', 'deleted_timestamp', 'export_time', 'export_url', 'failed_timestamp', 'id', 'pending'],
    ]);
  });

  it('consents are absent from a server older than feature level 295', async () => {
    const mock = createMockServer({ featureLevel: 294 });
    const client = new ChatClient({ site: 'http://localhost:9991', email: 'iago@zulip.com', apiKey: mock.apiKeyOf('iago@zulip.com'), fetch: mock.fetch, featureLevel: 294 });
    await expect(client.realmExports.consents()).rejects.toMatchObject({ name: 'UnsupportedFeatureError' });
  });
});

describe('deleting a data export (DELETE /export/realm/{export_id})', () => {
  it('a finished export is marked deleted: still listed, with deleted_timestamp and no URL', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const { id } = await iago.realmExports.create();
    realm.clock.advance(60_000);
    await iago.realmExports.delete({ export_id: id as number });
    const { exports } = await iago.realmExports.list();
    expect(exports).toEqual([
      expect.objectContaining({ id, export_url: null, deleted_timestamp: Math.floor(realm.clock.now() / 1000), failed_timestamp: null, pending: false }),
    ]);
  });

  it('refusals in the server\'s order: unknown ID, already deleted, failed, still in progress', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    expect(await failure(iago.realmExports.delete({ export_id: 0 }))).toEqual(bad('Invalid data export ID'));
    const { id } = await iago.realmExports.create();
    await iago.realmExports.delete({ export_id: id as number });
    expect(await failure(iago.realmExports.delete({ export_id: id as number }))).toEqual(bad('Export already deleted'));
    // The mock finishes exports at once; the failed and pending states are set in its store.
    const failed = (await iago.realmExports.create()).id as number;
    realm.mock.store.tables.realmExport.update(failed, { status: 4, date_failed: realm.clock.now(), export_path: null });
    expect(await failure(iago.realmExports.delete({ export_id: failed }))).toEqual(bad('Export failed, nothing to delete'));
    for (const status of [1, 2]) {
      const pending = (await iago.realmExports.create()).id as number;
      realm.mock.store.tables.realmExport.update(pending, { status, export_path: null });
      expect(await failure(iago.realmExports.delete({ export_id: pending }))).toEqual(bad('Export still in progress'));
    }
  });

  it('administrators only, before the ID is looked up', async () => {
    const refused = { code: 'UNAUTHORIZED_PRINCIPAL', msg: 'Must be an organization administrator', status: 400 };
    const { id } = await realm.clientFor('iago@zulip.com').realmExports.create();
    for (const email of ['shiva@zulip.com', 'hamlet@zulip.com', 'polonius@zulip.com']) {
      expect(await failure(realm.clientFor(email).realmExports.delete({ export_id: id as number }))).toEqual(refused);
      expect(await failure(realm.clientFor(email).realmExports.delete({ export_id: 0 }))).toEqual(refused);
    }
    await realm.clientFor('desdemona@zulip.com').realmExports.delete({ export_id: id as number });
  });

  it('sends the whole list again as a realm_export event to human administrators (acceptance test)', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const { id } = await iago.realmExports.create();
    const events = await verifyAction(realm.clientFor('desdemona@zulip.com'), () => iago.realmExports.delete({ export_id: id as number }));
    expect(events).toEqual([{ type: 'realm_export', id: expect.any(Number), exports: [expect.objectContaining({ id, export_url: null, deleted_timestamp: expect.any(Number) })] }]);
    const { id: second } = await iago.realmExports.create();
    expect(await verifyAction(realm.clientFor('hamlet@zulip.com'), () => iago.realmExports.delete({ export_id: second as number }))).toEqual([]);
  });
});
