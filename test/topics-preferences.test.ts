import { describe, expect, it } from 'vitest';
import { setVisibilityPolicy, VisibilityPolicy as MockPolicy } from '../mock/domain/user-topics';
import { VisibilityPolicy } from '../src/index';
import { apiFailure, expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();

const bad = (msg: string) => ({ code: 'BAD_REQUEST', status: 400, msg });

async function userTopics(email: string, emptyTopicName = false) {
  const client = realm.clientFor(email);
  const state = await client.events.register({
    event_types: ['user_topic'],
    client_capabilities: { notification_settings_null: true, empty_topic_name: emptyTopicName },
  });
  await client.events.delete({ queue_id: state.queue_id ?? '' });
  return (state.user_topics ?? []).map(({ stream_id, topic_name, visibility_policy }) => ({
    stream_id,
    topic_name,
    visibility_policy,
  }));
}

describe('topics.updatePreferences (POST /user_topics)', () => {
  // One test per value: on two loaded cores the four acceptance runs together neared the test time limit.
  it.each([1, 2, 3, 0])('visibility_policy %i, with the events acceptance test', async (visibility_policy) => {
    const cordelia = realm.clientFor('cordelia@zulip.com');
    const stream_id = realm.channelId('Denmark');
    if (visibility_policy === 0) await cordelia.topics.updatePreferences({ stream_id, topic: 'lunch', visibility_policy: 1 });
    const events = await verifyAction(
      cordelia,
      () => cordelia.topics.updatePreferences({ stream_id, topic: 'lunch', visibility_policy }),
      { event_types: ['user_topic'] },
    );
    expect(events).toEqual([
      expect.objectContaining({ type: 'user_topic', stream_id, topic_name: 'lunch', visibility_policy }),
    ]);
    const expected = visibility_policy === 0 ? [] : [{ stream_id, topic_name: 'lunch', visibility_policy }];
    expect(await userTopics('cordelia@zulip.com')).toEqual(expected);
  });

  it('passes the acceptance test with every implemented event type registered', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const events = await verifyAction(hamlet, () =>
      hamlet.topics.updatePreferences({ stream_id: realm.channelId('Verona'), topic: 'x', visibility_policy: 1 }),
    );
    expect(events.map((event) => event?.type)).toEqual(['muted_topics', 'user_topic']);
  });

  it('works for a topic with no messages and in a public channel the user is not subscribed to', async () => {
    const stream_id = realm.channelId('Scotland');
    await realm
      .clientFor('cordelia@zulip.com')
      .topics.updatePreferences({ stream_id, topic: 'never written', visibility_policy: VisibilityPolicy.FOLLOWED });
    expect(await userTopics('cordelia@zulip.com')).toEqual([
      { stream_id, topic_name: 'never written', visibility_policy: 3 },
    ]);
  });

  it('setting the current value again, or 0 without a policy, is a silent no-op', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const stream_id = realm.channelId('Denmark');
    await hamlet.topics.updatePreferences({ stream_id, topic: 'quiet', visibility_policy: 1 });
    const again = await verifyAction(hamlet, () =>
      hamlet.topics.updatePreferences({ stream_id, topic: 'QUIET', visibility_policy: 1 }),
    );
    const none = await verifyAction(hamlet, () =>
      hamlet.topics.updatePreferences({ stream_id, topic: 'never muted', visibility_policy: 0 }),
    );
    expect([again, none]).toEqual([[], []]);
  });

  it('compares topics case-insensitively and keeps the first casing', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const stream_id = realm.channelId('Denmark');
    await hamlet.topics.updatePreferences({ stream_id, topic: 'Lunch', visibility_policy: 1 });
    // The event names the topic as asked; applyEvent keeps the stored casing, as a fresh register shows.
    const events = await verifyAction(hamlet, () => hamlet.topics.updatePreferences({ stream_id, topic: 'lunch', visibility_policy: 3 }), { event_types: ['user_topic'] });
    expect(events).toEqual([expect.objectContaining({ type: 'user_topic', topic_name: 'lunch', visibility_policy: 3 })]);
    expect(await userTopics('hamlet@zulip.com')).toEqual([{ stream_id, topic_name: 'Lunch', visibility_policy: 3 }]);
  });

  it('reads "(no topic)" (the spec) as the empty topic', async () => {
    const stream_id = realm.channelId('Denmark');
    await realm.clientFor('othello@zulip.com').topics.updatePreferences({ stream_id, topic: '(no topic)', visibility_policy: 3 });
    expect(await userTopics('othello@zulip.com', true)).toEqual([{ stream_id, topic_name: '', visibility_policy: 3 }]);
  });

  it('reads the empty topic display name as the empty topic', async () => {
    const stream_id = realm.channelId('Denmark');
    await realm
      .clientFor('othello@zulip.com')
      .topics.updatePreferences({ stream_id, topic: 'general chat', visibility_policy: 1 });
    expect(await userTopics('othello@zulip.com', true)).toEqual([{ stream_id, topic_name: '', visibility_policy: 1 }]);
    expect(await userTopics('othello@zulip.com', false)).toEqual([
      { stream_id, topic_name: 'general chat', visibility_policy: 1 },
    ]);
  });

  it('accepts a topic of exactly 60 characters (counted as code points) and refuses 61', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const stream_id = realm.channelId('Denmark');
    await hamlet.topics.updatePreferences({ stream_id, topic: '🐙'.repeat(60), visibility_policy: 1 });
    await expectApiError(
      hamlet.topics.updatePreferences({ stream_id, topic: 'x'.repeat(61), visibility_policy: 1 }),
      bad('topic is too long (limit: 60 characters)'),
    );
  });

  // Regression: the server checks the topic's length as it reads the parameter, before visibility_policy.
  it('the topic length is checked before visibility_policy, and counts an emoji as one character', async () => {
    const stream_id = String(realm.channelId('Denmark'));
    const post = (fields: Record<string, string>) =>
      realm.raw('hamlet@zulip.com', 'POST', '/user_topics', new URLSearchParams({ stream_id, ...fields }));
    const tooLong = { result: 'error', msg: 'topic is too long (limit: 60 characters)', code: 'BAD_REQUEST' };
    for (const rest of [{ visibility_policy: '7' }, { visibility_policy: 'abc' }, {}] as Record<string, string>[]) {
      const response = await post({ topic: 'x'.repeat(61), ...rest });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual(tooLong);
    }
    const response = await post({ topic: '🐙'.repeat(61), visibility_policy: '1' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(tooLong);
  });

  it('refuses a visibility_policy outside 0..3 with the server message', async () => {
    for (const visibility_policy of [4, -1]) {
      await expectApiError(
        realm
          .clientFor('hamlet@zulip.com')
          .topics.updatePreferences({ stream_id: realm.channelId('Denmark'), topic: 't', visibility_policy }),
        bad('Invalid visibility_policy: Value error, Not in the list of possible values'),
      );
    }
  });

  it('refuses a missing parameter with REQUEST_VARIABLE_MISSING', async () => {
    const response = await realm.raw(
      'hamlet@zulip.com',
      'POST',
      '/user_topics',
      new URLSearchParams({ topic: 't', visibility_policy: '1' }),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      result: 'error',
      msg: "Missing 'stream_id' argument",
      code: 'REQUEST_VARIABLE_MISSING',
      var_name: 'stream_id',
    });
  });

  it('"Invalid channel ID" for an unknown channel, a private channel without access, a guest in an unsubscribed public channel', async () => {
    const cases: [string, number][] = [
      ['hamlet@zulip.com', 999_999],
      ['hamlet@zulip.com', realm.userId('othello@zulip.com')],
      ['othello@zulip.com', realm.channelId('core team')],
      ['shiva@zulip.com', realm.channelId('core team')],
      ['polonius@zulip.com', realm.channelId('Denmark')],
    ];
    for (const [email, stream_id] of cases) {
      await expectApiError(
        realm.clientFor(email).topics.updatePreferences({ stream_id, topic: 't', visibility_policy: 1 }),
        bad('Invalid channel ID'),
      );
    }
    await realm
      .clientFor('polonius@zulip.com')
      .topics.updatePreferences({ stream_id: realm.channelId('Verona'), topic: 't', visibility_policy: 2 });
  });

  it('an archived channel refuses a policy but lets one be removed; removal needs only an existing channel', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const stream_id = realm.channelId('Denmark');
    await hamlet.topics.updatePreferences({ stream_id, topic: 't', visibility_policy: 1 });
    realm.mock.store.tables.channel.update(stream_id, { is_archived: true });
    await expectApiError(
      hamlet.topics.updatePreferences({ stream_id, topic: 't', visibility_policy: 3 }),
      bad('Invalid channel ID'),
    );
    await hamlet.topics.updatePreferences({ stream_id, topic: 't', visibility_policy: 0 });
    expect(await userTopics('hamlet@zulip.com')).toEqual([]);
    await realm
      .clientFor('othello@zulip.com')
      .topics.updatePreferences({ stream_id: realm.channelId('core team'), topic: 't', visibility_policy: 0 });
    await expectApiError(
      hamlet.topics.updatePreferences({ stream_id: 999_999, topic: 't', visibility_policy: 0 }),
      bad('Invalid channel ID'),
    );
  });

  // Regression: the server's register lists no policy of an archived channel (get_user_topics).
  it('register leaves out the policies of archived channels; archiving passes the acceptance test', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const [scotland, denmark] = [realm.channelId('Scotland'), realm.channelId('Denmark')];
    await hamlet.topics.updatePreferences({ stream_id: scotland, topic: 'moors', visibility_policy: 1 });
    await hamlet.topics.updatePreferences({ stream_id: scotland, topic: 'lochs', visibility_policy: 3 });
    await hamlet.topics.updatePreferences({ stream_id: denmark, topic: 'castle', visibility_policy: 1 });
    const capabilities = { notification_settings_null: true, archived_channels: true };
    for (const event_types of [['user_topic', 'stream'], ['muted_topics', 'stream']]) {
      const events = await verifyAction(hamlet, () => realm.clientFor('iago@zulip.com').channels.archive({ stream_id: scotland }), {
        event_types,
        client_capabilities: capabilities,
      });
      expect(events).toContainEqual(expect.objectContaining({ type: 'stream', op: 'update', property: 'is_archived', value: true }));
      await realm.clientFor('iago@zulip.com').channels.update({ stream_id: scotland, is_archived: false });
    }
    realm.mock.store.tables.channel.update(scotland, { is_archived: true });
    expect(await userTopics('hamlet@zulip.com')).toEqual([{ stream_id: denmark, topic_name: 'castle', visibility_policy: 1 }]);
  });
});

describe('topics.muteLegacy (PATCH /users/me/subscriptions/muted_topics)', () => {
  it('mutes by channel name and unmutes by channel ID, with user_topic events', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const stream_id = realm.channelId('Denmark');
    const muted = await verifyAction(hamlet, () => hamlet.topics.muteLegacy({ stream: 'denmark', topic: 'castle', op: 'add' }), {
      event_types: ['user_topic'],
    });
    expect(muted).toEqual([expect.objectContaining({ type: 'user_topic', stream_id, visibility_policy: 1 })]);
    const unmuted = await verifyAction(hamlet, () => hamlet.topics.muteLegacy({ stream_id, topic: 'castle', op: 'remove' }), {
      event_types: ['user_topic'],
    });
    expect(unmuted).toEqual([expect.objectContaining({ type: 'user_topic', stream_id, visibility_policy: 0 })]);
    expect(await userTopics('hamlet@zulip.com')).toEqual([]);
  });

  it('muting a muted topic and unmuting an unmuted one succeed silently (feature level 170+)', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const stream_id = realm.channelId('Denmark');
    await hamlet.topics.muteLegacy({ stream_id, topic: 'castle', op: 'add' });
    const repeated = await verifyAction(hamlet, async () => {
      await hamlet.topics.muteLegacy({ stream_id, topic: 'castle', op: 'add' });
      await hamlet.topics.muteLegacy({ stream_id, topic: 'never muted', op: 'remove' });
    });
    expect(repeated).toEqual([]);
  });

  it('mute replaces a followed policy; it is the same record as POST /user_topics', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const stream_id = realm.channelId('Denmark');
    await hamlet.topics.updatePreferences({ stream_id, topic: 'castle', visibility_policy: 3 });
    await hamlet.topics.muteLegacy({ stream_id, topic: 'Castle', op: 'add' });
    expect(await userTopics('hamlet@zulip.com')).toEqual([{ stream_id, topic_name: 'castle', visibility_policy: 1 }]);
  });

  it('needs exactly one of stream_id and stream', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const neither = await apiFailure(hamlet.topics.muteLegacy({ topic: 't', op: 'add' }));
    expect({ code: neither.code, status: neither.status, msg: neither.msg }).toEqual({
      code: 'BAD_REQUEST',
      status: 400,
      msg: "Missing 'stream_id' argument",
    });
    expect(neither.data).not.toHaveProperty('var_name');
    await expectApiError(hamlet.topics.muteLegacy({ stream_id: realm.channelId('Denmark'), stream: 'Denmark', topic: 't', op: 'add' }), {
      ...bad('Unsupported parameter combination: stream_id, stream'),
      parameters: 'stream_id, stream',
    });
  });

  it('muting needs access to the channel: the by-name and by-ID errors', async () => {
    const othello = realm.clientFor('othello@zulip.com');
    await expectApiError(othello.topics.muteLegacy({ stream: 'Atlantis', topic: 't', op: 'add' }), bad("Invalid channel name 'Atlantis'"));
    await expectApiError(othello.topics.muteLegacy({ stream: 'core team', topic: 't', op: 'add' }), bad("Invalid channel name 'core team'"));
    await expectApiError(
      othello.topics.muteLegacy({ stream_id: realm.channelId('core team'), topic: 't', op: 'add' }),
      bad('Invalid channel ID'),
    );
  });

  it('unmuting an unknown channel is "Topic is not muted"; a channel the user lost access to still works', async () => {
    const othello = realm.clientFor('othello@zulip.com');
    await expectApiError(othello.topics.muteLegacy({ stream: 'Atlantis', topic: 't', op: 'remove' }), bad('Topic is not muted'));
    await expectApiError(othello.topics.muteLegacy({ stream_id: 999_999, topic: 't', op: 'remove' }), bad('Topic is not muted'));
    const coreTeam = realm.channelId('core team');
    setVisibilityPolicy(realm.mock.state, realm.userId('othello@zulip.com'), coreTeam, 'old', MockPolicy.MUTED);
    await othello.topics.muteLegacy({ stream: 'core team', topic: 'old', op: 'remove' });
    expect(await userTopics('othello@zulip.com')).toEqual([]);
  });

  it('refuses an unknown op and an over-long topic with the server messages', async () => {
    const patch = (fields: Record<string, string>) =>
      realm.raw('hamlet@zulip.com', 'PATCH', '/users/me/subscriptions/muted_topics', new URLSearchParams(fields));
    const response = await patch({ stream: 'Denmark', topic: 't', op: 'toggle' });
    expect(await response.json()).toEqual({ result: 'error', msg: 'Invalid op', code: 'BAD_REQUEST' });
    // The topic comes before op, and before the check for exactly one channel argument.
    for (const fields of [{ stream: 'Denmark', op: 'toggle' }, { op: 'add' }] as Record<string, string>[]) {
      const long = await patch({ ...fields, topic: 'y'.repeat(61) });
      expect(long.status).toBe(400);
      expect(await long.json()).toEqual({ result: 'error', msg: 'topic is too long (limit: 60 characters)', code: 'BAD_REQUEST' });
    }
    await expectApiError(
      realm.clientFor('hamlet@zulip.com').topics.muteLegacy({ stream: 'Denmark', topic: 'y'.repeat(61), op: 'add' }),
      bad('topic is too long (limit: 60 characters)'),
    );
  });
});
