import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ChatClient } from '../src/index';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';

const errors: string[] = [];
const realm = useTestRealm({ logger: { warn: () => undefined, error: (message) => errors.push(message) } });
afterEach(() => {
  errors.length = 0;
  vi.restoreAllMocks();
});

const bad = (msg: string) => ({ code: 'BAD_REQUEST', status: 400, msg });
const PAST = bad('Scheduled delivery time must be in the future.');
const INVALID_MESSAGE = bad('Invalid message(s)');
const NO_REMINDER = { code: 'BAD_REQUEST', status: 404, msg: 'Reminder does not exist' };
const NO_SCHEDULED_MESSAGE = { code: 'BAD_REQUEST', status: 404, msg: 'Scheduled message does not exist' };

/** UNIX seconds of the realm's clock, plus an offset. */
const inSeconds = (offset: number) => Math.floor(realm.clock.now() / 1000) + offset;
const URL = 'http://chat.test';
const id = (email: string) => realm.userId(email);
const HAMLET = 'hamlet@zulip.com';

async function sendToVerona(client: ChatClient, content: string, topic = 'test'): Promise<number> {
  return (await client.messages.send({ type: 'channel', to: 'Verona', topic, content })).id;
}

/** The text of a reminder of a message Hamlet sent to Othello, as the server's tests spell it. */
function directText(messageId: number, quoted: string, note = ''): string {
  const ids = [id(HAMLET), id('othello@zulip.com')].sort((a, b) => a - b).join(',');
  return (
    `You requested a reminder for the following direct message.${note}\n\n` +
    `@_**King Hamlet|${id(HAMLET)}** [said](${URL}/#narrow/dm/${ids}/near/${messageId}):\n\`\`\`quote\n${quoted}\n\`\`\``
  );
}

async function reminderOf(client: ChatClient, messageId: number, note?: string) {
  const { reminder_id } = await client.reminders.create({ message_id: messageId, scheduled_delivery_timestamp: inSeconds(3600), ...(note === undefined ? {} : { note }) });
  const reminder = (await client.reminders.list()).reminders.find((entry) => entry.reminder_id === reminder_id);
  if (!reminder) throw new Error('the reminder is not listed');
  return reminder;
}

describe('scheduling reminders', () => {
  it('of a channel message: a direct message to oneself linking the message and quoting it, as the server writes it', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const messageId = await sendToVerona(hamlet, 'Test **message**');
    const at = inSeconds(86400);
    const { reminder_id } = await hamlet.reminders.create({ message_id: messageId, scheduled_delivery_timestamp: at });
    const verona = realm.channelId('Verona');
    expect(await hamlet.reminders.list()).toEqual({
      reminders: [
        {
          reminder_id,
          reminder_target_message_id: messageId,
          type: 'private',
          to: [id(HAMLET)],
          content:
            `You requested a reminder for #**Verona>test@${messageId}**.\n\n` +
            `@_**King Hamlet|${id(HAMLET)}** [said](${URL}/#narrow/channel/${verona}-Verona/topic/test/near/${messageId}):\n\`\`\`quote\nTest **message**\n\`\`\``,
          rendered_content: expect.stringContaining('<blockquote>\n<p>Test <strong>message</strong></p>\n</blockquote>') as string,
          scheduled_delivery_timestamp: at,
          failed: false,
        },
      ],
    });
    // Each user sees only their own.
    expect(await realm.clientFor('othello@zulip.com').reminders.list()).toEqual({ reminders: [] });
  });

  it('of direct messages: the participants in the link, `-group` from three on', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const othello = id('othello@zulip.com');
    const direct = (await hamlet.messages.send({ type: 'direct', to: [othello], content: 'psst' })).id;
    expect((await reminderOf(hamlet, direct)).content).toBe(directText(direct, 'psst'));
    const cordelia = id('cordelia@zulip.com');
    const group = (await hamlet.messages.send({ type: 'direct', to: [othello, cordelia], content: 'all' })).id;
    const groupIds = [id(HAMLET), othello, cordelia].sort((a, b) => a - b).join(',');
    expect((await reminderOf(hamlet, group)).content).toContain(`[said](${URL}/#narrow/dm/${groupIds}-group/near/${group}):`);
    const self = (await hamlet.messages.send({ type: 'direct', to: [id(HAMLET)], content: 'me' })).id;
    expect((await reminderOf(hamlet, self)).content).toContain(`[said](${URL}/#narrow/dm/${id(HAMLET)}/near/${self}):`);
  });

  it('with a note (level 415): trailing whitespace and leading line breaks stripped; a blank note is none', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const direct = (await hamlet.messages.send({ type: 'direct', to: [id('othello@zulip.com')], content: 'x' })).id;
    expect((await reminderOf(hamlet, direct, 'This is a note for the reminder.')).content).toBe(directText(direct, 'x', ' Note:\n > This is a note for the reminder.'));
    expect((await reminderOf(hamlet, direct, '\n\n  indented \t\n')).content).toBe(directText(direct, 'x', ' Note:\n >   indented'));
    expect((await reminderOf(hamlet, direct, ' \n ')).content).toBe(directText(direct, 'x'));
    expect((await reminderOf(hamlet, direct, '')).content).toBe(directText(direct, 'x'));
  });

  it('keeps formatting characters as they are, and links a topic the #** syntax cannot carry with a plain link', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const verona = realm.channelId('Verona');
    const braces = await sendToVerona(hamlet, '{456}', '{789}');
    expect((await reminderOf(hamlet, braces, '{123}')).content).toBe(
      `You requested a reminder for #**Verona>{789}@${braces}**. Note:\n > {123}\n\n` +
        `@_**King Hamlet|${id(HAMLET)}** [said](${URL}/#narrow/channel/${verona}-Verona/topic/.7B789.7D/near/${braces}):\n\`\`\`quote\n{456}\n\`\`\``,
    );
    const starred = await sendToVerona(hamlet, 'x', 'a*b');
    expect((await reminderOf(hamlet, starred)).content).toMatch(
      new RegExp(`^You requested a reminder for \\[#Verona > a&#42;b @ 💬\\]\\(#narrow/channel/${verona}-Verona/topic/a\\*b/near/${starred}\\)\\.\n\n`),
    );
  });

  it('names a poll or a to-do list instead of quoting it', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const othello = id('othello@zulip.com');
    const ids = [id(HAMLET), othello].sort((a, b) => a - b).join(',');
    const poll = (await hamlet.messages.send({ type: 'direct', to: [othello], content: '/poll What is your favorite color?' })).id;
    expect((await reminderOf(hamlet, poll)).content).toBe(
      `You requested a reminder for the following direct message.\n\n@_**King Hamlet|${id(HAMLET)}** [sent](${URL}/#narrow/dm/${ids}/near/${poll}) a poll.`,
    );
    const todo = (await hamlet.messages.send({ type: 'direct', to: [othello], content: '/todo List of tasks' })).id;
    expect((await reminderOf(hamlet, todo)).content).toMatch(/\) a todo list\.$/);
  });

  it('cuts the quote so that the text fits the message length limit', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const long = (await hamlet.messages.send({ type: 'direct', to: [id('othello@zulip.com')], content: 'x'.repeat(10000) })).id;
    const { content } = await reminderOf(hamlet, long);
    const wrapper = directText(long, '\n[message truncated]').length;
    expect(content).toBe(directText(long, `${'x'.repeat(10000 - wrapper)}\n[message truncated]`));
    expect(content).toHaveLength(10000);
  });

  it('fences the quote with a fence the text before it does not open a line with (the quoted message is not looked at)', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const direct = (await hamlet.messages.send({ type: 'direct', to: [id('othello@zulip.com')], content: '```\ncode\n```' })).id;
    expect((await reminderOf(hamlet, direct)).content).toBe(directText(direct, '```\ncode\n```'));
    const withFence = await reminderOf(hamlet, direct, 'see\n````');
    expect(withFence.content).toMatch(/:\n`````quote\n```\ncode\n```\n`````$/);
  });

  it('reads lines of the text as Python does: a fence after \\r, U+2028 or U+2029 opens no line, so the quote keeps three backticks', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const direct = (await hamlet.messages.send({ type: 'direct', to: [id('othello@zulip.com')], content: 'hello' })).id;
    for (const separator of ['\r', '\u2028', '\u2029']) {
      expect((await reminderOf(hamlet, direct, `see${separator}\`\`\`\``)).content).toMatch(/:\n```quote\nhello\n```$/);
    }
    expect((await reminderOf(hamlet, direct, 'see\r\n````')).content).toMatch(/:\n`````quote\nhello\n`````$/);
  });

  it('checks the time first, then that the caller can read the message, then the note', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const create = (message_id: number, scheduled_delivery_timestamp: number, note?: string) =>
      hamlet.reminders.create({ message_id, scheduled_delivery_timestamp, ...(note === undefined ? {} : { note }) });
    const mine = await sendToVerona(hamlet, 'mine');
    const longNote = 'n'.repeat(1001);
    await expectApiError(create(123456789, inSeconds(0), longNote), PAST);
    await expectApiError(create(mine, inSeconds(-60)), PAST);
    await expectApiError(create(123456789, inSeconds(60), longNote), INVALID_MESSAGE);
    // A direct message between others, which Hamlet never received.
    const othello = realm.clientFor('othello@zulip.com');
    const theirs = (await othello.messages.send({ type: 'direct', to: [id('iago@zulip.com')], content: 'private' })).id;
    await expectApiError(create(theirs, inSeconds(60)), INVALID_MESSAGE);
    await expectApiError(create(mine, inSeconds(60), longNote), bad('Maximum reminder note length: 1000 characters'));
    // The limit counts characters after stripping.
    await expect(create(mine, inSeconds(60), `${'😀'.repeat(1000)} \n\t`)).resolves.toMatchObject({ reminder_id: expect.any(Number) as number });
    expect((await hamlet.reminders.list()).reminders).toHaveLength(1);
  });
});

describe('reminders and scheduled messages', () => {
  it('share IDs and delivery, but neither endpoint lists or finds the other', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const messageId = await sendToVerona(hamlet, 'remember me');
    const { reminder_id } = await hamlet.reminders.create({ message_id: messageId, scheduled_delivery_timestamp: inSeconds(600) });
    const { scheduled_message_id } = await hamlet.scheduledMessages.create({ type: 'direct', to: [id(HAMLET)], content: 'later', scheduled_delivery_timestamp: inSeconds(600) });
    expect(scheduled_message_id).toBe(reminder_id + 1);
    expect((await hamlet.scheduledMessages.list()).scheduled_messages.map((message) => message.scheduled_message_id)).toEqual([scheduled_message_id]);
    expect((await hamlet.reminders.list()).reminders.map((reminder) => reminder.reminder_id)).toEqual([reminder_id]);
    await expectApiError(hamlet.scheduledMessages.update({ scheduled_message_id: reminder_id, content: 'x' }), NO_SCHEDULED_MESSAGE);
    await expectApiError(hamlet.scheduledMessages.delete({ scheduled_message_id: reminder_id }), NO_SCHEDULED_MESSAGE);
    await expectApiError(hamlet.reminders.delete({ reminder_id: scheduled_message_id }), NO_REMINDER);
  });

  it('the register state lists each kind under its own key', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const messageId = await sendToVerona(hamlet, 'remember me');
    await hamlet.reminders.create({ message_id: messageId, scheduled_delivery_timestamp: inSeconds(600) });
    await hamlet.scheduledMessages.create({ type: 'direct', to: [id(HAMLET)], content: 'later', scheduled_delivery_timestamp: inSeconds(300) });
    const state = await hamlet.events.register({ event_types: ['reminders', 'scheduled_messages', 'realm'] });
    expect(state.reminders).toEqual((await hamlet.reminders.list()).reminders);
    expect(state.scheduled_messages?.map((message) => message.content)).toEqual(['later']);
    expect(state.max_reminder_note_length).toBe(1000);
  });
});

describe('deleting reminders', () => {
  it("deletes one's own, soonest first in the list; another user's, or one deleted already, does not exist", async () => {
    const hamlet = realm.clientFor(HAMLET);
    const messageId = await sendToVerona(hamlet, 'remember me');
    const later = await hamlet.reminders.create({ message_id: messageId, scheduled_delivery_timestamp: inSeconds(7200) });
    const sooner = await hamlet.reminders.create({ message_id: messageId, scheduled_delivery_timestamp: inSeconds(3600) });
    expect((await hamlet.reminders.list()).reminders.map((reminder) => reminder.reminder_id)).toEqual([sooner.reminder_id, later.reminder_id]);
    await expectApiError(realm.clientFor('cordelia@zulip.com').reminders.delete({ reminder_id: later.reminder_id }), NO_REMINDER);
    await expect(hamlet.reminders.delete({ reminder_id: later.reminder_id })).resolves.toEqual({});
    expect((await hamlet.reminders.list()).reminders.map((reminder) => reminder.reminder_id)).toEqual([sooner.reminder_id]);
    await expectApiError(hamlet.reminders.delete({ reminder_id: later.reminder_id }), NO_REMINDER);
  });
});

describe('reminder delivery', () => {
  const notices = async (client: ChatClient) =>
    (await client.messages.list({ anchor: 'newest', num_before: 5, num_after: 0, narrow: [{ operator: 'sender', operand: 'notification-bot@zulip.com' }], apply_markdown: false })).messages;

  it("Notification Bot sends the owner the text written again from the message as it is then, unread; the reminder leaves the list", async () => {
    const hamlet = realm.clientFor(HAMLET);
    const messageId = await sendToVerona(hamlet, 'first draft');
    const at = inSeconds(300);
    const { reminder_id } = await hamlet.reminders.create({ message_id: messageId, scheduled_delivery_timestamp: at, note: 'check this' });
    await hamlet.messages.update({ message_id: messageId, content: 'final text' });
    realm.clock.advance(299_000);
    expect((await hamlet.reminders.list()).reminders).toHaveLength(1);
    realm.clock.advance(1_000);
    expect((await hamlet.reminders.list()).reminders).toEqual([]);
    const [notice] = await notices(hamlet);
    const verona = realm.channelId('Verona');
    expect(notice).toMatchObject({
      type: 'private',
      sender_email: 'notification-bot@zulip.com',
      display_recipient: [expect.objectContaining({ email: HAMLET }), expect.objectContaining({ email: 'notification-bot@zulip.com' })],
      timestamp: at,
      flags: [],
      content:
        `You requested a reminder for #**Verona>test@${messageId}**. Note:\n > check this\n\n` +
        `@_**King Hamlet|${id(HAMLET)}** [said](${URL}/#narrow/channel/${verona}-Verona/topic/test/near/${messageId}):\n\`\`\`quote\nfinal text\n\`\`\``,
    });
    // Sent: nobody else got it, and it can still be deleted (the server only looks it up).
    expect(await notices(realm.clientFor('othello@zulip.com'))).toEqual([]);
    await expect(hamlet.reminders.delete({ reminder_id })).resolves.toEqual({});
  });

  it('sends the text written at scheduling when the message can no longer be read', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const direct = (await hamlet.messages.send({ type: 'direct', to: [id('othello@zulip.com')], content: 'Test content' })).id;
    await hamlet.reminders.create({ message_id: direct, scheduled_delivery_timestamp: inSeconds(60) });
    await hamlet.messages.delete({ message_id: direct });
    realm.clock.advance(60_000);
    const [notice] = await notices(hamlet);
    expect(notice?.content).toBe(directText(direct, 'Test content'));
  });

  it('a reminder that fails is marked failed, still listed, with no event and no notice', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const messageId = await sendToVerona(hamlet, 'x');
    const { reminder_id } = await hamlet.reminders.create({ message_id: messageId, scheduled_delivery_timestamp: inSeconds(60) });
    const { queue_id, last_event_id } = await hamlet.events.register({ event_types: ['reminders', 'message', 'scheduled_messages'] });
    // An unexpected failure of the server while it sends (here: storing Notification Bot's message).
    vi.spyOn(realm.mock.store.tables.message, 'insert').mockImplementationOnce(() => {
      throw new Error('disk full');
    });
    realm.clock.advance(60_000);
    expect((await hamlet.reminders.list()).reminders).toEqual([expect.objectContaining({ reminder_id, failed: true })]);
    expect(realm.mock.store.tables.scheduledMessage.get(reminder_id)).toMatchObject({ failed: true, failure_message: 'Internal server error', delivered: false });
    expect((await hamlet.events.get({ queue_id: queue_id ?? '', last_event_id, dont_block: true })).events).toEqual([]);
    expect(await notices(hamlet)).toEqual([]);
    expect(errors).toEqual([`[teamchat-mock] sending scheduled message ${reminder_id} failed`]);
    // Not tried again.
    realm.clock.advance(60_000);
    expect((await hamlet.reminders.list()).reminders).toEqual([expect.objectContaining({ reminder_id, failed: true })]);
  });

  it('an owner deactivated meanwhile gets no message, and the reminder counts as delivered', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const messageId = await sendToVerona(hamlet, 'x');
    const { reminder_id } = await hamlet.reminders.create({ message_id: messageId, scheduled_delivery_timestamp: inSeconds(60) });
    await realm.clientFor('iago@zulip.com').users.deactivate({ user_id: id(HAMLET) });
    const messages = realm.mock.store.tables.message.size;
    realm.clock.advance(60_000);
    expect(realm.mock.store.tables.scheduledMessage.get(reminder_id)).toMatchObject({ delivered: true, delivered_message_id: null, failed: false });
    expect(realm.mock.store.tables.message.size).toBe(messages);
  });
});
