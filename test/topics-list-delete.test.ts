import { describe, expect, it } from 'vitest';
import { sendMessage } from '../mock/domain/messages/send';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();

const INVALID_CHANNEL = { code: 'BAD_REQUEST', status: 400, msg: 'Invalid channel ID' };
const BULK = { notification_settings_null: true, bulk_message_deletion: true };

function send(email: string, to: string, topic: string, content = 'x'): Promise<number> {
  return realm
    .clientFor(email)
    .messages.send({ type: 'channel', to, topic, content })
    .then(({ id }) => id);
}

/** Makes "core team" a channel with protected history and subscribes othello to it now. */
function protectHistoryAndSubscribeOthello(): number {
  const store = realm.mock.store;
  const coreTeam = realm.channelId('core team');
  store.tables.channel.update(coreTeam, { history_public_to_subscribers: false });
  store.tables.subscription.insert({
    id: store.ids.next('subscription'),
    user_id: realm.userId('othello@zulip.com'),
    channel_id: coreTeam,
    active: true,
    is_muted: false,
    color: '#c2c2c2',
  });
  return coreTeam;
}

describe('topics.list (GET /users/me/{stream_id}/topics)', () => {
  it('lists topics newest first with the ID of their latest message, named as that message writes it', async () => {
    const verona = realm.channelId('Verona');
    const lunch = await send('hamlet@zulip.com', 'Verona', 'lunch');
    const greeting = await send('othello@zulip.com', 'Verona', 'Greetings');
    await send('hamlet@zulip.com', 'Verona', 'lunch');
    const latestLunch = await send('hamlet@zulip.com', 'Verona', 'LUNCH');
    expect(lunch).toBeLessThan(greeting);
    const { topics } = await realm.clientFor('cordelia@zulip.com').topics.list({ stream_id: verona });
    expect(topics).toEqual([
      { name: 'LUNCH', max_id: latestLunch },
      { name: 'Greetings', max_id: greeting },
    ]);
  });

  it('shows the empty topic as its display name unless allow_empty_topic_name', async () => {
    const denmark = realm.channelId('Denmark');
    const id = await send('hamlet@zulip.com', 'Denmark', '');
    const hamlet = realm.clientFor('hamlet@zulip.com');
    expect((await hamlet.topics.list({ stream_id: denmark })).topics[0]).toEqual({ name: 'general chat', max_id: id });
    expect((await hamlet.topics.list({ stream_id: denmark, allow_empty_topic_name: true })).topics[0]).toEqual({
      name: '',
      max_id: id,
    });
  });

  it('an empty channel has no topics; a public channel lists for a member who is not subscribed', async () => {
    const scotland = realm.channelId('Scotland');
    const seeded = realm.mock.store.tables.channel.get(scotland)?.first_message_id ?? -1;
    await realm.clientFor('iago@zulip.com').messages.delete({ message_id: seeded });
    expect(await realm.clientFor('cordelia@zulip.com').topics.list({ stream_id: scotland })).toMatchObject({ topics: [] });
  });

  it('protected history: only the topics and messages the user received count', async () => {
    const coreTeam = realm.channelId('core team');
    await send('desdemona@zulip.com', 'core team', 'secret plans');
    await send('desdemona@zulip.com', 'core team', 'shared');
    protectHistoryAndSubscribeOthello();
    const newer = await send('hamlet@zulip.com', 'core team', 'shared');
    const othello = realm.clientFor('othello@zulip.com');
    expect((await othello.topics.list({ stream_id: coreTeam })).topics).toEqual([{ name: 'shared', max_id: newer }]);
    const desdemona = realm.clientFor('desdemona@zulip.com');
    expect((await desdemona.topics.list({ stream_id: coreTeam })).topics.map((topic) => topic.name)).toEqual([
      'shared',
      'secret plans',
      'plans',
    ]);
  });

  it('"Invalid channel ID" for an unknown channel, a private channel without access, a guest outside a public channel, an archived channel', async () => {
    const cases: [string, number][] = [
      ['hamlet@zulip.com', 999_999],
      ['othello@zulip.com', realm.channelId('core team')],
      ['shiva@zulip.com', realm.channelId('core team')],
      ['polonius@zulip.com', realm.channelId('Denmark')],
    ];
    for (const [email, stream_id] of cases) {
      await expectApiError(realm.clientFor(email).topics.list({ stream_id }), INVALID_CHANNEL);
    }
    realm.mock.store.tables.channel.update(realm.channelId('Verona'), { is_archived: true });
    await expectApiError(realm.clientFor('iago@zulip.com').topics.list({ stream_id: realm.channelId('Verona') }), INVALID_CHANNEL);
  });
});

describe('topics.delete (POST /streams/{stream_id}/delete_topic)', () => {
  it('deletes every message of the topic (any casing) and answers complete: true', async () => {
    const denmark = realm.channelId('Denmark');
    const ids = [await send('hamlet@zulip.com', 'Denmark', 'doomed'), await send('othello@zulip.com', 'Denmark', 'DOOMED')];
    const kept = await send('othello@zulip.com', 'Denmark', 'kept');
    const iago = realm.clientFor('iago@zulip.com');
    expect(await iago.topics.delete({ stream_id: denmark, topic_name: 'Doomed' })).toEqual({ complete: true });
    for (const message_id of ids) {
      await expectApiError(iago.messages.get({ message_id }), { code: 'BAD_REQUEST', status: 400, msg: 'Invalid message(s)' });
    }
    const names = (await iago.topics.list({ stream_id: denmark })).topics.map((topic) => topic.name);
    expect(names).toContain('kept');
    expect(names).not.toContain('DOOMED');
    expect(realm.mock.store.tables.message.get(kept)).toBeDefined();
  });

  it('deletes newest first in batches of 100, one delete_message event per batch (acceptance test)', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const ids: number[] = [];
    // Sent through the domain function: 230 HTTP round trips would only slow the test down.
    const othello = realm.mock.store.userByDeliveryEmail('othello@zulip.com');
    if (!othello) throw new Error('the default realm has othello');
    for (let index = 0; index < 230; index++) {
      ids.push(sendMessage(realm.mock.state, othello, 'test', { type: 'stream', to: 'Denmark', topic: 'flood', content: 'x' }).id);
    }
    await send('othello@zulip.com', 'Denmark', 'after the flood');
    const events = await verifyAction(
      hamlet,
      () => realm.clientFor('desdemona@zulip.com').topics.delete({ stream_id: realm.channelId('Denmark'), topic_name: 'flood' }),
      { event_types: ['message', 'delete_message'], client_capabilities: BULK },
    );
    const batches = events.map((event) => (event?.type === 'delete_message' ? event.message_ids : undefined));
    expect(batches).toEqual([ids.slice(130), ids.slice(30, 130), ids.slice(0, 30)]);
    expect(events[0]).toMatchObject({ message_type: 'stream', stream_id: realm.channelId('Denmark'), topic: 'flood' });
  });

  it("removes users' visibility policies for the deleted topic, with user_topic events", async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const denmark = realm.channelId('Denmark');
    await send('hamlet@zulip.com', 'Denmark', 'followed');
    await realm.clientFor('cordelia@zulip.com').topics.updatePreferences({ stream_id: denmark, topic: 'Followed', visibility_policy: 1 });
    const events = await verifyAction(
      hamlet,
      () => realm.clientFor('iago@zulip.com').topics.delete({ stream_id: denmark, topic_name: 'followed' }),
      { event_types: ['user_topic', 'delete_message'], client_capabilities: BULK },
    );
    expect(events.map((event) => event?.type)).toEqual(['delete_message', 'user_topic']);
    expect(events[1]).toMatchObject({ stream_id: denmark, topic_name: 'followed', visibility_policy: 0 });
    expect(realm.mock.store.userTopicsForTopic(denmark, 'followed')).toEqual([]);
  });

  // Regression: the server's event carries the request's topic_name, whatever casing each user's record has.
  it('the user_topic event names the topic as the request does, not as the record stored it (acceptance test)', async () => {
    const cordelia = realm.clientFor('cordelia@zulip.com');
    const denmark = realm.channelId('Denmark');
    await send('hamlet@zulip.com', 'Denmark', 'Castle Walls');
    await cordelia.topics.updatePreferences({ stream_id: denmark, topic: 'CASTLE walls', visibility_policy: 3 });
    const events = await verifyAction(
      cordelia,
      () => realm.clientFor('iago@zulip.com').topics.delete({ stream_id: denmark, topic_name: 'castle WALLS' }),
      { event_types: ['user_topic', 'delete_message'], client_capabilities: BULK },
    );
    expect(events.filter((event) => event?.type === 'user_topic')).toEqual([
      expect.objectContaining({ stream_id: denmark, topic_name: 'castle WALLS', visibility_policy: 0 }),
    ]);
  });

  // Regression: the spec reads "(no topic)" as the empty topic wherever a request takes a topic.
  it('"(no topic)" deletes the empty topic and its policies (acceptance test)', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const denmark = realm.channelId('Denmark');
    for (const empty_topic_name of [false, true]) {
      const id = await send('othello@zulip.com', 'Denmark', '');
      await hamlet.topics.updatePreferences({ stream_id: denmark, topic: '', visibility_policy: 1 });
      const events = await verifyAction(
        hamlet,
        () => realm.clientFor('iago@zulip.com').topics.delete({ stream_id: denmark, topic_name: '(no topic)' }),
        { event_types: ['user_topic', 'delete_message'], client_capabilities: { ...BULK, empty_topic_name } },
      );
      expect(events.map((event) => event?.type)).toEqual(['delete_message', 'user_topic']);
      const topic_name = empty_topic_name ? '' : 'general chat';
      expect(events[1]).toMatchObject({ stream_id: denmark, topic_name, visibility_policy: 0 });
      expect(realm.mock.store.tables.message.get(id)).toBeUndefined();
      expect(realm.mock.store.userTopicsForTopic(denmark, '')).toEqual([]);
    }
  });

  it('the empty topic display name deletes the empty topic; a topic without messages is complete at once', async () => {
    const denmark = realm.channelId('Denmark');
    const id = await send('hamlet@zulip.com', 'Denmark', '');
    const iago = realm.clientFor('iago@zulip.com');
    await iago.topics.delete({ stream_id: denmark, topic_name: 'general chat' });
    expect(realm.mock.store.tables.message.get(id)).toBeUndefined();
    expect(await iago.topics.delete({ stream_id: denmark, topic_name: 'nothing here' })).toMatchObject({ complete: true });
  });

  it('protected history: only the messages the administrator received go, and others keep their policies', async () => {
    const coreTeam = protectHistoryAndSubscribeOthello();
    const store = realm.mock.store;
    const iagoSubscription = store.subscription(realm.userId('iago@zulip.com'), coreTeam);
    const mine = await send('othello@zulip.com', 'core team', 'mixed');
    store.tables.subscription.update(iagoSubscription?.id ?? -1, { active: false });
    const hidden = await send('othello@zulip.com', 'core team', 'mixed');
    store.tables.subscription.update(iagoSubscription?.id ?? -1, { active: true });
    await realm.clientFor('iago@zulip.com').topics.delete({ stream_id: coreTeam, topic_name: 'mixed' });
    expect(store.tables.message.get(mine)).toBeUndefined();
    expect(store.tables.message.get(hidden)).toBeDefined();
    expect(store.userTopicsForTopic(coreTeam, 'mixed').map((record) => record.user_id)).toEqual([
      realm.userId('othello@zulip.com'),
    ]);
  });

  it('administrators and owners only: moderators, members and guests get UNAUTHORIZED_PRINCIPAL', async () => {
    const denmark = realm.channelId('Denmark');
    for (const email of ['shiva@zulip.com', 'hamlet@zulip.com', 'polonius@zulip.com']) {
      await expectApiError(realm.clientFor(email).topics.delete({ stream_id: denmark, topic_name: 'castle' }), {
        code: 'UNAUTHORIZED_PRINCIPAL',
        status: 400,
        msg: 'Must be an organization administrator',
      });
    }
    await realm.clientFor('desdemona@zulip.com').topics.delete({ stream_id: denmark, topic_name: 'castle' });
  });

  it('"Invalid channel ID" for an unknown channel and for a private channel the administrator is not in', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    await expectApiError(iago.topics.delete({ stream_id: 999_999, topic_name: 't' }), INVALID_CHANNEL);
    const coreTeam = realm.channelId('core team');
    const subscription = realm.mock.store.subscription(realm.userId('iago@zulip.com'), coreTeam);
    realm.mock.store.tables.subscription.update(subscription?.id ?? -1, { active: false });
    await expectApiError(iago.topics.delete({ stream_id: coreTeam, topic_name: 'plans' }), INVALID_CHANNEL);
  });
});
