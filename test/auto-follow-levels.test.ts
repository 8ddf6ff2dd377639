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

  it('from 214 the sender who starts a topic follows it; below 235 a mention follows nothing (acceptance test)', async () => {
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
});
