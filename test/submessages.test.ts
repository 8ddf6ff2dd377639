import { describe, expect, it } from 'vitest';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';

const realm = useTestRealm();

const HAMLET = 'hamlet@zulip.com';
const OTHELLO = 'othello@zulip.com';
const badRequest = (msg: string) => ({ code: 'BAD_REQUEST', status: 400, msg });
const INVALID_MESSAGE = badRequest('Invalid message(s)');

async function send(content: string, to = 'Denmark', sender = HAMLET): Promise<number> {
  return (await realm.clientFor(sender).messages.send({ type: 'channel', to, topic: 'widgets', content })).id;
}

/** Adds a `widget` submessage with this data, as the web app sends it (JSON text). */
function interact(email: string, message_id: number, data: unknown) {
  return realm.clientFor(email).messages.addSubmessage({ message_id, msg_type: 'widget', content: JSON.stringify(data) });
}

async function submessagesOf(id: number) {
  return (await realm.clientFor('iago@zulip.com').messages.get({ message_id: id })).message.submessages;
}

describe('messages.addSubmessage on a poll', () => {
  it('votes, a new option and a new question: each stored after the widget, in ID order, with the message ID and sender', async () => {
    const id = await send('/poll Lunch?\nPizza\nSushi');
    const votes = [
      [OTHELLO, { type: 'vote', key: 'canned,0', vote: 1 }],
      [OTHELLO, { type: 'new_option', option: 'Soup', idx: 1 }],
      ['iago@zulip.com', { type: 'vote', key: `${realm.userId(OTHELLO)},1`, vote: 1 }],
      [OTHELLO, { type: 'vote', key: 'canned,0', vote: -1 }],
      [HAMLET, { type: 'question', question: 'Dinner?' }],
    ] as const;
    for (const [email, data] of votes) expect(await interact(email, id, data)).toEqual({});
    const submessages = await submessagesOf(id);
    expect(submessages.map(({ sender_id, msg_type, content }) => [sender_id, msg_type, content])).toEqual([
      [realm.userId(HAMLET), 'widget', '{"widget_type": "poll", "extra_data": {"question": "Lunch?", "options": ["Pizza", "Sushi"]}}'],
      ...votes.map(([email, data]) => [realm.userId(email), 'widget', JSON.stringify(data)]),
    ]);
    const ids = submessages.map((submessage) => submessage.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
    expect(submessages.every((submessage) => submessage.message_id === id)).toBe(true);
    // The message list carries the same submessages.
    const { messages } = await realm
      .clientFor(OTHELLO)
      .messages.list({ anchor: id, num_before: 0, num_after: 0, narrow: [{ operator: 'channel', operand: 'Denmark' }] });
    expect(messages[0]?.submessages).toEqual(submessages);
  });

  it('the content is stored as sent, byte for byte (not re-serialized)', async () => {
    const id = await send('/poll Tea?');
    const content = '{ "type":"vote",  "key": "canned,0", "vote": 1 }';
    await realm.clientFor(OTHELLO).messages.addSubmessage({ message_id: id, msg_type: 'widget', content });
    expect((await submessagesOf(id)).at(-1)?.content).toBe(content);
  });

  it('Python reads a boolean as an integer: a vote of true counts as 1, false is invalid', async () => {
    const id = await send('/poll Tea?');
    await interact(OTHELLO, id, { type: 'vote', key: 'canned,0', vote: true });
    await interact(OTHELLO, id, { type: 'new_option', option: 'x', idx: false });
    await expectApiError(interact(OTHELLO, id, { type: 'vote', key: 'canned,0', vote: false }), badRequest('Invalid poll data["vote"]'));
  });

  it('shape errors, in the order the server checks (exact messages)', async () => {
    const id = await send('/poll Preference?\n\nyes\nno');
    const cases: [string, string][] = [
      ['bogus', 'Invalid json for submessage'],
      ['', 'Invalid json for submessage'],
      ['{"type": "vote", "key": "a", "vote": 1', 'Invalid json for submessage'],
      ['NaN', 'Invalid json for submessage'],
      // orjson refuses a lone surrogate and a number too large for a double; it reads an integer
      // beyond 2^64-1 as a float, and one from 2^63 as an integer.
      ['{"type": "vote", "key": "\\ud800", "vote": 1}', 'Invalid json for submessage'],
      ['{"type": "vote", "key": "a", "vote": 1e400}', 'Invalid json for submessage'],
      ['{"type": "new_option", "option": "x", "idx": 99999999999999999999}', 'poll data["idx"] is not an integer'],
      ['{"type": "new_option", "option": "x", "idx": 9223372036854775808}', 'poll data["idx"] is too large'],
      ['""', 'poll data is not a dict'],
      ['[]', 'poll data is not a dict'],
      ['null', 'poll data is not a dict'],
      ['{}', 'type key is missing from poll data'],
      ['{"type": 1}', 'poll data["type"] is not a string'],
      ['{"type": "bogus"}', 'Unknown type for poll data: bogus'],
      ['{"type": "vote"}', 'key key is missing from poll data'],
      ['{"type": "vote", "key": 1, "vote": 1}', 'poll data["key"] is not a string'],
      ['{"type": "vote", "key": "1,1,"}', 'vote key is missing from poll data'],
      ['{"type": "vote", "key": "1,1,", "vote": 99}', 'Invalid poll data["vote"]'],
      ['{"type": "vote", "key": "1,1,", "vote": 1.0}', 'poll data["vote"] is not an integer'],
      ['{"type": "vote", "key": "1,1,", "vote": 1, "extra": 2}', 'Unexpected arguments: extra'],
      ['{"type": "question"}', 'question key is missing from poll data'],
      ['{"type": "question", "question": 7}', 'poll data["question"] is not a string'],
      ['{"type": "new_option"}', 'option key is missing from poll data'],
      ['{"type": "new_option", "idx": 7, "option": 999}', 'poll data["option"] is not a string'],
      ['{"type": "new_option", "option": "pizza"}', 'idx key is missing from poll data'],
      ['{"type": "new_option", "idx": -1, "option": "pizza"}', 'poll data["idx"] is too small'],
      ['{"type": "new_option", "idx": 1001, "option": "pizza"}', 'poll data["idx"] is too large'],
      ['{"type": "new_option", "idx": "bogus", "option": "maybe"}', 'poll data["idx"] is not an integer'],
      ['{"type": "new_option", "idx": 7.5, "option": "maybe"}', 'poll data["idx"] is not an integer'],
    ];
    const hamlet = realm.clientFor(HAMLET);
    for (const [content, msg] of cases) {
      await expectApiError(hamlet.messages.addSubmessage({ message_id: id, msg_type: 'widget', content }), badRequest(msg));
    }
    // The widget decides what is checked, not the submessage's own msg_type.
    await expectApiError(hamlet.messages.addSubmessage({ message_id: id, msg_type: 'other', content: '{"a": 1}' }), badRequest('type key is missing from poll data'));
    expect(await submessagesOf(id)).toHaveLength(1);
    // The boundaries pass; the server checks types, not whether an option exists.
    await interact(HAMLET, id, { type: 'new_option', idx: 0, option: 'a' });
    await interact(HAMLET, id, { type: 'new_option', idx: 1000, option: 'b' });
    await interact(HAMLET, id, { type: 'vote', key: 'no such option', vote: -1 });
  });

  it('only the author may change the question, checked before its shape', async () => {
    const id = await send('/poll Preference?\n\nyes\nno');
    await expectApiError(
      interact(OTHELLO, id, { type: 'question', question: 'Tabs or spaces?' }),
      badRequest("You can't edit a question unless you are the author."),
    );
    await expectApiError(interact(OTHELLO, id, { type: 'question' }), badRequest("You can't edit a question unless you are the author."));
    await interact(HAMLET, id, { type: 'question', question: 'Tabs or spaces?' });
  });
});

describe('messages.addSubmessage on a to-do list', () => {
  it('new tasks, strikes and a new title', async () => {
    const id = await send('/todo Chores\nDishes: tonight');
    await interact(OTHELLO, id, { type: 'new_task', key: 7, task: 'Laundry', desc: '', completed: false });
    await interact(OTHELLO, id, { type: 'strike', key: '0,canned' });
    await interact('iago@zulip.com', id, { type: 'strike', key: `7,${realm.userId(OTHELLO)}` });
    await interact(HAMLET, id, { type: 'new_task_list_title', title: 'House' });
    const submessages = await submessagesOf(id);
    expect(submessages.map((submessage) => JSON.parse(submessage.content) as unknown)).toEqual([
      { widget_type: 'todo', extra_data: { task_list_title: 'Chores', tasks: [{ task: 'Dishes', desc: 'tonight' }] } },
      { type: 'new_task', key: 7, task: 'Laundry', desc: '', completed: false },
      { type: 'strike', key: '0,canned' },
      { type: 'strike', key: `7,${realm.userId(OTHELLO)}` },
      { type: 'new_task_list_title', title: 'House' },
    ]);
    expect(submessages.map((submessage) => submessage.sender_id)).toEqual(
      [HAMLET, OTHELLO, OTHELLO, 'iago@zulip.com', HAMLET].map((email) => realm.userId(email)),
    );
  });

  it('shape errors (exact messages), and the title is the author’s alone', async () => {
    const id = await send('/todo');
    const cases: [string, string][] = [
      ['"x"', 'todo data is not a dict'],
      ['{"type": "bogus"}', 'Unknown type for todo data: bogus'],
      ['{"type": "new_task"}', 'key key is missing from todo data'],
      ['{"type": "new_task", "key": 7, "task": 7, "desc": "", "completed": false}', 'todo data["task"] is not a string'],
      ['{"type": "new_task", "key": -1, "task": "eat", "desc": "", "completed": false}', 'todo data["key"] is too small'],
      ['{"type": "new_task", "key": 1001, "task": "eat", "desc": "", "completed": false}', 'todo data["key"] is too large'],
      ['{"type": "new_task", "key": "7", "task": "eat", "desc": "", "completed": false}', 'todo data["key"] is not an integer'],
      ['{"type": "new_task", "key": 7, "task": "eat", "completed": false}', 'desc key is missing from todo data'],
      ['{"type": "new_task", "key": 7, "task": "eat", "desc": "", "completed": 0}', 'todo data["completed"] is not a boolean'],
      ['{"type": "strike"}', 'key key is missing from todo data'],
      ['{"type": "strike", "key": 999}', 'todo data["key"] is not a string'],
      ['{"type": "strike", "key": "1", "done": true}', 'Unexpected arguments: done'],
      ['{"type": "new_task_list_title"}', 'title key is missing from todo data'],
      ['{"type": "new_task_list_title", "title": null}', 'todo data["title"] is not a string'],
    ];
    for (const [content, msg] of cases) {
      await expectApiError(realm.clientFor(HAMLET).messages.addSubmessage({ message_id: id, msg_type: 'widget', content }), badRequest(msg));
    }
    await expectApiError(
      interact(OTHELLO, id, { type: 'new_task_list_title', title: 'Mine' }),
      badRequest("You can't edit the task list title unless you are the author."),
    );
    // Others may add and strike tasks.
    await interact(OTHELLO, id, { type: 'new_task', key: 0, task: 'eat', desc: '', completed: true });
    await interact(OTHELLO, id, { type: 'strike', key: '0,1' });
  });
});

describe('messages.addSubmessage: the message and who may add', () => {
  it('on a message without a widget any JSON is accepted, whatever msg_type, once its sender added the first', async () => {
    const id = await send('no widget here');
    const othello = realm.clientFor(OTHELLO);
    await expectApiError(
      othello.messages.addSubmessage({ message_id: id, msg_type: 'whatever', content: '{"name": "alice", "salary": 20}' }),
      badRequest('You cannot attach a submessage to this message.'),
    );
    const hamlet = realm.clientFor(HAMLET);
    // The sender check comes before the JSON check.
    await expectApiError(othello.messages.addSubmessage({ message_id: id, msg_type: 'x', content: 'bogus' }), badRequest('You cannot attach a submessage to this message.'));
    await expectApiError(hamlet.messages.addSubmessage({ message_id: id, msg_type: 'x', content: 'bogus' }), badRequest('Invalid json for submessage'));
    await hamlet.messages.addSubmessage({ message_id: id, msg_type: 'whatever', content: '[1, 2.5, "three"]' });
    await othello.messages.addSubmessage({ message_id: id, msg_type: 'other', content: '"anything"' });
    expect((await submessagesOf(id)).map(({ msg_type, content }) => [msg_type, content])).toEqual([
      ['whatever', '[1, 2.5, "three"]'],
      ['other', '"anything"'],
    ]);
  });

  it("a widget submessage the sender adds later makes the message that widget (the server reads the first 'widget' one)", async () => {
    const id = await send('plain');
    await interact(HAMLET, id, { widget_type: 'todo', extra_data: { task_list_title: '', tasks: [] } });
    await expectApiError(interact(OTHELLO, id, { type: 'vote', key: 'a', vote: 1 }), badRequest('Unknown type for todo data: vote'));
    await interact(OTHELLO, id, { type: 'strike', key: '0,1' });
  });

  it('"Invalid message(s)" for a message the user cannot read, or one in an archived channel', async () => {
    const interaction = { type: 'vote', key: 'canned,0', vote: 1 };
    await expectApiError(interact('iago@zulip.com', 999_999, interaction), INVALID_MESSAGE);
    const dm = await realm.clientFor(HAMLET).messages.send({ type: 'direct', to: [OTHELLO], content: '/poll Secret?' });
    await expectApiError(interact('cordelia@zulip.com', dm.id, interaction), INVALID_MESSAGE);
    await interact(OTHELLO, dm.id, interaction);
    const core = await send('/poll Core?', 'core team');
    // A non-subscriber of a private channel.
    await expectApiError(interact(OTHELLO, core, interaction), INVALID_MESSAGE);
    await interact('desdemona@zulip.com', core, interaction);
    const denmark = await send('/poll Denmark?');
    // A guest not subscribed to a public channel; a member not subscribed may.
    await expectApiError(interact('polonius@zulip.com', denmark, interaction), INVALID_MESSAGE);
    await interact('prospero@zulip.com', denmark, interaction);
    // The message is checked before the sender rule and the content.
    await expectApiError(
      realm.clientFor(OTHELLO).messages.addSubmessage({ message_id: 999_999, msg_type: 'widget', content: 'bogus' }),
      INVALID_MESSAGE,
    );
    // An archived channel: its messages stay readable, but may not change.
    realm.mock.store.tables.channel.update(realm.channelId('Denmark'), { is_archived: true });
    await expectApiError(interact(HAMLET, denmark, interaction), INVALID_MESSAGE);
    expect((await submessagesOf(denmark)).map((submessage) => submessage.sender_id)).toEqual([
      realm.userId(HAMLET),
      realm.userId('prospero@zulip.com'),
    ]);
  });

  it('parameters are read in the server order: message_id, msg_type, content', async () => {
    const raw = (body: string) =>
      realm.raw(HAMLET, 'POST', '/submessage', body, { 'content-type': 'application/x-www-form-urlencoded' });
    const cases: [string, string][] = [
      ['', "Missing 'message_id' argument"],
      ['content=x', "Missing 'message_id' argument"],
      ['message_id=1', "Missing 'msg_type' argument"],
      ['message_id=1&msg_type=widget', "Missing 'content' argument"],
    ];
    for (const [body, msg] of cases) {
      const response = await raw(body);
      expect(await response.json(), body).toMatchObject({ result: 'error', msg });
    }
  });

  it('taking part follows the topic for a user whose policy is "on participation"', async () => {
    const othelloId = realm.userId(OTHELLO);
    realm.mock.store.tables.user.update(othelloId, { automatically_follow_topics_policy: 1 });
    const id = await send('/poll Follow?');
    await interact(OTHELLO, id, { type: 'vote', key: 'canned,0', vote: 1 });
    const { user_topics } = await realm.clientFor(OTHELLO).events.register({ fetch_event_types: ['user_topic'] });
    expect(user_topics?.find((topic) => topic.topic_name === 'widgets')).toMatchObject({
      stream_id: realm.channelId('Denmark'),
      visibility_policy: 3,
    });
  });

  it('in a muted channel, taking part unmutes the topic for a user whose unmute policy is "on participation"', async () => {
    const othello = realm.clientFor(OTHELLO);
    await othello.settings.update({ automatically_follow_topics_policy: 4, automatically_unmute_topics_in_muted_streams_policy: 1 });
    await othello.subscriptions.updateSettings({ subscription_data: [{ stream_id: realm.channelId('Denmark'), property: 'is_muted', value: true }] });
    const id = await send('/poll Unmute?');
    await interact(OTHELLO, id, { type: 'vote', key: 'canned,0', vote: 1 });
    const { user_topics } = await othello.events.register({ fetch_event_types: ['user_topic'] });
    expect(user_topics?.find((topic) => topic.topic_name === 'widgets')).toMatchObject({ visibility_policy: 2 });
  });
});
