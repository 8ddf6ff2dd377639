import { describe, expect, it } from 'vitest';
import { clampRange } from '../mock/domain/flags/update-for-narrow';
import { narrow } from '../src/index';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';
import { realmSetup } from './support/realm-setup';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();
const setup = realmSetup(realm);

const HAMLET = 'hamlet@zulip.com';

/** `count` messages from iago to a fresh topic; their IDs, ascending. */
async function sendMany(count: number, channel = 'Denmark', topic = 'range'): Promise<number[]> {
  const iago = realm.clientFor('iago@zulip.com');
  const ids: number[] = [];
  for (let index = 0; index < count; index++) {
    ids.push((await iago.messages.send({ type: 'channel', to: channel, topic, content: `m${index}` })).id);
  }
  return ids;
}

const inTopic = (channel = 'Denmark', topic = 'range') => narrow().channel(channel).topic(topic);

const readBy = (email: string, ids: readonly number[]) => ids.filter((id) => setup.flagsOf(email, id)?.includes('read'));

describe('flags.updateForNarrow (POST /messages/flags/narrow): ranges and counts', () => {
  it('from the oldest, forward past the end: every matching message, found_oldest and found_newest', async () => {
    const ids = await sendMany(5);
    const hamlet = realm.clientFor(HAMLET);
    const params = { narrow: inTopic(), anchor: 'oldest', num_before: 0, num_after: 100, op: 'add', flag: 'read' } as const;
    expect(await hamlet.flags.updateForNarrow(params)).toEqual({
      processed_count: 5,
      updated_count: 5,
      first_processed_id: ids[0],
      last_processed_id: ids[4],
      found_oldest: true,
      found_newest: true,
      // Always present here, as the server sends it (POST /messages/flags follows the spec instead).
      ignored_because_not_subscribed_channels: [],
    });
    expect(readBy(HAMLET, ids)).toEqual(ids);
    // Again: the same range, nothing left to change.
    expect(await hamlet.flags.updateForNarrow(params)).toMatchObject({ processed_count: 5, updated_count: 0 });
  });

  it('from the newest, backward: the last num_before messages; found_oldest false while older ones remain', async () => {
    const ids = await sendMany(5);
    const answer = await realm.clientFor(HAMLET).flags.updateForNarrow({
      narrow: inTopic(),
      anchor: 'newest',
      num_before: 2,
      num_after: 0,
      op: 'add',
      flag: 'starred',
    });
    expect(answer).toEqual({
      processed_count: 2,
      updated_count: 2,
      first_processed_id: ids[3],
      last_processed_id: ids[4],
      found_oldest: false,
      found_newest: true,
      ignored_because_not_subscribed_channels: [],
    });
    expect(ids.filter((id) => setup.flagsOf(HAMLET, id)?.includes('starred'))).toEqual(ids.slice(3));
  });

  it('around a message ID, both directions, and excluding the anchor at one end of the range', async () => {
    const ids = await sendMany(5);
    const hamlet = realm.clientFor(HAMLET);
    const around = await hamlet.flags.updateForNarrow({
      narrow: inTopic(),
      anchor: ids[2] ?? 0,
      num_before: 1,
      num_after: 1,
      op: 'add',
      flag: 'read',
    });
    expect(around).toEqual({
      processed_count: 3,
      updated_count: 3,
      first_processed_id: ids[1],
      last_processed_id: ids[3],
      found_oldest: false,
      found_newest: false,
      ignored_because_not_subscribed_channels: [],
    });
    const after = await hamlet.flags.updateForNarrow({
      narrow: inTopic(),
      anchor: ids[3] ?? 0,
      include_anchor: false,
      num_before: 0,
      num_after: 5,
      op: 'add',
      flag: 'read',
    });
    expect(after).toMatchObject({ processed_count: 1, updated_count: 1, first_processed_id: ids[4], last_processed_id: ids[4], found_newest: true });
    expect(readBy(HAMLET, ids)).toEqual(ids.slice(1));
  });

  it('first_unread anchors at the oldest unread matching message', async () => {
    const ids = await sendMany(4);
    const hamlet = realm.clientFor(HAMLET);
    await hamlet.flags.update({ messages: ids.slice(0, 2), op: 'add', flag: 'read' });
    const answer = await hamlet.flags.updateForNarrow({
      narrow: inTopic(),
      anchor: 'first_unread',
      num_before: 0,
      num_after: 0,
      op: 'add',
      flag: 'starred',
    });
    expect(answer).toMatchObject({ processed_count: 1, first_processed_id: ids[2], last_processed_id: ids[2] });
  });

  it('an empty range: zero counts and null IDs', async () => {
    const answer = await realm.clientFor(HAMLET).flags.updateForNarrow({
      narrow: inTopic('Denmark', 'nothing here'),
      anchor: 'newest',
      num_before: 10,
      num_after: 0,
      op: 'add',
      flag: 'read',
    });
    expect(answer).toEqual({
      processed_count: 0,
      updated_count: 0,
      first_processed_id: null,
      last_processed_id: null,
      found_oldest: true,
      found_newest: true,
      ignored_because_not_subscribed_channels: [],
    });
  });

  it('no narrow (null or []): all of the user’s messages, plain terms accepted too', async () => {
    const ids = await sendMany(2);
    const hamlet = realm.clientFor(HAMLET);
    const newest = await hamlet.flags.updateForNarrow({ narrow: null, anchor: 'newest', num_before: 1, num_after: 0, op: 'add', flag: 'collapsed' });
    expect(newest).toMatchObject({ processed_count: 1, first_processed_id: ids[1], found_newest: true, found_oldest: false });
    const plain = await hamlet.flags.updateForNarrow({
      narrow: [{ operator: 'topic', operand: 'range' }],
      anchor: 'oldest',
      num_before: 0,
      num_after: 10,
      op: 'add',
      flag: 'collapsed',
    });
    expect(plain).toMatchObject({ processed_count: 2, updated_count: 1 });
  });

  it('ranges larger than 5000 are shortened, not refused (num_before keeps at least half)', async () => {
    expect(clampRange(6000, 6000)).toEqual({ numBefore: 2500, numAfter: 2500 });
    expect(clampRange(10_000, 0)).toEqual({ numBefore: 5000, numAfter: 0 });
    expect(clampRange(0, 10_000)).toEqual({ numBefore: 0, numAfter: 5000 });
    expect(clampRange(100, 6000)).toEqual({ numBefore: 100, numAfter: 4900 });
    expect(clampRange(4000, 3000)).toEqual({ numBefore: 2500, numAfter: 2500 });
    const ids = await sendMany(3);
    const answer = await realm.clientFor(HAMLET).flags.updateForNarrow({
      narrow: inTopic(),
      anchor: ids[1] ?? 0,
      num_before: 9000,
      num_after: 9000,
      op: 'add',
      flag: 'read',
    });
    expect(answer).toMatchObject({ processed_count: 3, found_oldest: true, found_newest: true });
  });

  it('the clamp bounds the range: 5000 newer messages at most', async () => {
    const ids = await sendMany(3);
    // Clamping 0/10000 keeps num_after at 5000, so a range from the first message reaches them all.
    const answer = await realm.clientFor(HAMLET).flags.updateForNarrow({
      narrow: inTopic(),
      anchor: ids[0] ?? 0,
      num_before: 0,
      num_after: 10_000,
      op: 'add',
      flag: 'read',
    });
    expect(answer).toMatchObject({ processed_count: 3, last_processed_id: ids[2], found_newest: true });
  });
});

describe('flags.updateForNarrow: channel history and unsubscribed channels', () => {
  it('a channel narrow covers its history: messages the user never received count as processed, read already', async () => {
    const ids = await sendMany(3, 'Scotland', 'history');
    const cordelia = realm.clientFor('cordelia@zulip.com');
    const answer = await cordelia.flags.updateForNarrow({
      narrow: inTopic('Scotland', 'history'),
      anchor: 'oldest',
      num_before: 0,
      num_after: 10,
      op: 'add',
      flag: 'read',
    });
    expect(answer).toMatchObject({ processed_count: 3, updated_count: 0, first_processed_id: ids[0], last_processed_id: ids[2] });
    expect(ids.map((id) => setup.flagsOf('cordelia@zulip.com', id))).toEqual([undefined, undefined, undefined]);
  });

  it('starring channel history gives the user historical copies', async () => {
    const ids = await sendMany(2, 'Scotland', 'history');
    const cordelia = realm.clientFor('cordelia@zulip.com');
    const answer = await cordelia.flags.updateForNarrow({
      narrow: inTopic('Scotland', 'history'),
      anchor: 'oldest',
      num_before: 0,
      num_after: 10,
      op: 'add',
      flag: 'starred',
    });
    expect(answer).toMatchObject({ processed_count: 2, updated_count: 2 });
    expect([...(setup.flagsOf('cordelia@zulip.com', ids[0] ?? 0) ?? [])].sort()).toEqual(['historical', 'read', 'starred']);
  });

  it('marking unread skips channels the user is not subscribed to and names them', async () => {
    await sendMany(2, 'Scotland', 'history');
    const answer = await realm.clientFor('cordelia@zulip.com').flags.updateForNarrow({
      narrow: inTopic('Scotland', 'history'),
      anchor: 'newest',
      num_before: 10,
      num_after: 0,
      op: 'remove',
      flag: 'read',
    });
    expect(answer).toMatchObject({
      processed_count: 2,
      updated_count: 0,
      ignored_because_not_subscribed_channels: [realm.channelId('Scotland')],
    });
  });

  it('an is: term searches only the user’s own messages', async () => {
    await sendMany(2, 'Scotland', 'history');
    const answer = await realm.clientFor('cordelia@zulip.com').flags.updateForNarrow({
      narrow: inTopic('Scotland', 'history').is('unread'),
      anchor: 'oldest',
      num_before: 0,
      num_after: 10,
      op: 'add',
      flag: 'read',
    });
    expect(answer).toMatchObject({ processed_count: 0, first_processed_id: null });
  });
});

describe('flags.updateForNarrow: errors', () => {
  const base = { narrow: inTopic(), anchor: 'newest', num_before: 1, num_after: 0, op: 'add', flag: 'read' } as const;
  const BAD = { code: 'BAD_REQUEST', status: 400 };

  it('a narrow the server does not understand: BAD_NARROW; a malformed one: BAD_REQUEST', async () => {
    const hamlet = realm.clientFor(HAMLET);
    await expectApiError(hamlet.flags.updateForNarrow({ ...base, narrow: narrow().term('bogus', 'x') }), {
      code: 'BAD_NARROW',
      status: 400,
      msg: 'Invalid narrow operator: unknown operator bogus',
      desc: 'unknown operator bogus',
    });
    await expectApiError(hamlet.flags.updateForNarrow({ ...base, narrow: narrow().channel('Atlantis') }), {
      code: 'BAD_NARROW',
      status: 400,
      msg: 'Invalid narrow operator: unknown channel Atlantis',
    });
    const response = await realm.raw(
      HAMLET,
      'POST',
      '/messages/flags/narrow',
      new URLSearchParams({ anchor: 'newest', num_before: '1', num_after: '0', narrow: '[5]', op: 'add', flag: 'read' }),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ ...{ code: 'BAD_REQUEST' }, msg: 'Invalid narrow[0]: Value error, dict or list required' });
  });

  it('a bad anchor, and the anchor excluded inside the range', async () => {
    const send = (fields: Record<string, string>) =>
      realm.raw(HAMLET, 'POST', '/messages/flags/narrow', new URLSearchParams({ num_before: '1', num_after: '0', narrow: '[]', op: 'add', flag: 'read', ...fields }));
    for (const anchor of ['soon', 'date']) {
      const response = await send({ anchor });
      expect(await response.json()).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'Invalid anchor' });
    }
    await expectApiError(
      realm.clientFor(HAMLET).flags.updateForNarrow({ ...base, anchor: 5, include_anchor: false, num_before: 1, num_after: 1 }),
      { ...BAD, msg: 'The anchor can only be excluded at an end of the range' },
    );
  });

  it('bad flags and operations, with the messages of POST /messages/flags, and no event or change', async () => {
    const [id] = await sendMany(1);
    const hamlet = realm.clientFor(HAMLET);
    await expectApiError(hamlet.flags.updateForNarrow({ ...base, flag: 'bogus' as 'read' }), { ...BAD, msg: "Invalid flag: 'bogus'" });
    await expectApiError(hamlet.flags.updateForNarrow({ ...base, flag: 'mentioned' as 'read' }), {
      ...BAD,
      msg: "Flag not editable: 'mentioned'",
    });
    await expectApiError(hamlet.flags.updateForNarrow({ ...base, op: 'toggle' as 'add' }), {
      ...BAD,
      msg: "Invalid message flag operation: 'toggle'",
    });
    expect(setup.flagsOf(HAMLET, id ?? 0)).not.toContain('read');
  });

  it('missing parameters: REQUEST_VARIABLE_MISSING, and negative counts', async () => {
    const full: Record<string, string> = { anchor: 'newest', num_before: '1', num_after: '0', narrow: '[]', op: 'add', flag: 'read' };
    for (const name of Object.keys(full)) {
      const { [name]: _dropped, ...rest } = full;
      const response = await realm.raw(HAMLET, 'POST', '/messages/flags/narrow', new URLSearchParams(rest));
      expect(await response.json()).toEqual({ result: 'error', code: 'REQUEST_VARIABLE_MISSING', msg: `Missing '${name}' argument`, var_name: name });
    }
    const negative = await realm.raw(HAMLET, 'POST', '/messages/flags/narrow', new URLSearchParams({ ...full, num_before: '-1' }));
    expect(await negative.json()).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'num_before is too small' });
  });
});

describe('flags.updateForNarrow: events acceptance (register, act, apply, register again)', () => {
  for (const register of [{ event_types: ['message', 'update_message_flags'] }, {}]) {
    it(`marking a range read, then unread (${register.event_types ? 'message + update_message_flags' : 'every type'})`, async () => {
      const ids = await sendMany(3);
      const hamlet = realm.clientFor(HAMLET);
      const range = { narrow: inTopic(), anchor: 'oldest', num_before: 0, num_after: 2 } as const;
      const read = await verifyAction(hamlet, () => hamlet.flags.updateForNarrow({ ...range, op: 'add', flag: 'read' }), register);
      expect(read).toMatchObject([{ type: 'update_message_flags', op: 'add', flag: 'read', messages: ids.slice(0, 2), all: false }]);
      await verifyAction(hamlet, () => hamlet.flags.updateForNarrow({ ...range, op: 'remove', flag: 'read' }), register);
      await verifyAction(hamlet, () => hamlet.flags.updateForNarrow({ ...range, op: 'add', flag: 'starred' }), register);
    });
  }
});
