import { describe, expect, it } from 'vitest';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();
const HAMLET = 'hamlet@zulip.com';
const bad = (msg: string) => ({ status: 400, body: { result: 'error', msg, code: 'BAD_REQUEST' } });

/** A raw draft request, for what the SDK's types would not send. */
async function answer(method: string, path: string, form: Record<string, string> = {}) {
  const response = await realm.raw(HAMLET, method, path, method === 'GET' ? undefined : new URLSearchParams(form));
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const createRaw = (drafts: string) => answer('POST', '/drafts', { drafts });
const draftsText = (...drafts: readonly string[]) => `[${drafts.join(',')}]`;
const UNADDRESSED = '"type":"","to":[],"topic":""';

describe('drafts refuse a user without synchronization before reading any parameter', () => {
  it('POST, PATCH, DELETE and GET answer "User has disabled synchronizing drafts." whatever the parameters (regression: a bad or missing one was reported first)', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const { ids } = await hamlet.drafts.create({ drafts: [{ type: '', to: [], topic: '', content: 'x' }] });
    await hamlet.settings.update({ enable_drafts_synchronization: false });
    const refused = bad('User has disabled synchronizing drafts.');
    expect(await createRaw('xx')).toEqual(refused);
    expect(await answer('POST', '/drafts')).toEqual(refused);
    expect(await answer('PATCH', `/drafts/${ids[0]}`)).toEqual(refused);
    expect(await answer('PATCH', '/drafts/1', { draft: '5' })).toEqual(refused);
    expect(await answer('DELETE', '/drafts/999999')).toEqual(refused);
    expect(await answer('GET', '/drafts')).toEqual(refused);
  });
});

describe("drafts are read with the server's DraftData model: the first problem in field and list order wins", () => {
  it('a blank content is reported at its field, before later fields and later drafts (regression: after every other parse error)', async () => {
    expect(await createRaw(draftsText(`{${UNADDRESSED},"content":" "}`, '{"type":"bogus","to":[],"topic":"","content":"a"}'))).toEqual(
      bad('drafts[0]["content"] cannot be blank'),
    );
    expect(await createRaw(draftsText(`{${UNADDRESSED},"content":" ","timestamp":"x"}`))).toEqual(bad('drafts[0]["content"] cannot be blank'));
    // Unknown keys are reported after the fields.
    expect(await createRaw(draftsText(`{"foo":1,${UNADDRESSED},"content":" "}`))).toEqual(bad('drafts[0]["content"] cannot be blank'));
    // An integer written as a float comes before a blank content that follows it.
    expect(await createRaw(draftsText('{"type":"","to":[1.0],"topic":"","content":" "}'))).toEqual(bad('drafts[0]["to"][0] is not an integer'));
    expect(await answer('PATCH', '/drafts/999999', { draft: `{${UNADDRESSED},"content":" ","timestamp":true}` })).toEqual(
      bad('draft["content"] cannot be blank'),
    );
  });

  it("words errors as pydantic does: the union member of timestamp, the model's type, a missing type (regression: zod's words)", async () => {
    const timestamped = (timestamp: string) => draftsText(`{${UNADDRESSED},"content":"a","timestamp":${timestamp}}`);
    expect(await createRaw(timestamped('true'))).toEqual(bad('drafts[0]["timestamp"]["int"] is not an integer'));
    expect(await createRaw(timestamped('"12"'))).toEqual(bad('drafts[0]["timestamp"]["int"] is not an integer'));
    expect(await createRaw('[5]')).toEqual(bad('Invalid drafts[0]: Input should be a valid dictionary or instance of DraftData'));
    expect(await createRaw(draftsText('{"to":[],"topic":"","content":"a"}'))).toEqual(bad('drafts[0]["type"] field is missing: Field required'));
    expect(await createRaw(draftsText('{"type":null,"to":[],"topic":"","content":"a"}'))).toEqual(bad('Invalid drafts[0]["type"]'));
    const { ids } = await realm.clientFor(HAMLET).drafts.create({ drafts: [{ type: '', to: [], topic: '', content: 'kept' }] });
    const model = bad('Invalid draft: Input should be a valid dictionary or instance of DraftData');
    expect(await answer('PATCH', `/drafts/${ids[0]}`, { draft: '5' })).toEqual(model);
    expect(await answer('PATCH', `/drafts/${ids[0]}`, { draft: '[]' })).toEqual(model);
    expect(await answer('PATCH', `/drafts/${ids[0]}`, { draft: `{${UNADDRESSED},"content":"a","timestamp":true}` })).toEqual(
      bad('draft["timestamp"]["int"] is not an integer'),
    );
    expect((await realm.clientFor(HAMLET).drafts.list()).drafts.map((draft) => draft.content)).toEqual(['kept']);
  });

  it('a null timestamp is the current time, as an omitted one (regression: "is not a float")', async () => {
    const hamlet = realm.clientFor(HAMLET);
    realm.clock.set(1_650_000_000_000);
    let ids: number[] = [];
    await verifyAction(hamlet, async () => {
      ids = (await hamlet.drafts.create({ drafts: [{ type: '', to: [], topic: '', content: 'now', timestamp: null }] })).ids;
    });
    await hamlet.drafts.edit({ draft_id: ids[0] as number, draft: { type: '', to: [], topic: '', content: 'later', timestamp: null } });
    expect((await hamlet.drafts.list()).drafts).toEqual([{ id: ids[0], type: '', to: [], topic: '', content: 'later', timestamp: 1_650_000_000 }]);
  });

  it("strips content with pydantic's Unicode whitespace, then the message's end with Python's (regression: JavaScript's trim)", async () => {
    const hamlet = realm.clientFor(HAMLET);
    const draft = (content: string) => ({ type: '' as const, to: [], topic: '', content });
    await expectApiError(hamlet.drafts.create({ drafts: [draft('\u0085')] }), { code: 'BAD_REQUEST', status: 400, msg: 'drafts[0]["content"] cannot be blank' });
    await expectApiError(hamlet.drafts.create({ drafts: [draft('\u001c')] }), { code: 'BAD_REQUEST', status: 400, msg: 'Message must not be empty' });
    const { ids } = await hamlet.drafts.create({ drafts: [draft('\ufeff'), draft('\u0085 kept\u001c\ufeff\u001c ')] });
    const contents = new Map((await hamlet.drafts.list()).drafts.map((entry) => [entry.id, entry.content]));
    expect(ids.map((id) => contents.get(id))).toEqual(['\ufeff', 'kept\u001c\ufeff']);
  });
});

describe('draft checks after the model, in the server order', () => {
  it('rounds the timestamp to microseconds before refusing a negative one (regression: -0.0000001 was refused, .9999995 kept its second)', async () => {
    const hamlet = realm.clientFor(HAMLET);
    let ids: number[] = [];
    await verifyAction(
      hamlet,
      async () => {
        const draft = (content: string, timestamp: number) => ({ type: '' as const, to: [], topic: '', content, timestamp });
        ids = (await hamlet.drafts.create({ drafts: [draft('epoch', -0.0000001), draft('rounded', 1_700_000_000.999_999_5)] })).ids;
      },
      { event_types: ['drafts'] },
    );
    const timestamps = new Map((await hamlet.drafts.list()).drafts.map((entry) => [entry.id, entry.timestamp]));
    expect(ids.map((id) => timestamps.get(id))).toEqual([0, 1_700_000_001]);
    expect(await createRaw(draftsText(`{${UNADDRESSED},"content":"a","timestamp":-0.0000006}`))).toEqual(bad('Timestamp must not be negative.'));
  });

  it("names the first bad recipient in the order Python iterates set(to) (regression: the list's order)", async () => {
    const hamlet = realm.clientFor(HAMLET);
    const direct = (to: number[]) => ({ drafts: [{ type: 'private' as const, to, topic: '', content: 'hi' }] });
    const invalid = (id: number) => ({ code: 'BAD_REQUEST', status: 400, msg: `Invalid user ID ${id}` });
    // Small ints sit in a set by value modulo the table size: 5 before 999 (999 % 8 is 7).
    await expectApiError(hamlet.drafts.create(direct([999, 5])), invalid(5));
    // 1001 and 17 and 9 share a slot: probing keeps 17 before 9 (not ascending), and 1001 is a user.
    await expectApiError(hamlet.drafts.create(direct([realm.userId('desdemona@zulip.com'), 17, 9])), invalid(17));
    const othello = realm.userId('othello@zulip.com');
    const iago = realm.userId('iago@zulip.com');
    expect([othello % 8, iago % 8]).toEqual([6, 2]);
    const desdemona = realm.clientFor('desdemona@zulip.com');
    await desdemona.users.deactivate({ user_id: othello });
    await desdemona.users.deactivate({ user_id: iago });
    await expectApiError(hamlet.drafts.create(direct([othello, iago])), { code: 'BAD_REQUEST', status: 400, msg: "'iago@zulip.com' is no longer using Zulip." });
    expect((await hamlet.drafts.list()).drafts).toEqual([]);
  });
});
