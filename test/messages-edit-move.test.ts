import { describe, expect, it } from 'vitest';
import { setVisibilityPolicy, VisibilityPolicy } from '../mock/domain/user-topics';
import { createMockServer } from '../mock/index';
import { ApiError, MoveMessagesTimeLimitExceededError } from '../src/index';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();

const HAMLET = 'hamlet@zulip.com';
const WEEK_MS = 7 * 24 * 3600 * 1000;

const now = () => Math.floor(realm.clock.now() / 1000);
const stored = (id: number) => realm.mock.store.tables.message.get(id);
const hamletMention = () => `@_**King Hamlet|${realm.userId(HAMLET)}**`;
const badRequest = (msg: string) => ({ code: 'BAD_REQUEST', status: 400, msg });

/** Sends `count` messages to a Denmark topic as `sender`; returns their IDs. */
async function sendMany(count: number, topic = 'a', sender = HAMLET, to = 'Denmark'): Promise<number[]> {
  const ids: number[] = [];
  for (let index = 0; index < count; index++) {
    ids.push((await realm.clientFor(sender).messages.send({ type: 'channel', to, topic, content: `m${index}` })).id);
  }
  return ids;
}

/** The Notification Bot's messages, oldest first, as [channel name, topic, content]. */
function notices(): [string | undefined, string, string][] {
  const bot = realm.mock.store.systemBotByEmail('notification-bot@zulip.com');
  if (!bot) return [];
  return realm.mock.store.tables.message
    .all()
    .filter((message) => message.sender_id === bot.id)
    .map((message) => [realm.mock.store.tables.channel.get(message.channel_id ?? 0)?.name, message.topic, message.content]);
}

const topicsOf = (ids: number[]) => ids.map((id) => stored(id)?.topic);

describe('topic moves and propagate_mode', () => {
  it('change_one moves only the message, records the move, and tells the new topic with a link', async () => {
    const [first, second, third] = await sendMany(3);
    realm.clock.advance(5_000);
    await realm.clientFor(HAMLET).messages.update({ message_id: second ?? 0, topic: 'b' });
    expect(topicsOf([first ?? 0, second ?? 0, third ?? 0])).toEqual(['a', 'b', 'a']);
    const { message } = await realm.clientFor('othello@zulip.com').messages.get({ message_id: second ?? 0 });
    expect(message).toMatchObject({ subject: 'b', last_moved_timestamp: now() });
    expect(message).not.toHaveProperty('last_edit_timestamp');
    expect(message.edit_history).toEqual([{ user_id: realm.userId(HAMLET), timestamp: now(), prev_topic: 'a', topic: 'b' }]);
    const channelId = realm.channelId('Denmark');
    expect(notices()).toEqual([
      [
        'Denmark',
        'b',
        `[A message](http://chat.test/#narrow/channel/${channelId}-Denmark/topic/b/near/${second}) was moved here from #**Denmark>a** by ${hamletMention()}.`,
      ],
    ]);
  });

  it('change_later moves the message and the later ones; the old topic is told when asked', async () => {
    const ids = await sendMany(3);
    await realm.clientFor('othello@zulip.com').messages.update({
      message_id: ids[1] ?? 0,
      topic: 'b',
      propagate_mode: 'change_later',
      send_notification_to_old_thread: true,
    });
    expect(topicsOf(ids)).toEqual(['a', 'b', 'b']);
    const mention = `@_**Othello, the Moor of Venice|${realm.userId('othello@zulip.com')}**`;
    expect(notices()).toEqual([
      ['Denmark', 'b', `2 messages were moved here from #**Denmark>a** by ${mention}.`],
      ['Denmark', 'a', `2 messages were moved from this topic to #**Denmark>b** by ${mention}.`],
    ]);
    // Only the edited message's own history entry counts; the others get the same move entry.
    expect(stored(ids[2] ?? 0)?.edit_history).toEqual([{ user_id: realm.userId('othello@zulip.com'), timestamp: now(), prev_topic: 'a', topic: 'b' }]);
  });

  it('change_all moves the whole topic (topics compare case-insensitively) and says so in both topics', async () => {
    const ids = [...(await sendMany(2, 'a')), ...(await sendMany(1, 'A', 'iago@zulip.com'))];
    await realm.clientFor(HAMLET).messages.update({
      message_id: ids[0] ?? 0,
      topic: 'b',
      propagate_mode: 'change_all',
      send_notification_to_old_thread: true,
    });
    expect(topicsOf(ids)).toEqual(['b', 'b', 'b']);
    expect(notices()).toEqual([
      ['Denmark', 'b', `This topic was moved here from #**Denmark>a** by ${hamletMention()}.`],
      ['Denmark', 'a', `This topic was moved to #**Denmark>b** by ${hamletMention()}.`],
    ]);
  });

  it('a move within the channel takes the history the editor cannot see, to keep the topic together', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const othello = realm.clientFor('othello@zulip.com');
    await hamlet.subscriptions.add({ subscriptions: [{ name: 'secret' }], invite_only: true });
    const before = (await hamlet.messages.send({ type: 'channel', to: 'secret', topic: 't', content: 'before othello' })).id;
    await hamlet.subscriptions.add({ subscriptions: [{ name: 'secret' }], principals: [realm.userId('othello@zulip.com')] });
    const own = (await othello.messages.send({ type: 'channel', to: 'secret', topic: 't', content: 'mine' })).id;
    await expectApiError(othello.messages.get({ message_id: before }), badRequest('Invalid message(s)'));
    const events = await verifyAction(hamlet, () => othello.messages.update({ message_id: own, topic: 'u', propagate_mode: 'change_all' }));
    expect(events.find((event) => event?.type === 'update_message')).toMatchObject({ message_ids: [before, own] });
    expect(topicsOf([before, own])).toEqual(['u', 'u']);
  });

  it('a name the #**channel>topic** syntax cannot carry is linked as a plain Markdown link, escaped', async () => {
    const [id] = await sendMany(1, 'Q&A *notes*');
    await realm.clientFor(HAMLET).messages.update({ message_id: id ?? 0, topic: 'done', propagate_mode: 'change_all', send_notification_to_old_thread: true });
    const link = `[#Denmark > Q&amp;A &#42;notes&#42;](#narrow/channel/${realm.channelId('Denmark')}-Denmark/topic/Q.26A.20*notes*)`;
    expect(notices()).toEqual([
      ['Denmark', 'done', `This topic was moved here from ${link} by ${hamletMention()}.`],
      ['Denmark', 'Q&A *notes*', `This topic was moved to #**Denmark>done** by ${hamletMention()}.`],
    ]);
    const { message } = await realm.clientFor(HAMLET).messages.get({ message_id: id ?? 0 });
    expect(message.topic_links).toEqual([]);
  });

  it('moving into a topic with messages counts them in the notice; no notice when asked for none', async () => {
    await sendMany(1, 'b');
    const ids = await sendMany(2, 'a');
    await realm.clientFor(HAMLET).messages.update({ message_id: ids[0] ?? 0, topic: 'b', propagate_mode: 'change_all' });
    expect(notices()).toEqual([['Denmark', 'b', `2 messages were moved here from #**Denmark>a** by ${hamletMention()}.`]]);
    const [other] = await sendMany(1, 'c');
    await realm.clientFor(HAMLET).messages.update({ message_id: other ?? 0, topic: 'd', send_notification_to_new_thread: false });
    expect(notices()).toHaveLength(1);
  });

  it('moves the users’ topic visibility policies with a whole topic, merging into the new topic', async () => {
    await sendMany(1, 'b', 'cordelia@zulip.com');
    const [id] = await sendMany(1);
    const denmark = realm.channelId('Denmark');
    const othello = realm.userId('othello@zulip.com');
    setVisibilityPolicy(realm.mock.state, othello, denmark, 'a', VisibilityPolicy.MUTED);
    setVisibilityPolicy(realm.mock.state, othello, denmark, 'b', VisibilityPolicy.UNMUTED);
    const cordelia = realm.userId('cordelia@zulip.com');
    setVisibilityPolicy(realm.mock.state, cordelia, denmark, 'a', VisibilityPolicy.FOLLOWED);
    await realm.clientFor(HAMLET).messages.update({ message_id: id ?? 0, topic: 'b', propagate_mode: 'change_all' });
    const policy = (userId: number, topic: string) => realm.mock.store.userTopic(userId, denmark, topic)?.visibility_policy;
    expect([policy(othello, 'a'), policy(othello, 'b')]).toEqual([undefined, VisibilityPolicy.UNMUTED]);
    expect([policy(cordelia, 'a'), policy(cordelia, 'b')]).toEqual([undefined, VisibilityPolicy.FOLLOWED]);
    expect(policy(realm.userId(HAMLET), 'b')).toBe(VisibilityPolicy.FOLLOWED);
    // Into a topic without messages the policy moves as it is, even a mute.
    setVisibilityPolicy(realm.mock.state, othello, denmark, 'b', VisibilityPolicy.MUTED);
    setVisibilityPolicy(realm.mock.state, othello, denmark, 'c', VisibilityPolicy.UNMUTED);
    await realm.clientFor(HAMLET).messages.update({ message_id: id ?? 0, topic: 'c', propagate_mode: 'change_all' });
    expect([policy(othello, 'b'), policy(othello, 'c')]).toEqual([undefined, VisibilityPolicy.MUTED]);
  });

  it('the new topic is stripped and truncated to 60 characters; "general chat" means the empty topic', async () => {
    const [id] = await sendMany(1);
    await realm.clientFor(HAMLET).messages.update({ message_id: id ?? 0, topic: `  ${'x'.repeat(70)}  ` });
    expect(stored(id ?? 0)?.topic).toBe(`${'x'.repeat(57)}...`);
    await realm.clientFor(HAMLET).messages.update({ message_id: id ?? 0, topic: 'general chat' });
    expect(stored(id ?? 0)?.topic).toBe('');
    // The spec reads "(no topic)" as the empty topic wherever a request takes a topic.
    await realm.clientFor(HAMLET).messages.update({ message_id: id ?? 0, topic: 'named' });
    await realm.clientFor(HAMLET).messages.update({ message_id: id ?? 0, topic: '(no topic)' });
    expect(stored(id ?? 0)?.topic).toBe('');
    await realm.clientFor(HAMLET).messages.update({ message_id: id ?? 0, topic: 'named' });
    realm.mock.realm.topics_policy = 'disable_empty_topic';
    await expectApiError(realm.clientFor(HAMLET).messages.update({ message_id: id ?? 0, topic: '(no topic)' }), {
      ...badRequest('Sending messages to the general chat is not allowed in this channel.'),
      empty_topic_display_name: 'general chat',
    });
  });

  it("the new topic is stripped as Python strips: U+001C and U+0085 go, a leading U+FEFF stays (acceptance test)", async () => {
    const [id] = await sendMany(1);
    const hamlet = realm.clientFor(HAMLET);
    await verifyAction(hamlet, async () => {
      await hamlet.messages.update({ message_id: id ?? 0, topic: '\u001cb\u0085', send_notification_to_new_thread: false });
    });
    expect(stored(id ?? 0)?.topic).toBe('b');
    await hamlet.messages.update({ message_id: id ?? 0, topic: '\ufeffc' });
    expect(stored(id ?? 0)?.topic).toBe('\ufeffc');
  });
});

describe('resolving topics', () => {
  it('"✔ " + topic with change_all resolves without last_moved_timestamp; the bot says who resolved it', async () => {
    const ids = [...(await sendMany(2)), ...(await sendMany(1, 'a', 'othello@zulip.com'))];
    const cordeliaOnly = await sendMany(1, 'other', 'cordelia@zulip.com');
    const iago = realm.clientFor('iago@zulip.com');
    await iago.messages.update({ message_id: ids[0] ?? 0, topic: '✔ a', propagate_mode: 'change_all' });
    expect(topicsOf(ids)).toEqual(['✔ a', '✔ a', '✔ a']);
    const { message } = await realm.clientFor(HAMLET).messages.get({ message_id: ids[0] ?? 0 });
    expect(message).not.toHaveProperty('last_moved_timestamp');
    expect(message.edit_history).toEqual([{ user_id: realm.userId('iago@zulip.com'), timestamp: now(), prev_topic: 'a', topic: '✔ a' }]);
    const iagoMention = `@_**Iago|${realm.userId('iago@zulip.com')}**`;
    expect(notices()).toEqual([['Denmark', '✔ a', `${iagoMention} has marked this topic as resolved.`]]);
    // Unread only for the topic's followers (hamlet started it, so follows it); read for who resolved it.
    const notice = realm.mock.store.userMessages.maxMessageId(realm.userId('iago@zulip.com'));
    const readState = (email: string) => realm.mock.store.userMessages.hasFlag(realm.userId(email), notice, 'read');
    expect([readState(HAMLET), readState('othello@zulip.com'), readState('cordelia@zulip.com'), readState('iago@zulip.com')]).toEqual([false, true, true, true]);
    expect(cordeliaOnly).toHaveLength(1);
    realm.clock.advance(61_000);
    await iago.messages.update({ message_id: ids[0] ?? 0, topic: 'a', propagate_mode: 'change_all' });
    expect(notices()[1]).toEqual(['Denmark', 'a', `${iagoMention} has marked this topic as unresolved.`]);
  });

  it('dropping two check marks at once unresolves, but counts as a move: the server strips one per toggle', async () => {
    const [id] = await sendMany(1, '✔ ✔ xyz');
    const hamlet = realm.clientFor(HAMLET);
    await hamlet.messages.update({ message_id: id ?? 0, topic: 'xyz', propagate_mode: 'change_all' });
    expect((await hamlet.messages.get({ message_id: id ?? 0 })).message).toMatchObject({ subject: 'xyz', last_moved_timestamp: now() });
    realm.clock.advance(61_000);
    await hamlet.messages.update({ message_id: id ?? 0, topic: '✔ xyz', propagate_mode: 'change_all' });
    realm.clock.advance(61_000);
    await hamlet.messages.update({ message_id: id ?? 0, topic: 'xyz', propagate_mode: 'change_all' });
    // One check mark each way: still only the first edit's time.
    expect((await hamlet.messages.get({ message_id: id ?? 0 })).message.last_moved_timestamp).toBe(now() - 122);
  });

  it('toggling back within 60 seconds deletes the resolve notice instead of posting another (acceptance test)', async () => {
    const [id] = await sendMany(1);
    const hamlet = realm.clientFor(HAMLET);
    await hamlet.messages.update({ message_id: id ?? 0, topic: '✔ a', propagate_mode: 'change_all' });
    const [notice] = notices();
    expect(notice?.[2]).toBe(`${hamletMention()} has marked this topic as resolved.`);
    // A newer message elsewhere: a client cannot lower max_message_id when the newest message goes.
    await sendMany(1, 'elsewhere');
    realm.clock.advance(60_000);
    const events = await verifyAction(hamlet, () => hamlet.messages.update({ message_id: id ?? 0, topic: 'a', propagate_mode: 'change_all' }));
    expect(notices()).toEqual([]);
    const types = events.map((event) => event?.type);
    expect(types.filter((type) => type === 'update_message' || type === 'delete_message' || type === 'message')).toEqual(['update_message', 'delete_message']);
    // Past the grace period the opposite toggle posts its own notice.
    await hamlet.messages.update({ message_id: id ?? 0, topic: '✔ a', propagate_mode: 'change_all' });
    realm.clock.advance(61_000);
    await hamlet.messages.update({ message_id: id ?? 0, topic: 'a', propagate_mode: 'change_all' });
    expect(notices().map((entry) => entry[2])).toEqual([
      `${hamletMention()} has marked this topic as resolved.`,
      `${hamletMention()} has marked this topic as unresolved.`,
    ]);
  });

  it('before level 385 a resolve notice is unread for the senders of the moved messages and those who reacted', async () => {
    const older = createMockServer({ featureLevel: 384, baseUrl: 'http://old.test' });
    const userId = (email: string) => older.store.userByDeliveryEmail(email)?.id ?? 0;
    const { id } = await older.clientFor(HAMLET).messages.send({ type: 'channel', to: 'Denmark', topic: 'a', content: 'm' });
    await older.clientFor('othello@zulip.com').reactions.add({ message_id: id, emoji_name: 'octopus' });
    await older.clientFor('iago@zulip.com').messages.update({ message_id: id, topic: '✔ a', propagate_mode: 'change_all' });
    const notice = older.store.userMessages.maxMessageId(userId('iago@zulip.com'));
    const read = (email: string) => older.store.userMessages.hasFlag(userId(email), notice, 'read');
    expect([read(HAMLET), read('othello@zulip.com'), read('cordelia@zulip.com'), read('iago@zulip.com')]).toEqual([false, false, true, true]);
  });

  it("moving part of a topic so that a message starts the new topic makes its sender follow it (acceptance test)", async () => {
    const [first, second] = await sendMany(2, 'a');
    const hamlet = realm.clientFor(HAMLET);
    const channelId = realm.channelId('Denmark');
    const events = await verifyAction(hamlet, () => hamlet.messages.update({ message_id: second ?? 0, topic: 'b', propagate_mode: 'change_one' }));
    expect(events.filter((event) => event?.type === 'user_topic')).toEqual([
      expect.objectContaining({ stream_id: channelId, topic_name: 'b', visibility_policy: VisibilityPolicy.FOLLOWED }),
    ]);
    // Moved behind an earlier message of the target topic, it starts nothing.
    await sendMany(1, 'c', 'othello@zulip.com');
    await hamlet.messages.update({ message_id: first ?? 0, topic: 'd', propagate_mode: 'change_one' });
    const followsD = realm.mock.store.userTopic(realm.userId(HAMLET), channelId, 'd')?.visibility_policy;
    expect(followsD).toBe(VisibilityPolicy.FOLLOWED);
    const [later] = await sendMany(2, 'e');
    await hamlet.messages.update({ message_id: later ?? 0, topic: 'c', propagate_mode: 'change_one' });
    expect(realm.mock.store.userTopic(realm.userId(HAMLET), channelId, 'c')).toBeUndefined();
  });

  it('a partial move unmutes the topic it starts in a muted channel on "unmute on initiation", not once the sender unsubscribed (acceptance test)', async () => {
    const [, second, third] = await sendMany(3, 'a');
    const hamlet = realm.clientFor(HAMLET);
    const iago = realm.clientFor('iago@zulip.com');
    const channelId = realm.channelId('Denmark');
    await hamlet.settings.update({ automatically_follow_topics_policy: 4, automatically_unmute_topics_in_muted_streams_policy: 3 });
    await hamlet.subscriptions.updateSettings({ subscription_data: [{ stream_id: channelId, property: 'is_muted', value: true }] });
    await iago.messages.update({ message_id: second ?? 0, topic: 'b', propagate_mode: 'change_one' });
    expect(realm.mock.store.userTopic(realm.userId(HAMLET), channelId, 'b')?.visibility_policy).toBe(VisibilityPolicy.UNMUTED);
    await hamlet.subscriptions.remove({ subscriptions: ['Denmark'] });
    // The server looks for an active subscription: the muted flag left on the old one does not count.
    const events = await verifyAction(hamlet, () => iago.messages.update({ message_id: third ?? 0, topic: 'c', propagate_mode: 'change_one' }));
    expect(events.filter((event) => event?.type === 'user_topic')).toEqual([]);
    expect(realm.mock.store.userTopic(realm.userId(HAMLET), channelId, 'c')).toBeUndefined();
  });

  it('a partial move unmutes nothing for a deactivated sender, whose subscriptions the server leaves out', async () => {
    const [, second] = await sendMany(2, 'a');
    const hamlet = realm.clientFor(HAMLET);
    const channelId = realm.channelId('Denmark');
    await hamlet.settings.update({ automatically_follow_topics_policy: 4, automatically_unmute_topics_in_muted_streams_policy: 3 });
    await hamlet.subscriptions.updateSettings({ subscription_data: [{ stream_id: channelId, property: 'is_muted', value: true }] });
    const iago = realm.clientFor('iago@zulip.com');
    await iago.users.deactivate({ user_id: realm.userId(HAMLET) });
    await iago.messages.update({ message_id: second ?? 0, topic: 'b', propagate_mode: 'change_one' });
    expect(realm.mock.store.userTopic(realm.userId(HAMLET), channelId, 'b')).toBeUndefined();
  });

  it('move breadcrumbs start read for the user who moved the messages, unread for the others', async () => {
    const [id] = await sendMany(1, 'a', 'othello@zulip.com');
    await realm.clientFor(HAMLET).messages.update({ message_id: id ?? 0, topic: 'b', propagate_mode: 'change_all', send_notification_to_old_thread: true });
    const bot = realm.mock.store.systemBotByEmail('notification-bot@zulip.com')?.id;
    const breadcrumbs = [...realm.mock.store.tables.message.all()].filter((message) => message.sender_id === bot).map((message) => message.id);
    expect(breadcrumbs).toHaveLength(2);
    // The Notification Bot lives in the server's internal realm.
    expect((await realm.clientFor(HAMLET).messages.get({ message_id: breadcrumbs[0] ?? 0 })).message.sender_realm_str).toBe('zulipinternal');
    for (const notice of breadcrumbs) {
      expect(realm.mock.store.userMessages.hasFlag(realm.userId(HAMLET), notice, 'read')).toBe(true);
      expect(realm.mock.store.userMessages.hasFlag(realm.userId('othello@zulip.com'), notice, 'read')).toBe(false);
    }
  });

  it('resolving follows can_resolve_topics_group, not the topic-move group or its time limit', async () => {
    const [id] = await sendMany(1);
    realm.mock.realm.can_move_messages_between_topics_group = realm.groupId('role:nobody');
    realm.clock.advance(2 * WEEK_MS);
    await realm.clientFor(HAMLET).messages.update({ message_id: id ?? 0, topic: '✔ a', propagate_mode: 'change_all' });
    realm.mock.realm.can_resolve_topics_group = realm.groupId('role:administrators');
    await expectApiError(
      realm.clientFor(HAMLET).messages.update({ message_id: id ?? 0, topic: 'a', propagate_mode: 'change_all' }),
      badRequest("You don't have permission to resolve topics in this channel."),
    );
    await realm.clientFor('iago@zulip.com').messages.update({ message_id: id ?? 0, topic: 'a', propagate_mode: 'change_all' });
    await expectApiError(
      realm.clientFor(HAMLET).messages.update({ message_id: id ?? 0, topic: 'elsewhere' }),
      badRequest("You don't have permission to edit this message"),
    );
  });
});

describe('topic move permissions and time limits', () => {
  it('anyone may move topics by default, guests included; the realm can restrict it to members', async () => {
    const [id] = await sendMany(1, 'v', HAMLET, 'Verona');
    await realm.clientFor('polonius@zulip.com').messages.update({ message_id: id ?? 0, topic: 'w' });
    realm.mock.realm.can_move_messages_between_topics_group = realm.groupId('role:members');
    await expectApiError(
      realm.clientFor('polonius@zulip.com').messages.update({ message_id: id ?? 0, topic: 'x' }),
      badRequest("You don't have permission to edit this message"),
    );
    await realm.clientFor('cordelia@zulip.com').messages.update({ message_id: id ?? 0, topic: 'x' });
  });

  it('members move topics for 7 days (plus 20 s); moderators and above at any time', async () => {
    const [id] = await sendMany(1);
    realm.clock.advance(WEEK_MS + 20_000);
    await realm.clientFor(HAMLET).messages.update({ message_id: id ?? 0, topic: 'b' });
    realm.clock.advance(1_000);
    await expectApiError(
      realm.clientFor(HAMLET).messages.update({ message_id: id ?? 0, topic: 'c' }),
      badRequest("The time limit for editing this message's topic has passed."),
    );
    await realm.clientFor('shiva@zulip.com').messages.update({ message_id: id ?? 0, topic: 'c' });
    await realm.clientFor('iago@zulip.com').messages.update({ message_id: id ?? 0, topic: 'd' });
  });

  it('change_all counts a message sent exactly at the deadline as past it, though it alone may still move', async () => {
    const [old] = await sendMany(1);
    realm.clock.advance(1_000);
    const [recent] = await sendMany(1);
    realm.clock.advance(WEEK_MS + 20_000 - 1_000);
    await expectApiError(realm.clientFor(HAMLET).messages.update({ message_id: recent ?? 0, topic: 'b', propagate_mode: 'change_all' }), {
      code: 'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED',
      status: 400,
      msg: 'You only have permission to move the 1/2 most recent messages in this topic.',
      first_message_id_allowed_to_move: recent,
      total_messages_in_topic: 2,
      total_messages_allowed_to_move: 1,
    });
    await realm.clientFor(HAMLET).messages.update({ message_id: old ?? 0, topic: 'b' });
    expect(topicsOf([old ?? 0, recent ?? 0])).toEqual(['b', 'a']);
  });

  it('change_all past the limit for older messages: MOVE_MESSAGES_TIME_LIMIT_EXCEEDED says what could move', async () => {
    const [old] = await sendMany(1);
    realm.clock.advance(WEEK_MS);
    const [recent, newest] = await sendMany(2);
    realm.clock.advance(60_000);
    await expectApiError(realm.clientFor(HAMLET).messages.update({ message_id: recent ?? 0, topic: 'b', propagate_mode: 'change_all' }), {
      code: 'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED',
      status: 400,
      msg: 'You only have permission to move the 2/3 most recent messages in this topic.',
      first_message_id_allowed_to_move: recent,
      total_messages_in_topic: 3,
      total_messages_allowed_to_move: 2,
    });
    const failure = await realm
      .clientFor(HAMLET)
      .messages.update({ message_id: recent ?? 0, topic: 'b', propagate_mode: 'change_all' })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MoveMessagesTimeLimitExceededError);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      name: 'MoveMessagesTimeLimitExceededError',
      first_message_id_allowed_to_move: recent,
      total_messages_allowed_to_move: 2,
      total_messages_in_topic: 3,
    });
    await realm.clientFor(HAMLET).messages.update({ message_id: recent ?? 0, topic: 'b', propagate_mode: 'change_later' });
    expect(topicsOf([old ?? 0, recent ?? 0, newest ?? 0])).toEqual(['a', 'b', 'b']);
  });
});

describe('channel moves', () => {
  it('move messages and their copies: users not subscribed to the new channel lose theirs', async () => {
    const ids = await sendMany(2);
    const scotland = realm.channelId('Scotland');
    await realm.clientFor(HAMLET).messages.update({ message_id: ids[0] ?? 0, stream_id: scotland, propagate_mode: 'change_all' });
    for (const id of ids) expect(stored(id)).toMatchObject({ channel_id: scotland, topic: 'a', last_moved_timestamp: now() });
    const copies = realm.mock.store.userMessages.recipientIds(ids[0] ?? 0).map((userId) => realm.mock.store.tables.user.get(userId)?.delivery_email);
    expect(copies).toEqual(['iago@zulip.com', HAMLET, 'othello@zulip.com']);
    const { message } = await realm.clientFor('shiva@zulip.com').messages.get({ message_id: ids[0] ?? 0 });
    expect(message).toMatchObject({ display_recipient: 'Scotland', flags: ['read', 'historical'] });
    expect(message.edit_history).toEqual([
      { user_id: realm.userId(HAMLET), timestamp: now(), prev_stream: realm.channelId('Denmark'), stream: scotland },
    ]);
    expect(notices()).toEqual([['Scotland', 'a', `This topic was moved here from #**Denmark>a** by ${hamletMention()}.`]]);
  });

  it('a move to a private channel tells those who lose access with delete_message', async () => {
    const ids = await sendMany(2);
    const othello = realm.clientFor('othello@zulip.com');
    const bulk = await othello.events.register({
      event_types: ['delete_message', 'update_message'],
      client_capabilities: { notification_settings_null: true, bulk_message_deletion: true },
    });
    const legacy = await othello.events.register({ event_types: ['delete_message'] });
    await realm.clientFor(HAMLET).messages.update({ message_id: ids[1] ?? 0, topic: 'secret', stream_id: realm.channelId('core team'), propagate_mode: 'change_all' });
    const denmark = realm.channelId('Denmark');
    const bulkEvents = (await othello.events.get({ queue_id: bulk.queue_id ?? '', last_event_id: -1, dont_block: true })).events;
    expect(bulkEvents).toEqual([{ id: 0, type: 'delete_message', message_type: 'stream', message_ids: ids, stream_id: denmark, topic: 'a' }]);
    const legacyEvents = (await othello.events.get({ queue_id: legacy.queue_id ?? '', last_event_id: -1, dont_block: true })).events;
    expect(legacyEvents.map((event) => event['message_id'])).toEqual(ids);
    expect(realm.mock.store.userMessages.has(realm.userId('othello@zulip.com'), ids[0] ?? 0)).toBe(false);
    await expectApiError(othello.messages.get({ message_id: ids[0] ?? 0 }), badRequest('Invalid message(s)'));
  });

  it('former subscribers lose access too, with no copy: delete_message, and their topic policy is dropped, not moved (acceptance test)', async () => {
    const othello = realm.clientFor('othello@zulip.com');
    const verona = realm.channelId('Verona');
    await othello.subscriptions.remove({ subscriptions: ['Verona'] });
    const [id] = await sendMany(1, 'late', HAMLET, 'Verona');
    await othello.topics.updatePreferences({ stream_id: verona, topic: 'late', visibility_policy: VisibilityPolicy.MUTED });
    const events = await verifyAction(othello, () =>
      realm.clientFor('iago@zulip.com').messages.update({
        message_id: id ?? 0,
        stream_id: realm.channelId('core team'),
        propagate_mode: 'change_all',
        send_notification_to_new_thread: false,
      }),
      { client_capabilities: { notification_settings_null: true, bulk_message_deletion: true } },
    );
    expect(events.filter((event) => event?.type !== 'muted_topics')).toEqual([
      { id: expect.any(Number), type: 'delete_message', message_type: 'stream', message_ids: [id], stream_id: verona, topic: 'late' },
      { id: expect.any(Number), type: 'user_topic', stream_id: verona, topic_name: 'late', last_updated: now(), visibility_policy: 0 },
    ]);
    expect((await othello.events.register({ event_types: ['user_topic'] })).user_topics).toEqual([]);
  });

  it('a guest who left a public channel is told of a move to another public channel with delete_message', async () => {
    const polonius = realm.clientFor('polonius@zulip.com');
    await polonius.subscriptions.remove({ subscriptions: ['Verona'] });
    const [id] = await sendMany(1, 'late', HAMLET, 'Verona');
    const queue = await polonius.events.register({ event_types: ['delete_message'], client_capabilities: { notification_settings_null: true, bulk_message_deletion: true } });
    await realm.clientFor('iago@zulip.com').messages.update({ message_id: id ?? 0, stream_id: realm.channelId('Scotland') });
    const { events } = await polonius.events.get({ queue_id: queue.queue_id ?? '', last_event_id: -1, dont_block: true });
    expect(events).toEqual([
      { id: 0, type: 'delete_message', message_type: 'stream', message_ids: [id], stream_id: realm.channelId('Verona'), topic: 'late' },
    ]);
  });

  it('members may move between channels within 7 days; guests may not; the target needs posting rights', async () => {
    const [id] = await sendMany(1, 'v', HAMLET, 'Verona');
    const scotland = realm.channelId('Scotland');
    await expectApiError(
      realm.clientFor('polonius@zulip.com').messages.update({ message_id: id ?? 0, stream_id: realm.channelId('Denmark') }),
      badRequest('Invalid channel ID'),
    );
    realm.mock.store.tables.subscription.insert({
      id: 5999, user_id: realm.userId('polonius@zulip.com'), channel_id: scotland, active: true, is_muted: false, color: '#fff',
    });
    await expectApiError(
      realm.clientFor('polonius@zulip.com').messages.update({ message_id: id ?? 0, stream_id: scotland }),
      badRequest("You don't have permission to move this message"),
    );
    realm.mock.store.tables.channel.update(scotland, { can_send_message_group: realm.groupId('role:administrators') });
    await expectApiError(
      realm.clientFor(HAMLET).messages.update({ message_id: id ?? 0, stream_id: scotland }),
      badRequest('You do not have permission to post in this channel.'),
    );
    realm.mock.store.tables.channel.update(scotland, { can_send_message_group: realm.groupId('role:everyone') });
    realm.clock.advance(WEEK_MS + 21_000);
    await expectApiError(
      realm.clientFor(HAMLET).messages.update({ message_id: id ?? 0, stream_id: scotland }),
      badRequest("The time limit for editing this message's channel has passed"),
    );
    await realm.clientFor('shiva@zulip.com').messages.update({ message_id: id ?? 0, stream_id: scotland });
    realm.mock.realm.can_move_messages_between_channels_group = realm.groupId('role:administrators');
    await expectApiError(
      realm.clientFor('shiva@zulip.com').messages.update({ message_id: id ?? 0, stream_id: realm.channelId('Verona') }),
      badRequest("You don't have permission to move this message"),
    );
    await realm.clientFor('iago@zulip.com').messages.update({ message_id: id ?? 0, stream_id: realm.channelId('Verona') });
  });
});

describe('events acceptance for moves', () => {
  it.each(['change_one', 'change_later', 'change_all'] as const)('a topic move with %s', async (propagate_mode) => {
    const ids = await sendMany(3);
    const othello = realm.clientFor('othello@zulip.com');
    setVisibilityPolicy(realm.mock.state, realm.userId('othello@zulip.com'), realm.channelId('Denmark'), 'a', VisibilityPolicy.FOLLOWED);
    const events = await verifyAction(othello, () =>
      realm.clientFor(HAMLET).messages.update({ message_id: ids[1] ?? 0, topic: 'b', propagate_mode, send_notification_to_old_thread: true }),
    );
    const update = events.find((event) => event?.type === 'update_message');
    expect(update).toMatchObject({
      message_id: ids[1],
      message_ids: propagate_mode === 'change_one' ? [ids[1]] : propagate_mode === 'change_later' ? ids.slice(1) : ids,
      propagate_mode,
      orig_subject: 'a',
      subject: 'b',
      topic_links: [],
      stream_id: realm.channelId('Denmark'),
      stream_name: 'Denmark',
      flags: [],
    });
    expect(update).not.toHaveProperty('new_stream_id');
    const types = events.map((event) => event?.type);
    if (propagate_mode === 'change_all') {
      // Clearing the old topic's policy sends no muted_topics event; setting the new one does.
      expect(types).toEqual(['user_topic', 'muted_topics', 'user_topic', 'update_message', 'message', 'message']);
    }
    else expect(types).toEqual(['update_message', 'message', 'message']);
  });

  it('a channel move (for a user who keeps access) and a resolve', async () => {
    const ids = await sendMany(2);
    const iago = realm.clientFor('iago@zulip.com');
    const scotland = realm.channelId('Scotland');
    const events = await verifyAction(iago, () =>
      realm.clientFor(HAMLET).messages.update({ message_id: ids[0] ?? 0, stream_id: scotland, propagate_mode: 'change_all' }),
    );
    expect(events.find((event) => event?.type === 'update_message')).toMatchObject({
      new_stream_id: scotland,
      stream_id: realm.channelId('Denmark'),
      orig_subject: 'a',
      propagate_mode: 'change_all',
      message_ids: ids,
    });
    expect(events.find((event) => event?.type === 'update_message')).not.toHaveProperty('subject');
    const hamlet = realm.clientFor(HAMLET);
    const resolve = await verifyAction(hamlet, () => hamlet.messages.update({ message_id: ids[0] ?? 0, topic: '✔ a', propagate_mode: 'change_all' }));
    expect(resolve.map((event) => event?.type)).toEqual(['user_topic', 'muted_topics', 'user_topic', 'update_message', 'message']);
  });

  it('a case-only rename with change_all leaves a follower with no policy, as the server does (its reset is never undone)', async () => {
    const [id] = await sendMany(1, 'abc');
    const hamlet = realm.clientFor(HAMLET);
    const denmark = realm.channelId('Denmark');
    expect((await hamlet.events.register({ event_types: ['user_topic'] })).user_topics).toMatchObject([{ stream_id: denmark, topic_name: 'abc', visibility_policy: VisibilityPolicy.FOLLOWED }]);
    const events = await verifyAction(hamlet, () =>
      realm.clientFor('iago@zulip.com').messages.update({ message_id: id ?? 0, topic: 'ABC', propagate_mode: 'change_all', send_notification_to_new_thread: false }),
    );
    expect(events.map((event) => event?.type)).toEqual(['user_topic', 'update_message']);
    expect(events[0]).toEqual({ id: expect.any(Number), type: 'user_topic', stream_id: denmark, topic_name: 'abc', last_updated: now(), visibility_policy: 0 });
    expect((await hamlet.events.register({ event_types: ['user_topic'] })).user_topics).toEqual([]);
  });

  it('with the empty topic, topics read "general chat" unless the client allows empty names', async () => {
    const [id] = await sendMany(1, '');
    const othello = realm.clientFor('othello@zulip.com');
    const events = await verifyAction(othello, () => realm.clientFor(HAMLET).messages.update({ message_id: id ?? 0, topic: 'named' }));
    expect(events.find((event) => event?.type === 'update_message')).toMatchObject({ orig_subject: 'general chat', subject: 'named' });
    const allowing = await verifyAction(
      othello,
      () => realm.clientFor(HAMLET).messages.update({ message_id: id ?? 0, topic: '' }),
      { client_capabilities: { notification_settings_null: true, empty_topic_name: true } },
    );
    expect(allowing.find((event) => event?.type === 'update_message')).toMatchObject({ orig_subject: 'named', subject: '' });
  });
});
