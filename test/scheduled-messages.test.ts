import { describe, expect, it, vi } from 'vitest';
import { UNCLAIMED_UPLOAD_RETENTION_MS } from '../mock/domain/uploads/expiry';
import { createMockServer } from '../mock/index';
import { DetachedClock } from './support/detached-clock';
import { ChatClient } from '../src/index';
import { expectApiError } from './support/failure';
import { CountingClock } from './support/counting-clock';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();

const bad = (msg: string) => ({ code: 'BAD_REQUEST', status: 400, msg });
const NOT_FOUND = { code: 'BAD_REQUEST', status: 404, msg: 'Scheduled message does not exist' };
const PAST = bad('Scheduled delivery time must be in the future.');

/** UNIX seconds of the realm's clock, plus an offset. */
const inSeconds = (offset: number) => Math.floor(realm.clock.now() / 1000) + offset;

describe('scheduled messages', () => {
  it('schedules channel and direct messages and lists them soonest first, as the API shows them', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const verona = realm.channelId('Verona');
    const [me, othello, cordelia] = ['hamlet@zulip.com', 'othello@zulip.com', 'cordelia@zulip.com'].map((email) => realm.userId(email));
    const later = inSeconds(7200);
    const sooner = inSeconds(3600);
    const channel = await hamlet.scheduledMessages.create({ type: 'channel', to: verona, topic: '  plans ', content: 'Test **message**', scheduled_delivery_timestamp: later });
    const direct = await hamlet.scheduledMessages.create({ type: 'direct', to: [othello as number, me as number, othello as number], content: 'psst', scheduled_delivery_timestamp: sooner });
    const group = await hamlet.scheduledMessages.create({ type: 'private', to: [othello as number, cordelia as number], content: 'all', scheduled_delivery_timestamp: later });
    const self = await hamlet.scheduledMessages.create({ type: 'direct', to: [me as number], content: 'note', scheduled_delivery_timestamp: later + 1 });
    expect(channel.scheduled_message_id).toBeLessThan(direct.scheduled_message_id);
    const { scheduled_messages } = await hamlet.scheduledMessages.list();
    expect(scheduled_messages).toEqual([
      { scheduled_message_id: direct.scheduled_message_id, to: [othello], type: 'private', content: 'psst', rendered_content: '<p>psst</p>', scheduled_delivery_timestamp: sooner, failed: false },
      {
        scheduled_message_id: channel.scheduled_message_id,
        to: verona,
        type: 'stream',
        topic: 'plans',
        content: 'Test **message**',
        rendered_content: '<p>Test <strong>message</strong></p>',
        scheduled_delivery_timestamp: later,
        failed: false,
      },
      {
        scheduled_message_id: group.scheduled_message_id,
        to: [Math.min(othello as number, cordelia as number), Math.max(othello as number, cordelia as number)],
        type: 'private',
        content: 'all',
        rendered_content: '<p>all</p>',
        scheduled_delivery_timestamp: later,
        failed: false,
      },
      { scheduled_message_id: self.scheduled_message_id, to: [me], type: 'private', content: 'note', rendered_content: '<p>note</p>', scheduled_delivery_timestamp: later + 1, failed: false },
    ]);
    // Each user sees only their own.
    expect(await realm.clientFor('othello@zulip.com').scheduledMessages.list()).toEqual({ scheduled_messages: [] });
  });

  it('refuses a delivery time that is not in the future, before it reads the recipients', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const now = inSeconds(0);
    await expectApiError(hamlet.scheduledMessages.create({ type: 'channel', to: [1], topic: 't', content: 'x', scheduled_delivery_timestamp: now }), PAST);
    await expectApiError(hamlet.scheduledMessages.create({ type: 'direct', to: 99, content: 'x', scheduled_delivery_timestamp: now - 60 }), PAST);
  });

  it('refuses a delivery time past the year 9999, such as one in milliseconds, where the server fails with HTTP 500', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const verona = realm.channelId('Verona');
    const schedule = (scheduled_delivery_timestamp: number) => hamlet.scheduledMessages.create({ type: 'channel', to: verona, topic: 't', content: 'x', scheduled_delivery_timestamp });
    await expectApiError(schedule(realm.clock.now() + 3_600_000), bad('scheduled_delivery_timestamp is too large'));
    await expectApiError(schedule(253_402_300_800), bad('scheduled_delivery_timestamp is too large'));
    const { scheduled_message_id } = await schedule(253_402_300_799);
    await expectApiError(hamlet.scheduledMessages.update({ scheduled_message_id, scheduled_delivery_timestamp: realm.clock.now() + 60_000 }), bad('scheduled_delivery_timestamp is too large'));
    await expectApiError(hamlet.reminders.create({ message_id: 1, scheduled_delivery_timestamp: realm.clock.now() }), bad('scheduled_delivery_timestamp is too large'));
  });

  it('checks the recipients and content as sending does, with the server messages', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const verona = realm.channelId('Verona');
    const at = inSeconds(600);
    const create = (params: Record<string, unknown>) =>
      hamlet.scheduledMessages.create({ content: 'x', scheduled_delivery_timestamp: at, ...params } as Parameters<typeof hamlet.scheduledMessages.create>[0]);
    await expectApiError(create({ type: 'channel', to: [verona] , topic: 't' }), bad('Invalid data type for channel ID'));
    await expectApiError(create({ type: 'direct', to: verona }), bad('Invalid data type for recipients'));
    await expectApiError(create({ type: 'direct', to: [] }), bad('Message must have recipients'));
    await expectApiError(create({ type: 'direct', to: [1] }), bad('Invalid user ID 1'));
    await expectApiError(create({ type: 'channel', to: verona }), bad('Missing topic'));
    await expectApiError(create({ type: 'channel', to: verona, topic: 't', content: '  ' }), bad('Message must not be empty'));
    await expectApiError(create({ type: 'channel', to: 1, topic: 't' }), { code: 'STREAM_DOES_NOT_EXIST', status: 400, msg: "Channel with ID '1' does not exist" });
    expect((await hamlet.scheduledMessages.list()).scheduled_messages).toEqual([]);
  });

  it('reads `to` as the server types it: user emails are no IDs', async () => {
    const response = await realm.raw(
      'hamlet@zulip.com',
      'POST',
      '/scheduled_messages',
      new URLSearchParams({ type: 'direct', to: '["othello@zulip.com"]', content: 'x', scheduled_delivery_timestamp: String(inSeconds(600)) }),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ result: 'error', code: 'BAD_REQUEST', msg: 'to["int"] is not an integer' });
  });

  it('refuses an unknown `type` with the server’s validator message, when scheduling and when editing', async () => {
    const { scheduled_message_id: id } = await realm.clientFor('hamlet@zulip.com').scheduledMessages.create({
      type: 'direct',
      to: [realm.userId('othello@zulip.com') as number],
      content: 'x',
      scheduled_delivery_timestamp: inSeconds(600),
    });
    const notAType = { result: 'error', code: 'BAD_REQUEST', msg: 'Invalid type: Value error, Not in the list of possible values' };
    const at = String(inSeconds(600));
    for (const type of ['', 'topic']) {
      const created = await realm.raw('hamlet@zulip.com', 'POST', '/scheduled_messages', new URLSearchParams({ type, to: '[1]', content: 'x', scheduled_delivery_timestamp: at }));
      expect(created.status).toBe(400);
      expect(await created.json()).toEqual(notAType);
      const edited = await realm.raw('hamlet@zulip.com', 'PATCH', `/scheduled_messages/${id}`, new URLSearchParams({ type, content: 'y' }));
      expect(edited.status).toBe(400);
      expect(await edited.json()).toEqual(notAType);
    }
  });

  it('edits only what is given; checks the view rules first', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const verona = realm.channelId('Verona');
    const denmark = realm.channelId('Denmark');
    const othello = realm.userId('othello@zulip.com');
    const at = inSeconds(600);
    const { scheduled_message_id: id } = await hamlet.scheduledMessages.create({ type: 'stream', to: verona, topic: 'plans', content: 'first', scheduled_delivery_timestamp: at });
    await expectApiError(hamlet.scheduledMessages.update({ scheduled_message_id: id }), bad('Nothing to change'));
    await expectApiError(hamlet.scheduledMessages.update({ scheduled_message_id: id, type: 'direct' }), bad('Recipient required when updating type of scheduled message.'));
    await expectApiError(hamlet.scheduledMessages.update({ scheduled_message_id: id, type: 'channel', to: denmark }), bad('Topic required when updating scheduled message type to channel.'));
    await expectApiError(hamlet.scheduledMessages.update({ scheduled_message_id: id, scheduled_delivery_timestamp: inSeconds(-1) }), PAST);
    await expectApiError(hamlet.scheduledMessages.update({ scheduled_message_id: id + 100, content: 'x' }), NOT_FOUND);
    await expectApiError(realm.clientFor('othello@zulip.com').scheduledMessages.update({ scheduled_message_id: id, content: 'x' }), NOT_FOUND);
    // The view's rules come before the lookup.
    await expectApiError(hamlet.scheduledMessages.update({ scheduled_message_id: id + 100 }), bad('Nothing to change'));

    await hamlet.scheduledMessages.update({ scheduled_message_id: id, content: 'second *take*' });
    await hamlet.scheduledMessages.update({ scheduled_message_id: id, topic: ' new topic ' });
    let [message] = (await hamlet.scheduledMessages.list()).scheduled_messages;
    expect(message).toMatchObject({ to: verona, topic: 'new topic', content: 'second *take*', rendered_content: '<p>second <em>take</em></p>', scheduled_delivery_timestamp: at });

    await hamlet.scheduledMessages.update({ scheduled_message_id: id, type: 'direct', to: [othello as number], scheduled_delivery_timestamp: at + 60 });
    [message] = (await hamlet.scheduledMessages.list()).scheduled_messages;
    expect(message).toEqual({
      scheduled_message_id: id,
      type: 'private',
      to: [othello],
      content: 'second *take*',
      rendered_content: '<p>second <em>take</em></p>',
      scheduled_delivery_timestamp: at + 60,
      failed: false,
    });
    // A topic for a direct message is ignored.
    await hamlet.scheduledMessages.update({ scheduled_message_id: id, topic: 'ignored' });
    expect((await hamlet.scheduledMessages.list()).scheduled_messages[0]).not.toHaveProperty('topic');
    await expectApiError(hamlet.scheduledMessages.update({ scheduled_message_id: id, to: othello as number }), bad('Invalid data type for recipients'));
  });

  it('deletes only the caller’s own', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const { scheduled_message_id: id } = await hamlet.scheduledMessages.create({ type: 'direct', to: [realm.userId('othello@zulip.com')], content: 'x', scheduled_delivery_timestamp: inSeconds(600) });
    await expectApiError(realm.clientFor('othello@zulip.com').scheduledMessages.delete({ scheduled_message_id: id }), NOT_FOUND);
    await hamlet.scheduledMessages.delete({ scheduled_message_id: id });
    await expectApiError(hamlet.scheduledMessages.delete({ scheduled_message_id: id }), NOT_FOUND);
    expect((await hamlet.scheduledMessages.list()).scheduled_messages).toEqual([]);
  });
});

describe('scheduled message delivery', () => {
  it('sends the message as the sender when the clock reaches its time, then drops it from the list', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const othello = realm.clientFor('othello@zulip.com');
    const verona = realm.channelId('Verona');
    const at = inSeconds(300);
    const { scheduled_message_id: id } = await hamlet.scheduledMessages.create({ type: 'channel', to: verona, topic: 'later', content: 'on time', scheduled_delivery_timestamp: at });
    realm.clock.advance(299_000);
    expect((await hamlet.scheduledMessages.list()).scheduled_messages).toHaveLength(1);
    realm.clock.advance(60_000);
    expect((await hamlet.scheduledMessages.list()).scheduled_messages).toEqual([]);
    const { messages } = await othello.messages.list({ anchor: 'newest', num_before: 1, num_after: 0, narrow: [{ operator: 'channel', operand: verona as number }] });
    expect(messages[0]).toMatchObject({ content: '<p>on time</p>', subject: 'later', sender_email: 'hamlet@zulip.com', timestamp: at });
    // Sent: it can no longer be edited, only forgotten.
    await expectApiError(hamlet.scheduledMessages.update({ scheduled_message_id: id, content: 'too late' }), bad('Scheduled message was already sent'));
    await hamlet.scheduledMessages.delete({ scheduled_message_id: id });
  });

  it('keeps one delivery timer on the realm clock, at the earliest time, and none after a reset', async () => {
    const clock = new CountingClock(Date.UTC(2026, 0, 1));
    const mock = createMockServer({ clock });
    const hamlet = mock.clientFor('hamlet@zulip.com');
    const othelloId = mock.store.userByDeliveryEmail('othello@zulip.com')?.id ?? 0;
    const idle = clock.live;
    const start = Math.floor(clock.now() / 1000);
    const ids: number[] = [];
    for (let minutes = 30; minutes > 0; minutes--) {
      const { scheduled_message_id } = await hamlet.scheduledMessages.create({ type: 'direct', to: [othelloId], content: `in ${minutes}`, scheduled_delivery_timestamp: start + minutes * 60 });
      ids.push(scheduled_message_id);
    }
    expect(clock.live).toBe(idle + 1);
    // The earliest moved later: the timer fires at the old time, finds nothing due, and waits for the next.
    await hamlet.scheduledMessages.update({ scheduled_message_id: ids.at(-1) as number, scheduled_delivery_timestamp: start + 45 * 60 });
    clock.advance(60_000);
    expect(clock.live).toBe(idle + 1);
    clock.advance(60_000);
    expect(mock.store.tables.scheduledMessage.get(ids.at(-2) as number)?.delivered).toBe(true);
    expect(mock.store.tables.scheduledMessage.get(ids.at(-1) as number)?.delivered).toBe(false);
    const snapshot = mock.snapshot();
    mock.reset();
    expect(clock.live).toBe(idle);
    mock.restore(snapshot);
    expect(clock.live).toBe(idle + 1);
    clock.advance(45 * 60_000);
    expect(ids.every((id) => mock.store.tables.scheduledMessage.get(id)?.delivered)).toBe(true);
    expect(clock.live).toBe(idle);
  });

  it('delivers before the next request when the clock jumped past the time without firing timers', async () => {
    // A clock whose time jumps without firing any timer or telling the realm (the default clock
    // tells it, and a ManualClock fires its timers): the request must find what fell due.
    const clock = new DetachedClock(Date.now());
    const mock = createMockServer({ clock });
    const hamlet = new ChatClient({ site: 'http://localhost:9991', email: 'hamlet@zulip.com', apiKey: mock.apiKeyOf('hamlet@zulip.com'), fetch: mock.fetch, maxRetries: 0 });
    const othelloId = mock.store.userByDeliveryEmail('othello@zulip.com')?.id ?? 0;
    const at = Math.floor(mock.clock.now() / 1000) + 60;
    const { scheduled_message_id: id } = await hamlet.scheduledMessages.create({ type: 'direct', to: [othelloId], content: 'jumped', scheduled_delivery_timestamp: at });
    clock.time += 120_000;
    expect(mock.store.tables.scheduledMessage.get(id)?.delivered).toBe(false);
    expect((await hamlet.scheduledMessages.list()).scheduled_messages).toEqual([]);
    const { messages } = await hamlet.messages.list({ anchor: 'newest', num_before: 1, num_after: 0 });
    expect(messages[0]).toMatchObject({ content: '<p>jumped</p>', sender_email: 'hamlet@zulip.com' });
  });

  it('marks the sender’s copy read by the client heuristic or read_by_sender', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const othelloId = realm.userId('othello@zulip.com') as number;
    const me = realm.userId('hamlet@zulip.com') as number;
    const at = inSeconds(60);
    await hamlet.scheduledMessages.create({ type: 'direct', to: [othelloId], content: 'api default', scheduled_delivery_timestamp: at });
    await hamlet.scheduledMessages.create({ type: 'direct', to: [othelloId], content: 'asked read', scheduled_delivery_timestamp: at, read_by_sender: true });
    await realm.raw('hamlet@zulip.com', 'POST', '/scheduled_messages', new URLSearchParams({ type: 'direct', to: JSON.stringify([othelloId]), content: 'web', scheduled_delivery_timestamp: String(at), client: 'website' }));
    await realm.raw('hamlet@zulip.com', 'POST', '/scheduled_messages', new URLSearchParams({ type: 'direct', to: JSON.stringify([me]), content: 'web to self', scheduled_delivery_timestamp: String(at), client: 'website' }));
    realm.clock.advance(60_000);
    const { messages } = await hamlet.messages.list({ anchor: 'newest', num_before: 4, num_after: 0 });
    expect(messages.map((message) => [message.content, message.flags.includes('read'), message.client])).toEqual([
      ['<p>api default</p>', false, expect.any(String)],
      ['<p>asked read</p>', true, expect.any(String)],
      ['<p>web</p>', true, 'website'],
      ['<p>web to self</p>', false, 'website'],
    ]);
  });

  it('tells a bot\'s owner once that the channel has no subscribers: when scheduling, not again at delivery', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const iago = realm.clientFor('iago@zulip.com');
    await iago.subscriptions.add({ subscriptions: [{ name: 'Empty' }] });
    await iago.subscriptions.remove({ subscriptions: ['Empty'] });
    const { user_id } = await hamlet.bots.create({ full_name: 'Later Bot', short_name: 'later' });
    const botEmail = realm.mock.store.tables.user.get(user_id)?.delivery_email ?? '';
    const bot = realm.clientFor(botEmail);
    const alerts = async () =>
      (await hamlet.messages.list({ anchor: 'newest', num_before: 20, num_after: 0, narrow: [{ operator: 'sender', operand: 'notification-bot@zulip.com' }] })).messages.filter((message) =>
        message.content.includes('does not have any subscribers'),
      );
    const at = inSeconds(300);
    await bot.scheduledMessages.create({ type: 'channel', to: realm.channelId('Empty'), topic: 'later', content: 'anyone?', scheduled_delivery_timestamp: at });
    expect(await alerts()).toHaveLength(1);
    // Well past the minute an owner hears nothing more after an alert.
    realm.clock.advance(300_000);
    expect((await bot.scheduledMessages.list()).scheduled_messages).toEqual([]);
    const { messages } = await iago.messages.list({ anchor: 'newest', num_before: 1, num_after: 0, narrow: [{ operator: 'channel', operand: realm.channelId('Empty') }] });
    expect(messages[0]).toMatchObject({ sender_email: botEmail, subject: 'later', timestamp: at });
    expect(await alerts()).toHaveLength(1);
  });

  it('marks it failed when sending is no longer allowed, and Notification Bot tells the sender', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const iago = realm.clientFor('iago@zulip.com');
    const othelloId = realm.userId('othello@zulip.com') as number;
    realm.clock.set(Date.UTC(2025, 0, 1, 12, 0, 0));
    const at = inSeconds(300);
    const { scheduled_message_id: id } = await hamlet.scheduledMessages.create({ type: 'direct', to: [othelloId], content: 'you there?', scheduled_delivery_timestamp: at });
    await iago.users.deactivate({ user_id: othelloId });
    realm.clock.advance(300_000);
    const { scheduled_messages } = await hamlet.scheduledMessages.list();
    expect(scheduled_messages).toEqual([expect.objectContaining({ scheduled_message_id: id, failed: true, scheduled_delivery_timestamp: at })]);
    const { messages } = await hamlet.messages.list({ anchor: 'newest', num_before: 1, num_after: 0 });
    const notice = messages.at(-1);
    expect(notice?.sender_email).toBe('notification-bot@zulip.com');
    const { raw_content } = await hamlet.messages.get({ message_id: notice?.id as number, apply_markdown: false });
    expect(raw_content).toBe(
      'The message you scheduled for <time:2025-01-01T12:05:00+00:00> was not sent because of the following error:\n\n' +
        "> 'othello@zulip.com' is no longer using Zulip.\n\n[View scheduled messages](#scheduled)",
    );
    // A failed message needs a new time; with one, it is tried again.
    await expectApiError(hamlet.scheduledMessages.update({ scheduled_message_id: id, content: 'retry' }), PAST);
    await hamlet.scheduledMessages.update({ scheduled_message_id: id, type: 'direct', to: [realm.userId('cordelia@zulip.com') as number], scheduled_delivery_timestamp: inSeconds(60) });
    expect((await hamlet.scheduledMessages.list()).scheduled_messages[0]?.failed).toBe(false);
    realm.clock.advance(60_000);
    expect((await hamlet.scheduledMessages.list()).scheduled_messages).toEqual([]);
  });

  // Deactivation ends the sender's event queues, so no API call can show the absence of the
  // `scheduled_messages` update: the test watches what the domain records instead.
  it('fails silently when the sender was deactivated: no notice, no scheduled_messages event', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const hamletId = realm.userId('hamlet@zulip.com') as number;
    const { scheduled_message_id: id } = await hamlet.scheduledMessages.create({ type: 'channel', to: realm.channelId('Verona'), topic: 't', content: 'x', scheduled_delivery_timestamp: inSeconds(60) });
    await realm.clientFor('iago@zulip.com').users.deactivate({ user_id: hamletId });
    const before = realm.mock.store.tables.message.size;
    const recorded = vi.spyOn(realm.mock.state.events, 'record');
    realm.clock.advance(60_000);
    expect(realm.mock.store.tables.scheduledMessage.get(id)).toMatchObject({ failed: true, failure_message: 'Account is deactivated', delivered: false });
    expect(realm.mock.store.tables.message.size).toBe(before);
    expect(recorded.mock.calls.map(([change]) => change.kind)).not.toContain('scheduled_messages_changed');
  });

  it('fails silently when the organization was deactivated', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const { scheduled_message_id: id } = await hamlet.scheduledMessages.create({ type: 'channel', to: realm.channelId('Verona'), topic: 't', content: 'x', scheduled_delivery_timestamp: inSeconds(60) });
    realm.mock.realm.deactivated = true;
    const before = realm.mock.store.tables.message.size;
    const recorded = vi.spyOn(realm.mock.state.events, 'record');
    realm.clock.advance(60_000);
    expect(realm.mock.store.tables.scheduledMessage.get(id)).toMatchObject({ failed: true, failure_message: 'This organization has been deactivated', delivered: false });
    expect(realm.mock.store.tables.message.size).toBe(before);
    expect(recorded).not.toHaveBeenCalled();
  });
});

describe('uploads a scheduled message links to', () => {
  // The server's cleanup of unclaimed uploads skips those a scheduled message claimed.
  it('are kept past the five weeks while the scheduled message exists, and sent with it', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const verona = realm.channelId('Verona');
    const names = async () => (await hamlet.attachments.list()).attachments.map((attachment) => attachment.name);
    const kept = await hamlet.uploads.upload(new File(['plan'], 'plan.txt'));
    const cancelled = await hamlet.uploads.upload(new File(['draft'], 'draft.txt'));
    const at = inSeconds(UNCLAIMED_UPLOAD_RETENTION_MS / 1000 + 86_400);
    await hamlet.scheduledMessages.create({ type: 'channel', to: verona, topic: 'later', content: `[plan](${kept.url})`, scheduled_delivery_timestamp: at });
    const { scheduled_message_id: id } = await hamlet.scheduledMessages.create({ type: 'direct', to: [realm.userId('othello@zulip.com')], content: `[draft](${cancelled.url})`, scheduled_delivery_timestamp: at });
    realm.clock.advance(UNCLAIMED_UPLOAD_RETENTION_MS + 1);
    expect(await names()).toEqual(['plan.txt', 'draft.txt']);
    // Cancelled: its upload is unclaimed again.
    await hamlet.scheduledMessages.delete({ scheduled_message_id: id });
    expect(await names()).toEqual(['plan.txt']);
    realm.clock.advance(86_400_000);
    const { attachments } = await hamlet.attachments.list();
    expect(attachments.map((attachment) => [attachment.name, attachment.messages.length])).toEqual([['plan.txt', 1]]);
  });

  // The server deletes the uploads of deleted messages only when no scheduled message claims them.
  it('outlive the deletion of the last sent message that links to them', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const verona = realm.channelId('Verona');
    const upload = await hamlet.uploads.upload(new File(['plan'], 'plan.txt'));
    const orphan = await hamlet.uploads.upload(new File(['old'], 'old.txt'));
    const content = `[plan](${upload.url}) [old](${orphan.url})`;
    const { id } = await hamlet.messages.send({ type: 'channel', to: verona, topic: 'now', content });
    await hamlet.scheduledMessages.create({ type: 'channel', to: verona, topic: 'later', content: `[plan](${upload.url})`, scheduled_delivery_timestamp: inSeconds(3600) });
    await realm.clientFor('iago@zulip.com').messages.delete({ message_id: id });
    const { attachments } = await hamlet.attachments.list();
    expect(attachments.map((attachment) => [attachment.name, attachment.messages.length])).toEqual([['plan.txt', 0]]);
  });
});

describe('scheduled messages on a server before feature level 181', () => {
  // The list is from level 173 and the register state from 179; `failed` is new in 181. (The
  // mock's own level is not the reference OpenAPI's, so this realm is not contract-checked.)
  it('are listed, registered and sent in events without `failed`, and the SDK parses them', async () => {
    const mock = createMockServer({ featureLevel: 180 });
    const hamlet = new ChatClient({ site: 'http://localhost:9991', email: 'hamlet@zulip.com', apiKey: mock.apiKeyOf('hamlet@zulip.com'), fetch: mock.fetch, maxRetries: 0 });
    const userId = (email: string) => mock.store.userByDeliveryEmail(email)?.id as number;
    const at = Math.floor(mock.clock.now() / 1000) + 600;
    const { scheduled_message_id: id } = await hamlet.scheduledMessages.create({ type: 'direct', to: [userId('othello@zulip.com')], content: 'psst', scheduled_delivery_timestamp: at });
    const { scheduled_messages } = await hamlet.scheduledMessages.list();
    expect(scheduled_messages).toEqual([
      { scheduled_message_id: id, type: 'private', to: [userId('othello@zulip.com')], content: 'psst', rendered_content: '<p>psst</p>', scheduled_delivery_timestamp: at },
    ]);
    const register = { event_types: ['scheduled_messages'] };
    expect((await hamlet.events.register(register)).scheduled_messages).toEqual(scheduled_messages);

    const events = await verifyAction(
      hamlet,
      async () => {
        const channel = mock.store.channelByName('Verona')?.id as number;
        const created = await hamlet.scheduledMessages.create({ type: 'channel', to: channel, topic: 'plans', content: 'x', scheduled_delivery_timestamp: at + 60 });
        // (Editing is new in level 184.)
        await hamlet.scheduledMessages.delete({ scheduled_message_id: id });
        return created;
      },
      register,
      { userId: userId('hamlet@zulip.com') },
    );
    expect(events.map((event) => [event?.type, event && 'op' in event ? event.op : undefined])).toEqual([
      ['scheduled_messages', 'add'],
      ['scheduled_messages', 'remove'],
    ]);
    for (const event of events) expect(JSON.stringify(event)).not.toContain('"failed"');
  });
});

describe('scheduled messages beyond the longest system timer (2^31 - 1 ms, 24.8 days)', () => {

  it('arm no overflowing timer: no TimeoutOverflowWarning, nothing fires early', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
    process.on('warning', onWarning);
    try {
      const mock = createMockServer();
      const hamlet = mock.clientFor('hamlet@zulip.com');
      const at = Math.floor(mock.clock.now() / 1000) + 30 * 86_400;
      const { scheduled_message_id: id } = await hamlet.scheduledMessages.create({ type: 'channel', to: mock.store.channelByName('Verona')?.id ?? 0, topic: 't', content: 'later', scheduled_delivery_timestamp: at });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(warnings).toEqual([]);
      expect(mock.store.tables.scheduledMessage.get(id)?.delivered).toBe(false);
    } finally {
      process.off('warning', onWarning);
    }
  });

  it('are sent when the time comes, by the timer alone, on the default clock', async () => {
    // Fake timers fire an overflowing delay after 1 ms, as Node does.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const mock = createMockServer();
      const hamlet = mock.clientFor('hamlet@zulip.com');
      const at = Math.floor(mock.clock.now() / 1000) + 30 * 86_400;
      const { scheduled_message_id: id } = await hamlet.scheduledMessages.create({ type: 'direct', to: [mock.store.userByDeliveryEmail('othello@zulip.com')?.id ?? 0], content: 'a month later', scheduled_delivery_timestamp: at });
      expect(mock.state.deliveryTimer.due).toBe(at * 1000);
      // Its first step is the longest delay setTimeout takes (an overflowing one would fire after
      // 1 ms, and again at each early firing); the weekly channel-activity timer fires before it.
      const scheduledAt = Date.now();
      for (let fired = 0; fired < 10 && Date.now() - scheduledAt < 2 ** 31 - 1; fired++) vi.advanceTimersToNextTimer();
      expect(Date.now() - scheduledAt).toBe(2 ** 31 - 1);
      expect(mock.store.tables.scheduledMessage.get(id)?.delivered).toBe(false);
      vi.advanceTimersByTime(at * 1000 - mock.clock.now() - 1);
      expect(mock.store.tables.scheduledMessage.get(id)?.delivered).toBe(false);
      vi.advanceTimersByTime(1);
      expect(mock.store.tables.scheduledMessage.get(id)?.delivered).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('wait on when the default clock was set back after scheduling, and are sent when it reaches the time', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const mock = createMockServer();
      const hamlet = mock.clientFor('hamlet@zulip.com');
      const at = Math.floor(mock.clock.now() / 1000) + 60;
      const { scheduled_message_id: id } = await hamlet.scheduledMessages.create({ type: 'direct', to: [mock.store.userByDeliveryEmail('othello@zulip.com')?.id ?? 0], content: 'later', scheduled_delivery_timestamp: at });
      mock.clock.set(mock.clock.now() - 3_600_000);
      vi.advanceTimersByTime(60_000);
      expect(mock.store.tables.scheduledMessage.get(id)?.delivered).toBe(false);
      vi.advanceTimersByTime(3_600_000);
      expect(mock.store.tables.scheduledMessage.get(id)?.delivered).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('are sent on a ManualClock moved past a time a month ahead', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const at = inSeconds(30 * 86_400);
    const { scheduled_message_id: id } = await hamlet.scheduledMessages.create({ type: 'direct', to: [realm.userId('othello@zulip.com') as number], content: 'a month later', scheduled_delivery_timestamp: at });
    realm.clock.advance(at * 1000 - realm.clock.now() - 1);
    expect(realm.mock.store.tables.scheduledMessage.get(id)?.delivered).toBe(false);
    realm.clock.advance(1);
    expect(realm.mock.store.tables.scheduledMessage.get(id)?.delivered).toBe(true);
  });
});

describe('scheduled messages in the realm\'s state', () => {
  it('are part of snapshot and restore; a restored message is sent when the clock reaches its time', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const othello = realm.userId('othello@zulip.com') as number;
    const at = inSeconds(60);
    const { scheduled_message_id: id } = await hamlet.scheduledMessages.create({ type: 'direct', to: [othello], content: 'kept', scheduled_delivery_timestamp: at });
    const snapshot = realm.mock.snapshot();
    expect(snapshot.tables.scheduledMessage).toEqual([expect.objectContaining({ id, content: 'kept', delivered: false })]);
    await hamlet.scheduledMessages.delete({ scheduled_message_id: id });
    realm.mock.restore(JSON.parse(JSON.stringify(snapshot)));
    expect((await hamlet.scheduledMessages.list()).scheduled_messages.map((message) => message.scheduled_message_id)).toEqual([id]);
    // The restored realm's new scheduled messages do not reuse its ID.
    const next = await hamlet.scheduledMessages.create({ type: 'direct', to: [othello], content: 'new', scheduled_delivery_timestamp: at });
    expect(next.scheduled_message_id).toBeGreaterThan(id);
    realm.mock.restore(snapshot);
    realm.clock.advance(59_000);
    expect(realm.mock.store.tables.scheduledMessage.get(id)?.delivered).toBe(false);
    realm.clock.advance(1_000);
    expect(realm.mock.store.tables.scheduledMessage.get(id)?.delivered).toBe(true);
    expect((await hamlet.scheduledMessages.list()).scheduled_messages).toEqual([]);
  });
});
