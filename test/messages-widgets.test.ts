import { describe, expect, it } from 'vitest';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';

const realm = useTestRealm();

const HAMLET = 'hamlet@zulip.com';

async function send(content: string): Promise<number> {
  return (await realm.clientFor(HAMLET).messages.send({ type: 'channel', to: 'Denmark', topic: 'lunch', content })).id;
}

async function submessagesOf(id: number) {
  return (await realm.clientFor('iago@zulip.com').messages.get({ message_id: id })).message.submessages;
}

describe('widgets started by /poll and /todo', () => {
  it('a /poll message carries its widget as a submessage: the question, one option per line, list markers dropped', async () => {
    const id = await send('/poll Where shall we eat?\nPizza\n* Sushi\n- Café Noir\n\n');
    expect(await submessagesOf(id)).toEqual([
      {
        id: expect.any(Number) as number,
        message_id: id,
        sender_id: realm.userId(HAMLET),
        msg_type: 'widget',
        // Stored as the server's json.dumps writes it: spaced separators, non-ASCII escaped.
        content: '{"widget_type": "poll", "extra_data": {"question": "Where shall we eat?", "options": ["Pizza", "Sushi", "Caf\\u00e9 Noir"]}}',
      },
    ]);
  });

  it('a /todo message: the title, and tasks with a description after the first ": "', async () => {
    const id = await send('/todo Release\nWrite notes: for 2.3: all of them\n* Tag');
    const [widget] = await submessagesOf(id);
    expect(JSON.parse(widget?.content ?? '')).toEqual({
      widget_type: 'todo',
      extra_data: { task_list_title: 'Release', tasks: [{ task: 'Write notes', desc: 'for 2.3: all of them' }, { task: 'Tag', desc: '' }] },
    });
  });

  it('a command without a question starts an empty widget; other words and commands start none', async () => {
    const [bare] = await submessagesOf(await send('/poll\nYes\nNo'));
    expect(JSON.parse(bare?.content ?? '')).toEqual({ widget_type: 'poll', extra_data: { question: '', options: ['Yes', 'No'] } });
    for (const content of ['/polls are fun', 'a /poll', ' /poll indented', '/me waves']) {
      expect(await submessagesOf(await send(content))).toEqual([]);
    }
  });

  it("reads whitespace as Python does: its \\s and strip() take U+001C..U+001F and U+0085, not U+FEFF", async () => {
    // What the server's get_widget_data answers for these contents.
    const todo = await submessagesOf(await send('/todo\u001fTitle\n\u00a0- milk: fresh \u001f\n\ufeffeggs'));
    expect(todo.map((submessage) => submessage.content)).toEqual([
      '{"widget_type": "todo", "extra_data": {"task_list_title": "Title", "tasks": [{"task": "milk", "desc": "fresh"}, {"task": "\\ufeffeggs", "desc": ""}]}}',
    ]);
    const poll = await submessagesOf(await send('/poll\u2003Lunch?\u0085\u001f* Pizza\u3000\n\ufeffSushi'));
    expect(poll.map((submessage) => submessage.content)).toEqual([
      '{"widget_type": "poll", "extra_data": {"question": "Lunch?", "options": ["Pizza", "\\ufeffSushi"]}}',
    ]);
  });

  it('the message event carries the widget', async () => {
    const othello = realm.clientFor('othello@zulip.com');
    const { queue_id, last_event_id } = await othello.events.register({ event_types: ['message'] });
    const id = await send('/poll Tea?');
    const { events } = await othello.events.get({ queue_id: queue_id ?? '', last_event_id, dont_block: true });
    const message = events.find((event) => event.type === 'message') as { message: { id: number; submessages: unknown[] } } | undefined;
    expect(message?.message.id).toBe(id);
    expect(message?.message.submessages).toEqual(await submessagesOf(id));
  });

  it('a widget message cannot have its content edited, after the payload checks; its topic can move', async () => {
    const id = await send('/poll Tea?\nYes');
    const hamlet = realm.clientFor(HAMLET);
    const error = { code: 'BAD_REQUEST', status: 400 };
    await expectApiError(hamlet.messages.update({ message_id: id, content: '/poll Coffee?' }), { ...error, msg: 'Widgets cannot be edited.' });
    await expectApiError(hamlet.messages.update({ message_id: id, content: 'x', stream_id: realm.channelId('Verona') }), {
      ...error,
      msg: 'Cannot change message content while changing channel',
    });
    await hamlet.messages.update({ message_id: id, topic: 'drinks' });
    expect((await hamlet.messages.get({ message_id: id })).message.subject).toBe('drinks');
  });
});
