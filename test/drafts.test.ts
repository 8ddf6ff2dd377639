import { describe, expect, it } from 'vitest';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();

const bad = (msg: string) => ({ code: 'BAD_REQUEST', status: 400, msg });

describe('drafts', () => {
  it('creates drafts of each type, returns IDs in submission order, and lists them back as stored', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const denmark = realm.channelId('Denmark');
    const othello = realm.userId('othello@zulip.com');
    const cordelia = realm.userId('cordelia@zulip.com');
    const me = realm.userId('hamlet@zulip.com');
    realm.clock.set(1_700_000_000_500);
    const { ids } = await hamlet.drafts.create({
      drafts: [
        { type: 'stream', to: [denmark], topic: 'plans', content: 'To be', timestamp: 1_595_479_019 },
        { type: 'private', to: [othello, me], topic: 'ignored', content: 'direct' },
        { type: 'private', to: [cordelia, othello], topic: '', content: 'group' },
        { type: 'private', to: [me], topic: '', content: 'note to self' },
        { type: 'private', to: [], topic: 'x', content: 'nobody yet' },
        { type: '', to: [denmark], topic: 'ignored', content: 'unaddressed' },
      ],
    });
    expect(ids).toHaveLength(6);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    const { count, drafts } = await hamlet.drafts.list();
    expect(count).toBe(6);
    const now = 1_700_000_000;
    expect(drafts).toEqual([
      { id: ids[0], type: 'stream', to: [denmark], topic: 'plans', content: 'To be', timestamp: 1_595_479_019 },
      { id: ids[1], type: 'private', to: [othello], topic: '', content: 'direct', timestamp: now },
      { id: ids[2], type: 'private', to: [Math.min(cordelia, othello), Math.max(cordelia, othello)], topic: '', content: 'group', timestamp: now },
      { id: ids[3], type: 'private', to: [me], topic: '', content: 'note to self', timestamp: now },
      { id: ids[4], type: '', to: [], topic: '', content: 'nobody yet', timestamp: now },
      { id: ids[5], type: '', to: [], topic: '', content: 'unaddressed', timestamp: now },
    ]);
  });

  it('keeps drafts per user: others neither see, edit nor delete them', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const othello = realm.clientFor('othello@zulip.com');
    const { ids } = await hamlet.drafts.create({ drafts: [{ type: '', to: [], topic: '', content: 'mine' }] });
    const id = ids[0] as number;
    expect(await othello.drafts.list()).toEqual({ count: 0, drafts: [] });
    const notFound = { code: 'BAD_REQUEST', status: 404, msg: 'Draft does not exist' };
    await expectApiError(othello.drafts.edit({ draft_id: id, draft: { type: '', to: [], topic: '', content: 'theirs' } }), notFound);
    await expectApiError(othello.drafts.delete({ draft_id: id }), notFound);
    await expectApiError(hamlet.drafts.delete({ draft_id: id + 1 }), notFound);
    expect((await hamlet.drafts.list()).drafts.map((draft) => draft.content)).toEqual(['mine']);
  });

  it('edits replace every field (the timestamp defaults to now) and deletion removes the draft', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const verona = realm.channelId('Verona');
    realm.clock.set(1_000_000_000_000);
    const { ids } = await hamlet.drafts.create({ drafts: [{ type: 'stream', to: [verona], topic: 't', content: 'first' }] });
    const id = ids[0] as number;
    realm.clock.set(1_000_000_060_000);
    await hamlet.drafts.edit({ draft_id: id, draft: { type: '', to: [], topic: '', content: 'second' } });
    expect((await hamlet.drafts.list()).drafts).toEqual([
      { id, type: '', to: [], topic: '', content: 'second', timestamp: 1_000_000_060 },
    ]);
    await hamlet.drafts.delete({ draft_id: id });
    expect(await hamlet.drafts.list()).toEqual({ count: 0, drafts: [] });
  });

  it('lists least recently edited first; the register state holds the most recently edited first', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const draft = (content: string, timestamp: number) => ({ type: '' as const, to: [], topic: '', content, timestamp });
    const { ids } = await hamlet.drafts.create({ drafts: [draft('b', 200), draft('a', 100), draft('c', 300)] });
    expect((await hamlet.drafts.list()).drafts.map((entry) => entry.content)).toEqual(['a', 'b', 'c']);
    await hamlet.drafts.edit({ draft_id: ids[1] as number, draft: draft('a2', 400) });
    expect((await hamlet.drafts.list()).drafts.map((entry) => entry.content)).toEqual(['b', 'c', 'a2']);
    const state = await hamlet.events.register({ event_types: ['drafts'] });
    expect(state.drafts?.map((entry) => entry.content)).toEqual(['a2', 'c', 'b']);
  });

  it('refuses invalid drafts with the server messages, storing none of the batch', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const verona = realm.channelId('Verona');
    const denmark = realm.channelId('Denmark');
    const ok = { type: '' as const, to: [], topic: '', content: 'fine' };
    const cases: readonly (readonly [unknown, string])[] = [
      [{ type: 'stream', to: [], topic: 't', content: 'x' }, 'Must specify exactly 1 channel ID for channel messages'],
      [{ type: 'stream', to: [verona, denmark], topic: 't', content: 'x' }, 'Must specify exactly 1 channel ID for channel messages'],
      [{ type: 'stream', to: [verona], topic: 'a\0b', content: 'x' }, 'Topic must not contain null bytes'],
      [{ type: '', to: [], topic: '', content: 'a\0b' }, 'Message must not contain null bytes'],
      [{ type: '', to: [], topic: '', content: '  ' }, 'drafts[1]["content"] cannot be blank'],
      [{ type: '', to: [], topic: '', content: 'x', timestamp: -1 }, 'Timestamp must not be negative.'],
      [{ type: 'stream', to: [999_999], topic: 't', content: 'x' }, 'Invalid channel ID'],
      [{ type: 'private', to: [999_999], topic: '', content: 'x' }, 'Invalid user ID 999999'],
      [{ type: 'direct', to: [], topic: '', content: 'x' }, 'Invalid drafts[1]["type"]'],
      [{ type: '', to: [], topic: '', content: 'x', extra: 1 }, 'Argument "extra" at drafts[1]["extra"] is unexpected'],
      [{ type: '', to: [], content: 'x' }, 'drafts[1]["topic"] field is missing: Field required'],
    ];
    for (const [draft, msg] of cases) {
      const body = new URLSearchParams({ drafts: JSON.stringify([ok, draft]) });
      const response = await realm.raw('hamlet@zulip.com', 'POST', '/drafts', body);
      expect({ status: response.status, body: await response.json() }, msg).toEqual({
        status: 400,
        body: { result: 'error', msg, code: 'BAD_REQUEST' },
      });
    }
    await expectApiError(
      realm.clientFor('othello@zulip.com').drafts.create({ drafts: [{ type: 'stream', to: [realm.channelId('core team')], topic: 't', content: 'x' }] }),
      bad('Invalid channel ID'),
    );
    await expectApiError(
      hamlet.drafts.edit({ draft_id: 1, draft: { type: 'stream', to: [], topic: '', content: 'x' } }),
      { code: 'BAD_REQUEST', status: 404, msg: 'Draft does not exist' },
    );
    const { ids } = await hamlet.drafts.create({ drafts: [ok] });
    await expectApiError(
      hamlet.drafts.edit({ draft_id: ids[0] as number, draft: { type: 'stream', to: [], topic: '', content: 'x' } }),
      bad('Must specify exactly 1 channel ID for channel messages'),
    );
    expect((await hamlet.drafts.list()).drafts.map((draft) => draft.content)).toEqual(['fine']);
  });

  it("checks every draft's content before anything else, strips it, and refuses a conversation with a deactivated user", async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    // Blank content is found while the request is parsed: before the draft is looked up, and in any draft of a batch.
    await expectApiError(hamlet.drafts.edit({ draft_id: 999_999, draft: { type: '', to: [], topic: '', content: '  ' } }), bad('draft["content"] cannot be blank'));
    await expectApiError(
      hamlet.drafts.create({ drafts: [{ type: 'stream', to: [999_999], topic: 't', content: 'x' }, { type: '', to: [], topic: '', content: ' ' }] }),
      bad('drafts[1]["content"] cannot be blank'),
    );
    const { ids } = await hamlet.drafts.create({ drafts: [{ type: '', to: [], topic: '', content: '    indented\n  ' }] });
    expect((await hamlet.drafts.list()).drafts.find((draft) => draft.id === ids[0])?.content).toBe('indented');
    const othelloId = realm.userId('othello@zulip.com');
    await realm.clientFor('iago@zulip.com').users.deactivate({ user_id: othelloId });
    await expectApiError(
      hamlet.drafts.create({ drafts: [{ type: 'private', to: [othelloId], topic: '', content: 'hi' }] }),
      bad("'othello@zulip.com' is no longer using Zulip."),
    );
  });

  it("drafts is optional, as the spec says: none given creates none", async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    expect(await hamlet.drafts.create({})).toEqual({ ids: [] });
    expect((await hamlet.drafts.list()).count).toBe(0);
  });

  it('truncates a long channel topic as the server does', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await hamlet.drafts.create({ drafts: [{ type: 'stream', to: [realm.channelId('Verona')], topic: 'x'.repeat(70), content: 'c' }] });
    expect((await hamlet.drafts.list()).drafts[0]?.topic).toBe(`${'x'.repeat(57)}...`);
  });

  it('events: drafts add, update and remove reach the owner only, and the register state follows', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const verona = realm.channelId('Verona');
    const othelloClient = realm.clientFor('othello@zulip.com');
    const othersQueue = await othelloClient.events.register({ event_types: ['drafts'] });
    realm.clock.set(1_600_000_000_000);
    let ids: number[] = [];
    const added = await verifyAction(
      hamlet,
      async () => {
        ids = (await hamlet.drafts.create({ drafts: [{ type: 'stream', to: [verona], topic: 't', content: 'one' }, { type: '', to: [], topic: '', content: 'two', timestamp: 5 }] })).ids;
      },
      { event_types: ['drafts'] },
    );
    expect(added).toEqual([
      {
        id: expect.any(Number),
        type: 'drafts',
        op: 'add',
        drafts: [
          { id: ids[0], type: 'stream', to: [verona], topic: 't', content: 'one', timestamp: 1_600_000_000 },
          { id: ids[1], type: '', to: [], topic: '', content: 'two', timestamp: 5 },
        ],
      },
    ]);
    const updated = await verifyAction(
      hamlet,
      () => hamlet.drafts.edit({ draft_id: ids[1] as number, draft: { type: '', to: [], topic: '', content: 'newer', timestamp: 1_700_000_000 } }),
      { event_types: ['drafts'] },
    );
    expect(updated).toMatchObject([{ type: 'drafts', op: 'update', draft: { id: ids[1], content: 'newer', timestamp: 1_700_000_000 } }]);
    const removed = await verifyAction(hamlet, () => hamlet.drafts.delete({ draft_id: ids[0] as number }), { event_types: ['drafts'] });
    expect(removed).toEqual([{ id: expect.any(Number), type: 'drafts', op: 'remove', draft_id: ids[0] }]);
    const seen = await othelloClient.events.get({ queue_id: othersQueue.queue_id ?? '', last_event_id: othersQueue.last_event_id, dont_block: true });
    expect(seen.events).toEqual([]);
  });
});

describe('drafts and enable_drafts_synchronization', () => {
  it('turning synchronization off deletes the server copies without events; every draft route then refuses', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await hamlet.drafts.create({ drafts: [{ type: '', to: [], topic: '', content: 'kept by the client' }] });
    const registered = await hamlet.events.register({ event_types: ['drafts'] });
    await hamlet.settings.update({ enable_drafts_synchronization: false });
    const { events } = await hamlet.events.get({ queue_id: registered.queue_id ?? '', last_event_id: registered.last_event_id, dont_block: true });
    expect(events.filter((event) => event.type === 'drafts')).toEqual([]);
    expect((await hamlet.events.register({ fetch_event_types: ['drafts'] })).drafts).toEqual([]);
    const refused = { code: 'BAD_REQUEST', status: 400, msg: 'User has disabled synchronizing drafts.' };
    await expectApiError(hamlet.drafts.list(), refused);
    await expectApiError(hamlet.drafts.create({ drafts: [{ type: '', to: [], topic: '', content: 'x' }] }), refused);
    await hamlet.settings.update({ enable_drafts_synchronization: true });
    expect((await hamlet.drafts.list()).drafts).toEqual([]);
  });
});
