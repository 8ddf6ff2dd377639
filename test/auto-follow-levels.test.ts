import { describe, expect, it } from 'vitest';
import { olderServerForAll } from './support/older-server';
import { verifyAction } from './support/verify-action';

const HAMLET = 'hamlet@zulip.com';
const IAGO = 'iago@zulip.com';
const OTHELLO = 'othello@zulip.com';
const FOLLOWED = 3;

const USER_TOPICS = { event_types: ['user_topic', 'message', 'reaction'] };

/** The user topic events among these. */
const userTopicEvents = (events: Awaited<ReturnType<typeof verifyAction>>) => events.filter((event) => event?.type === 'user_topic');

describe('automatic follow and unmute before their settings existed', () => {
  it('below 214 sending, starting a topic in a muted channel or reacting follows and unmutes nothing (acceptance test)', async () => {
    const { mock, clientFor, userId } = olderServerForAll(213);
    const hamlet = clientFor(HAMLET);
    const othello = clientFor(OTHELLO);
    const scotland = mock.store.channelByName('Scotland')!.id;
    // The settings' defaults (on initiation, on send) would follow and unmute here from 214.
    const sent = userTopicEvents(await verifyAction(hamlet, () => hamlet.messages.send({ type: 'channel', to: 'Verona', topic: 'new plans', content: 'hi' }), USER_TOPICS));
    expect(sent).toEqual([]);
    await othello.subscriptions.updateSettings({ subscription_data: [{ stream_id: scotland, property: 'is_muted', value: true }] });
    const muted = userTopicEvents(await verifyAction(othello, () => othello.messages.send({ type: 'channel', to: 'Scotland', topic: 'quiet', content: 'hi' }), USER_TOPICS));
    expect(muted).toEqual([]);
    const { id } = await clientFor(IAGO).messages.send({ type: 'channel', to: 'Verona', topic: 'new plans', content: 'reply' });
    const reacted = userTopicEvents(await verifyAction(hamlet, () => hamlet.reactions.add({ message_id: id, emoji_name: 'smile' }), USER_TOPICS));
    expect(reacted).toEqual([]);
    expect(mock.store.userTopic(userId(HAMLET)!, mock.store.channelByName('Verona')!.id, 'new plans')).toBeUndefined();
    expect(mock.store.userTopic(userId(OTHELLO)!, scotland, 'quiet')).toBeUndefined();
  });

  it('from 218 the sender who starts a topic follows it (by default); below 235 a mention follows nothing (acceptance test)', async () => {
    const { mock, clientFor, userId } = olderServerForAll(234);
    const hamlet = clientFor(HAMLET);
    const started = userTopicEvents(await verifyAction(hamlet, () => hamlet.messages.send({ type: 'channel', to: 'Verona', topic: 'new plans', content: 'hi' }), USER_TOPICS));
    expect(started).toEqual([expect.objectContaining({ type: 'user_topic', topic_name: 'new plans', visibility_policy: FOLLOWED })]);
    const iago = clientFor(IAGO);
    const mentioned = userTopicEvents(await verifyAction(clientFor(OTHELLO), () => iago.messages.send({ type: 'channel', to: 'Verona', topic: 'elsewhere', content: '@**Othello, the Moor of Venice**' }), USER_TOPICS));
    expect(mentioned).toEqual([]);
    expect(mock.store.userTopic(userId(OTHELLO)!, mock.store.channelByName('Verona')!.id, 'elsewhere')).toBeUndefined();
  });

  it('from 235 a mention follows the topic', async () => {
    const { mock, clientFor, userId } = olderServerForAll(235);
    await clientFor(IAGO).messages.send({ type: 'channel', to: 'Verona', topic: 'elsewhere', content: '@**Othello, the Moor of Venice**' });
    expect(mock.store.userTopic(userId(OTHELLO)!, mock.store.channelByName('Verona')!.id, 'elsewhere')?.visibility_policy).toBe(FOLLOWED);
  });

  it('from 214 to 217 both settings were "never" by default, so nothing follows or unmutes by itself; from 218 "on initiation" and "on send" (b0d588bd98, migration 0482)', async () => {
    const NEVER = 4;
    for (const [level, follow, unmute] of [
      [214, NEVER, NEVER],
      [217, NEVER, NEVER],
      [218, FOLLOWED, 2],
    ] as const) {
      const { mock, clientFor } = olderServerForAll(level);
      const hamlet = clientFor(HAMLET);
      const state = await hamlet.events.register({ event_types: ['user_settings', 'realm_user_settings_defaults'], client_capabilities: { notification_settings_null: true, user_settings_object: true } });
      const defaults = { automatically_follow_topics_policy: follow, automatically_unmute_topics_in_muted_streams_policy: unmute };
      expect(state.user_settings, `level ${level}`).toMatchObject(defaults);
      expect(state.realm_user_settings_defaults, `level ${level}`).toMatchObject(defaults);
      const started = userTopicEvents(await verifyAction(hamlet, () => hamlet.messages.send({ type: 'channel', to: 'Verona', topic: `new at ${level}`, content: 'hi' }), USER_TOPICS));
      expect(started, `level ${level}`).toHaveLength(follow === NEVER ? 0 : 1);
      const othello = clientFor(OTHELLO);
      const scotland = mock.store.channelByName('Scotland')!.id;
      await othello.subscriptions.updateSettings({ subscription_data: [{ stream_id: scotland, property: 'is_muted', value: true }] });
      const unmuted = userTopicEvents(await verifyAction(othello, () => othello.messages.send({ type: 'channel', to: 'Scotland', topic: `quiet at ${level}`, content: 'hi' }), USER_TOPICS));
      expect(unmuted, `level ${level}`).toHaveLength(unmute === NEVER ? 0 : 1);
    }
  });
});
