import { describe, expect, it } from 'vitest';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();

const CORDELIA = 'cordelia@zulip.com';
const seconds = () => Math.floor(realm.clock.now() / 1000);

function setPolicy(topic: string, visibility_policy: number, channel = 'Denmark') {
  return realm.clientFor(CORDELIA).topics.updatePreferences({ stream_id: realm.channelId(channel), topic, visibility_policy });
}

describe('legacy muted_topics (state and event)', () => {
  it('register with muted_topics: the muted topics as [channel, topic, muted at]; muting sends the whole list', async () => {
    const cordelia = realm.clientFor(CORDELIA);
    await setPolicy('lunch', 1);
    const mutedAt = seconds();
    const state = await cordelia.events.register({ event_types: ['muted_topics'] });
    expect(state.muted_topics).toEqual([['Denmark', 'lunch', mutedAt]]);
    expect(state).not.toHaveProperty('user_topics');
    const events = await verifyAction(cordelia, () => setPolicy('dinner', 1, 'Verona'), { event_types: ['muted_topics'] });
    expect(events).toEqual([
      expect.objectContaining({
        type: 'muted_topics',
        muted_topics: [
          ['Denmark', 'lunch', mutedAt],
          ['Verona', 'dinner', seconds()],
        ],
      }),
    ]);
  });

  it('only muted topics are listed, and any policy change sends the list (following, unmuting)', async () => {
    const cordelia = realm.clientFor(CORDELIA);
    await setPolicy('lunch', 1);
    const follow = await verifyAction(cordelia, () => setPolicy('plans', 3), { event_types: ['muted_topics'] });
    expect(follow).toMatchObject([{ type: 'muted_topics', muted_topics: [['Denmark', 'lunch', expect.any(Number)]] }]);
    const unmute = await verifyAction(cordelia, () => setPolicy('lunch', 0), { event_types: ['muted_topics'] });
    expect(unmute).toMatchObject([{ type: 'muted_topics', muted_topics: [] }]);
  });

  it('a queue that also asked for user_topic gets neither the legacy event nor the legacy state', async () => {
    const cordelia = realm.clientFor(CORDELIA);
    const register = { event_types: ['muted_topics', 'user_topic'] };
    expect(await cordelia.events.register(register)).not.toHaveProperty('muted_topics');
    const events = await verifyAction(cordelia, () => setPolicy('lunch', 1), register);
    expect(events.map((event) => event?.type)).toEqual(['user_topic']);
  });

  it('a queue with no event_types gets both, muted_topics first (the acceptance test holds)', async () => {
    const cordelia = realm.clientFor(CORDELIA);
    const state = await cordelia.events.register();
    expect(state.muted_topics).toEqual([]);
    expect(state.user_topics).toEqual([]);
    const events = await verifyAction(cordelia, () => setPolicy('lunch', 1));
    expect(events.map((event) => event?.type)).toEqual(['muted_topics', 'user_topic']);
  });

  it('other users get nothing; a queue without muted_topics gets nothing', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const events = await verifyAction(hamlet, () => setPolicy('lunch', 1), { event_types: ['muted_topics'] });
    expect(events).toEqual([]);
    const cordelia = realm.clientFor(CORDELIA);
    expect(await verifyAction(cordelia, () => setPolicy('tea', 1), { event_types: ['message'] })).toEqual([]);
  });

  it('topics of archived channels are left out', async () => {
    await setPolicy('lunch', 1);
    await setPolicy('walls', 1, 'Verona');
    realm.mock.store.tables.channel.update(realm.channelId('Denmark'), { is_archived: true });
    const state = await realm.clientFor(CORDELIA).events.register({ event_types: ['muted_topics'] });
    expect(state.muted_topics).toEqual([['Verona', 'walls', expect.any(Number)]]);
  });

  it('renaming a channel renames it in muted_topics: the server sends no event for it, a fresh registration names the channel anew', async () => {
    const mutedAt = seconds();
    await setPolicy('lunch', 1);
    await setPolicy('walls', 1, 'Verona');
    const cordelia = realm.clientFor(CORDELIA);
    const denmark = realm.channelId('Denmark');
    const events = await verifyAction(cordelia, () => realm.clientFor('iago@zulip.com').channels.update({ stream_id: denmark, new_name: 'Danmark' }), {
      event_types: ['muted_topics', 'stream'],
    });
    expect(events).toEqual([expect.objectContaining({ type: 'stream', op: 'update', stream_id: denmark, property: 'name', name: 'Denmark', value: 'Danmark' })]);
    const state = await cordelia.events.register({ event_types: ['muted_topics'] });
    expect(state.muted_topics).toEqual([
      ['Danmark', 'lunch', mutedAt],
      ['Verona', 'walls', mutedAt],
    ]);
  });
});
