import { describe, expect, it } from 'vitest';
import { parseEvent } from '../src/index';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();

const HAMLET = 'hamlet@zulip.com';
const OTHELLO_NAME = 'Othello, the Moor of Venice';

const now = () => Math.floor(realm.clock.now() / 1000);
const flagsOf = (email: string, messageId: number) => realm.mock.store.userMessages.flags(realm.userId(email), messageId);

/** Sends a channel message as hamlet (or `sender`) and returns its ID. */
async function send(content = 'first draft', to = 'Denmark', topic = 'plans', sender = HAMLET): Promise<number> {
  return (await realm.clientFor(sender).messages.send({ type: 'channel', to, topic, content })).id;
}

const badRequest = (msg: string) => ({ code: 'BAD_REQUEST', status: 400, msg });

describe('messages.update: content edits', () => {
  it('re-renders the content and records last_edit_timestamp and one edit_history entry', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const id = await send('first *draft*');
    realm.clock.advance(30_000);
    expect(await hamlet.messages.update({ message_id: id, content: 'second **draft**' })).toEqual({ detached_uploads: [] });
    const { message, raw_content } = await hamlet.messages.get({ message_id: id });
    expect(raw_content).toBe('second **draft**');
    expect(message.content).toBe('<p>second <strong>draft</strong></p>');
    expect(message.last_edit_timestamp).toBe(now());
    expect(message).not.toHaveProperty('last_moved_timestamp');
    expect(message.edit_history).toEqual([
      {
        user_id: realm.userId(HAMLET),
        timestamp: now(),
        prev_content: 'first *draft*',
        prev_rendered_content: '<p>first <em>draft</em></p>',
      },
    ]);
  });

  it('a never-edited message has no edit fields', async () => {
    const { message } = await realm.clientFor(HAMLET).messages.get({ message_id: await send() });
    for (const field of ['edit_history', 'last_edit_timestamp', 'last_moved_timestamp']) expect(message).not.toHaveProperty(field);
  });

  it('blank content becomes "(deleted)", and a direct message can be edited by its sender', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const id = await send();
    await hamlet.messages.update({ message_id: id, content: '  \n ' });
    expect((await hamlet.messages.get({ message_id: id })).raw_content).toBe('(deleted)');
    const dm = (await hamlet.messages.send({ type: 'direct', to: ['iago@zulip.com'], content: 'psst' })).id;
    await hamlet.messages.update({ message_id: dm, content: '/me whispers' });
    const { message } = await realm.clientFor('iago@zulip.com').messages.get({ message_id: dm });
    expect(message).toMatchObject({ content: '<p>/me whispers</p>', is_me_message: true });
  });

  it("blank is Python's blank: U+001C alone becomes \"(deleted)\", U+FEFF alone is content (regression: JavaScript's trimEnd)", async () => {
    const hamlet = realm.clientFor(HAMLET);
    const id = await send();
    await hamlet.messages.update({ message_id: id, content: '\u001c\u0085' });
    expect((await hamlet.messages.get({ message_id: id })).raw_content).toBe('(deleted)');
    await hamlet.messages.update({ message_id: id, content: '\ufeff' });
    expect((await hamlet.messages.get({ message_id: id })).raw_content).toBe('\ufeff');
  });

  it('edits within the 600 s limit plus the 20 s grace, refuses after it, and any time when unlimited', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const id = await send();
    realm.clock.advance(620_000);
    await hamlet.messages.update({ message_id: id, content: 'just in time' });
    realm.clock.advance(1_000);
    await expectApiError(hamlet.messages.update({ message_id: id, content: 'too late' }), badRequest('The time limit for editing this message has passed'));
    realm.mock.realm.message_content_edit_limit_seconds = null;
    await hamlet.messages.update({ message_id: id, content: 'no limit' });
  });

  it('the edit limit counts the exact time since sending, to the millisecond', async () => {
    const hamlet = realm.clientFor(HAMLET);
    realm.clock.set(1_700_000_000_900);
    const id = await send();
    realm.clock.advance(620_000);
    await hamlet.messages.update({ message_id: id, content: 'just in time' });
    realm.clock.advance(1);
    await expectApiError(hamlet.messages.update({ message_id: id, content: 'too late' }), badRequest('The time limit for editing this message has passed'));
  });

  it('only the sender edits content, whatever their role; the organization may turn editing off', async () => {
    const id = await send();
    for (const email of ['iago@zulip.com', 'desdemona@zulip.com', 'othello@zulip.com']) {
      await expectApiError(
        realm.clientFor(email).messages.update({ message_id: id, content: 'mine now' }),
        badRequest("You don't have permission to edit this message"),
      );
    }
    realm.mock.realm.allow_message_editing = false;
    await expectApiError(
      realm.clientFor(HAMLET).messages.update({ message_id: id, content: 'x' }),
      badRequest('Your organization has turned off message editing'),
    );
  });

  it('answers the payload errors with the real messages', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const id = await send();
    const dm = (await hamlet.messages.send({ type: 'direct', to: ['iago@zulip.com'], content: 'psst' })).id;
    const cases: [Parameters<typeof hamlet.messages.update>[0], string][] = [
      [{ message_id: id }, 'Nothing to change'],
      [{ message_id: id, topic: ' plans ' }, 'Nothing to change'],
      [{ message_id: dm, topic: 'a topic' }, 'Direct messages cannot have topics.'],
      [{ message_id: dm, stream_id: realm.channelId('Denmark') }, 'Direct messages cannot be moved to channels.'],
      [{ message_id: id, content: 'x', propagate_mode: 'change_all' }, 'Invalid propagate_mode without topic edit'],
      [{ message_id: id, content: 'x', stream_id: realm.channelId('Verona') }, 'Cannot change message content while changing channel'],
      [{ message_id: id, topic: '✔' }, 'General chat cannot be marked as resolved'],
      [{ message_id: id, topic: '✔ general chat' }, 'General chat cannot be marked as resolved'],
      [{ message_id: id, topic: 'a\u0000b' }, 'Invalid character in topic, at position 2!'],
      [{ message_id: id, content: 'a\u0000b' }, 'Message must not contain null bytes'],
      [{ message_id: 999_999, content: 'x' }, 'Invalid message(s)'],
      [{ message_id: id, stream_id: 999 }, 'Invalid channel ID'],
    ];
    for (const [params, msg] of cases) await expectApiError(hamlet.messages.update(params), badRequest(msg));
    // A private channel the mover is not subscribed to is as unknown as a missing one.
    const othello = realm.clientFor('othello@zulip.com');
    await expectApiError(othello.messages.update({ message_id: id, stream_id: realm.channelId('core team') }), badRequest('Invalid channel ID'));
  });

  it('refuses an unknown propagate_mode and a message the editor cannot see, as the server does', async () => {
    const id = await send();
    const response = await realm.raw(HAMLET, 'PATCH', `/messages/${id}`, new URLSearchParams({ topic: 'x', propagate_mode: 'sometimes' }));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ result: 'error', code: 'BAD_REQUEST', msg: 'Invalid propagate_mode' });
    const othersDm = (await realm.clientFor('iago@zulip.com').messages.send({ type: 'direct', to: ['othello@zulip.com'], content: 'secret' })).id;
    await expectApiError(realm.clientFor(HAMLET).messages.update({ message_id: othersDm, content: 'x' }), badRequest('Invalid message(s)'));
    const archived = realm.channelId('Denmark');
    realm.mock.store.tables.channel.update(archived, { is_archived: true });
    await expectApiError(realm.clientFor(HAMLET).messages.update({ message_id: id, content: 'x' }), badRequest('Invalid message(s)'));
  });

  it('accepts the legacy `subject` for `topic`', async () => {
    const id = await send();
    const response = await realm.raw(HAMLET, 'PATCH', `/messages/${id}`, new URLSearchParams({ subject: 'renamed' }));
    expect(response.status).toBe(200);
    expect(realm.mock.store.tables.message.get(id)?.topic).toBe('renamed');
  });
});

describe('messages.update: mention flags follow the new content', () => {
  it('adds and removes `mentioned` for a user mentioned by name or through a group', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const id = await send('hello');
    expect(flagsOf('othello@zulip.com', id)).toEqual([]);
    await hamlet.messages.update({ message_id: id, content: `hello @**${OTHELLO_NAME}**` });
    expect(flagsOf('othello@zulip.com', id)).toEqual(['mentioned']);
    expect((await realm.clientFor('othello@zulip.com').messages.get({ message_id: id })).message.flags).toEqual(['mentioned']);
    await hamlet.messages.update({ message_id: id, content: 'hello @*hamletcharacters*' });
    expect(flagsOf('othello@zulip.com', id)).toEqual([]);
    expect(flagsOf('cordelia@zulip.com', id)).toEqual(['mentioned']);
    await hamlet.messages.update({ message_id: id, content: 'hello again' });
    expect(flagsOf('cordelia@zulip.com', id)).toEqual([]);
  });

  it('channel wildcards flag everyone; topic wildcards only the topic participants; read and starred stay', async () => {
    const hamlet = realm.clientFor(HAMLET);
    await send('I was here', 'Denmark', 'plans', 'cordelia@zulip.com');
    const id = await send('hello');
    realm.mock.store.userMessages.setFlag(realm.userId('othello@zulip.com'), id, 'starred', true);
    await hamlet.messages.update({ message_id: id, content: 'hello @**all**' });
    expect(flagsOf('othello@zulip.com', id)).toEqual(['starred', 'stream_wildcard_mentioned']);
    expect((await realm.clientFor('othello@zulip.com').messages.get({ message_id: id })).message.flags).toEqual([
      'starred',
      'stream_wildcard_mentioned',
      'wildcard_mentioned',
    ]);
    await hamlet.messages.update({ message_id: id, content: 'hello @**topic**' });
    expect(flagsOf('othello@zulip.com', id)).toEqual(['starred']);
    expect(flagsOf('cordelia@zulip.com', id)).toEqual(['topic_wildcard_mentioned']);
    expect(flagsOf(HAMLET, id)).toEqual(['topic_wildcard_mentioned']);
  });

  it('with a topic rename, a topic wildcard flags the participants of the new topic, not the old (acceptance test)', async () => {
    await send('I was here', 'Denmark', 'plans', 'cordelia@zulip.com');
    await send('elsewhere', 'Denmark', 'other', 'othello@zulip.com');
    const id = await send('hello');
    const events = await verifyAction(realm.clientFor('othello@zulip.com'), () =>
      realm.clientFor(HAMLET).messages.update({ message_id: id, content: 'hello @**topic**', topic: 'other' }),
    );
    expect(events.find((event) => event?.type === 'update_message')).toMatchObject({ subject: 'other', flags: ['topic_wildcard_mentioned'] });
    expect(flagsOf('othello@zulip.com', id)).toEqual(['topic_wildcard_mentioned']);
    expect(flagsOf('cordelia@zulip.com', id)).toEqual([]);
    expect(flagsOf(HAMLET, id)).toEqual(['topic_wildcard_mentioned']);
  });

  it('checks the new mentions as sending does', async () => {
    const id = await send('hello');
    await expectApiError(
      realm.clientFor(HAMLET).messages.update({ message_id: id, content: '@*role:members*' }),
      badRequest("You are not allowed to mention user group 'role:members'."),
    );
  });
});

describe('edit history', () => {
  it('GET history returns snapshots oldest first, each with what its edit changed', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const id = await send('one');
    const sent = now();
    realm.clock.advance(10_000);
    await hamlet.messages.update({ message_id: id, content: 'two' });
    realm.clock.advance(10_000);
    await hamlet.messages.update({ message_id: id, topic: 'renamed' });
    const { message_history } = await hamlet.messages.history({ message_id: id });
    const user_id = realm.userId(HAMLET);
    expect(message_history).toEqual([
      { content: 'one', rendered_content: '<p>one</p>', topic: 'plans', timestamp: sent, user_id },
      {
        content: 'two',
        rendered_content: '<p>two</p>',
        prev_content: 'one',
        prev_rendered_content: '<p>one</p>',
        content_html_diff: '<div><p><span class="highlight_text_inserted">two</span></p> <p><span class="highlight_text_deleted">one</span></p></div>',
        topic: 'plans',
        timestamp: sent + 10,
        user_id,
      },
      { content: 'two', rendered_content: '<p>two</p>', topic: 'renamed', prev_topic: 'plans', timestamp: sent + 20, user_id },
    ]);
    const { message } = await hamlet.messages.get({ message_id: id });
    expect(message.edit_history).toEqual([
      { user_id, timestamp: sent + 20, prev_topic: 'plans', topic: 'renamed' },
      { user_id, timestamp: sent + 10, prev_content: 'one', prev_rendered_content: '<p>one</p>' },
    ]);
  });

  it('a never-edited message has one snapshot; the empty topic reads "general chat" unless allowed', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const id = await send('hi', 'Denmark', '');
    expect((await hamlet.messages.history({ message_id: id })).message_history).toEqual([
      { content: 'hi', rendered_content: '<p>hi</p>', topic: 'general chat', timestamp: now(), user_id: realm.userId(HAMLET) },
    ]);
    expect((await hamlet.messages.history({ message_id: id, allow_empty_topic_name: true })).message_history[0]?.topic).toBe('');
    await expectApiError(realm.clientFor('othello@zulip.com').messages.history({ message_id: 999_999 }), badRequest('Invalid message(s)'));
  });

  it('"none" hides edit_history and refuses GET history; "moves" shows only the moves', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const id = await send('one');
    await hamlet.messages.update({ message_id: id, content: 'two' });
    await hamlet.messages.update({ message_id: id, topic: 'renamed' });
    realm.mock.realm.message_edit_history_visibility_policy = 'none';
    const hidden = (await hamlet.messages.get({ message_id: id })).message;
    expect(hidden).not.toHaveProperty('edit_history');
    expect(hidden.last_edit_timestamp).toBe(now());
    await expectApiError(hamlet.messages.history({ message_id: id }), badRequest('Message edit history is disabled in this organization'));
    realm.mock.realm.message_edit_history_visibility_policy = 'moves';
    expect((await hamlet.messages.get({ message_id: id })).message.edit_history).toEqual([
      { user_id: realm.userId(HAMLET), timestamp: now(), prev_topic: 'plans', topic: 'renamed' },
    ]);
    const snapshots = (await hamlet.messages.history({ message_id: id })).message_history;
    expect(snapshots.map((snapshot) => [snapshot.topic, snapshot.content, 'prev_content' in snapshot])).toEqual([
      ['plans', 'one', false],
      ['renamed', 'two', false],
    ]);
  });
});

describe('update_message events for content edits', () => {
  it('go to every user with a copy, with their flags after the edit, and content in both forms', async () => {
    const othello = realm.clientFor('othello@zulip.com');
    const id = await send('hello');
    const queue = await othello.events.register({ event_types: ['update_message'] });
    await realm.clientFor(HAMLET).messages.update({ message_id: id, content: `hi @**${OTHELLO_NAME}**` });
    const { events } = await othello.events.get({ queue_id: queue.queue_id ?? '', last_event_id: -1, dont_block: true });
    expect(events).toEqual([
      {
        id: 0,
        type: 'update_message',
        user_id: realm.userId(HAMLET),
        edit_timestamp: now(),
        message_id: id,
        message_ids: [id],
        flags: ['mentioned'],
        rendering_only: false,
        orig_content: 'hello',
        orig_rendered_content: '<p>hello</p>',
        content: `hi @**${OTHELLO_NAME}**`,
        rendered_content: `<p>hi <span class="user-mention" data-user-id="${realm.userId('othello@zulip.com')}">@${OTHELLO_NAME}</span></p>`,
        is_me_message: false,
        stream_id: realm.channelId('Denmark'),
        stream_name: 'Denmark',
      },
    ]);
    expect(parseEvent(events[0] as never)?.type).toBe('update_message');
  });

  it('reach subscribers without a copy of a history-public channel (flags read), not other users', async () => {
    const id = await send('before cordelia');
    const prospero = realm.clientFor('prospero@zulip.com');
    const polonius = realm.clientFor('polonius@zulip.com');
    realm.mock.store.tables.subscription.insert({
      id: 5999, user_id: realm.userId('prospero@zulip.com'), channel_id: realm.channelId('Denmark'), active: true, is_muted: false, color: '#fff',
    });
    const subscriberQueue = await prospero.events.register({ event_types: ['update_message'] });
    const outsiderQueue = await polonius.events.register({ event_types: ['update_message'] });
    await realm.clientFor(HAMLET).messages.update({ message_id: id, content: 'after' });
    const forSubscriber = await prospero.events.get({ queue_id: subscriberQueue.queue_id ?? '', last_event_id: -1, dont_block: true });
    expect(forSubscriber.events.map((event) => event['flags'])).toEqual([['read']]);
    const forOutsider = await polonius.events.get({ queue_id: outsiderQueue.queue_id ?? '', last_event_id: -1, dont_block: true });
    expect(forOutsider.events).toEqual([]);
  });

  it('carry the stored flags only: a wildcard mention adds no wildcard_mentioned (acceptance test)', async () => {
    const othello = realm.clientFor('othello@zulip.com');
    const id = await send('hello');
    const events = await verifyAction(othello, () => realm.clientFor(HAMLET).messages.update({ message_id: id, content: 'hello @**all**' }));
    expect(events).toMatchObject([{ type: 'update_message', message_id: id }]);
    expect(events[0]).toHaveProperty('flags', ['stream_wildcard_mentioned']);
    const topic = await verifyAction(othello, () => realm.clientFor(HAMLET).messages.update({ message_id: id, content: 'hello @**topic**' }));
    expect(topic[0]).toHaveProperty('flags', []);
    expect(flagsOf(HAMLET, id)).toEqual(['topic_wildcard_mentioned']);
  });

  it('acceptance: a content edit in a channel and in a direct message', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const othello = realm.clientFor('othello@zulip.com');
    const id = await send('hello');
    const events = await verifyAction(othello, () => hamlet.messages.update({ message_id: id, content: `@**${OTHELLO_NAME}**` }));
    expect(events.map((event) => event?.type)).toEqual(['update_message']);
    const dm = (await hamlet.messages.send({ type: 'direct', to: ['othello@zulip.com'], content: 'psst' })).id;
    const dmEvents = await verifyAction(othello, () => hamlet.messages.update({ message_id: dm, content: 'PSST' }));
    expect(dmEvents).toMatchObject([{ type: 'update_message', message_ids: [dm], content: 'PSST' }]);
    expect(dmEvents[0]).not.toHaveProperty('stream_id');
  });
});
