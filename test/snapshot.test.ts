import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../mock/domain/clock';
import { createMockServer, type MockServer, StateFormatError } from '../mock/index';
import { loadStateFile, saveStateFile } from '../mock/runtimes/state-file';
import { verifyAction } from './support/verify-action';

const HAMLET = 'hamlet@zulip.com';
const IAGO = 'iago@zulip.com';

/** A realm with something of every kind of state in it. */
async function busyRealm(): Promise<MockServer> {
  const mock = createMockServer({ clock: new ManualClock(1_700_000_000_000), rateLimits: false });
  const hamlet = mock.clientFor(HAMLET);
  const iago = mock.clientFor(IAGO);
  const { url } = await hamlet.uploads.upload(new Uint8Array([0, 1, 2, 250, 255]), { filename: 'bytes.bin' });
  const { id } = await hamlet.messages.send({ type: 'channel', to: 'Verona', topic: 'state', content: `see [bytes](${url}) @**Othello, the Moor of Venice**` });
  await iago.messages.send({ type: 'direct', to: [mock.store.userByDeliveryEmail(HAMLET)?.id ?? 0], content: 'private' });
  await hamlet.flags.update({ messages: [id], op: 'add', flag: 'starred' });
  await mock.clientFor('othello@zulip.com').reactions.add({ message_id: id, emoji_name: 'smile' });
  const { id: poll } = await hamlet.messages.send({ type: 'channel', to: 'Denmark', topic: 'castle', content: '/poll Moat?\nYes' });
  await mock.clientFor('othello@zulip.com').messages.addSubmessage({ message_id: poll, msg_type: 'widget', content: '{"type": "vote", "key": "canned,0", "vote": 1}' });
  await hamlet.alertWords.add({ alert_words: ['castle'] });
  await iago.linkifiers.add({ pattern: '#(?P<id>[0-9]+)', url_template: 'https://tracker.example/{id}' });
  await hamlet.settings.update({ twenty_four_hour_time: true });
  await hamlet.presence.update({ status: 'active', ping_only: true });
  await hamlet.users.updateStatus({ status_text: 'in the castle', emoji_name: 'castle' });
  await hamlet.drafts.create({ drafts: [{ type: '', to: [], topic: '', content: 'draft' }] });
  await hamlet.reminders.create({ message_id: id, scheduled_delivery_timestamp: 1_700_003_600, note: 'the bytes' });
  await hamlet.scheduledMessages.create({ type: 'channel', to: mock.store.channelByName('Verona')?.id ?? 0, topic: 'state', content: 'later', scheduled_delivery_timestamp: 1_700_007_200 });
  const field = (await iago.profileFields.create({ field_type: 1, name: 'Desk' })).id;
  await iago.users.update({ user_id: mock.store.userByDeliveryEmail(HAMLET)?.id ?? 0, profile_data: [{ id: field, value: '4B' }] });
  await hamlet.subscriptions.add({ subscriptions: [{ name: 'new channel' }] });
  await hamlet.topics.updatePreferences({ stream_id: mock.store.channelByName('Denmark')?.id ?? 0, topic: 'castle', visibility_policy: 1 });
  const { group_id: group } = await hamlet.userGroups.create({ name: 'castle guard', description: '', members: [], subgroups: [mock.store.userGroupByName('hamletcharacters')?.id ?? 0] });
  await hamlet.userGroups.update({ user_group_id: group ?? 0, can_join_group: { new: mock.store.userGroupByName('role:members')?.id ?? 0 } });
  await hamlet.invites.send({ invitee_emails: 'invited@example.com', stream_ids: [] });
  await iago.invites.createLink();
  await iago.realmExports.create();
  await iago.channels.createDefaultGroup({ group_name: 'Europe', description: 'Old world', stream_names: ['Denmark', 'Scotland'] });
  await hamlet.bots.create({ full_name: 'Hook Bot', short_name: 'hook', bot_type: 3, payload_url: 'https://hooks.example/zulip', default_sending_stream: 'Verona' });
  const { channel_folder_id: folder } = await iago.channelFolders.create({ name: 'Castle', description: 'Rooms of **Elsinore**' });
  const { channel_folder_id: archived } = await iago.channelFolders.create({ name: 'Moat', description: '' });
  await iago.channelFolders.update({ channel_folder_id: archived, is_archived: true });
  await iago.channelFolders.reorder({ order: [archived, folder] });
  await iago.channels.update({ stream_id: mock.store.channelByName('Denmark')?.id ?? 0, folder_id: folder });
  return mock;
}

function withoutVolatile(document: ReturnType<MockServer['snapshot']>) {
  const { takenAt: _takenAt, ...rest } = document;
  return rest;
}

async function everything(mock: MockServer) {
  const hamlet = mock.clientFor(HAMLET);
  const { queue_id: _queue, last_event_id: _last, ...registered } = await hamlet.events.register({});
  const { messages } = await hamlet.messages.list({ anchor: 'newest', num_before: 100, num_after: 0 });
  const attachments = await hamlet.attachments.list();
  const file = attachments.attachments[0];
  const bytes = file
    ? new Uint8Array(await (await mock.fetch(`${mock.state.realm.url}/user_uploads/${file.path_id}`, { headers: { Authorization: `Basic ${btoa(`${HAMLET}:${mock.apiKeyOf(HAMLET)}`)}` } })).arrayBuffer())
    : undefined;
  const { invites } = await mock.clientFor(IAGO).invites.list();
  const { exports } = await mock.clientFor(IAGO).realmExports.list();
  const { channel_folders } = await hamlet.channelFolders.list({ include_archived: true });
  return { registered, messages, attachments, bytes: bytes && [...bytes], invites, exports, channel_folders };
}

describe('mock.snapshot() and mock.restore()', () => {
  it('a snapshot through JSON restores into another realm: every read is the same, and its snapshot too', async () => {
    const original = await busyRealm();
    const text = JSON.stringify(original.snapshot());
    const copy = createMockServer({ clock: new ManualClock(1_700_000_000_000), rateLimits: false });
    copy.restore(JSON.parse(text));
    expect(await everything(copy)).toEqual(await everything(original));
    expect(withoutVolatile(copy.snapshot())).toEqual(withoutVolatile(original.snapshot()));
  });

  it("a snapshot of an older mock (the reference server's zulip_extra_emoji, no custom emoji setting) restores and keeps working", async () => {
    const mock = createMockServer();
    const hamlet = mock.clientFor('hamlet@zulip.com');
    const { id } = await hamlet.messages.send({ type: 'channel', to: 'Verona', topic: 'old', content: 'm' });
    await hamlet.reactions.add({ message_id: id, emoji_name: 'zulip' });
    await hamlet.users.updateStatus({ emoji_name: 'zulip' });
    const document = JSON.parse(JSON.stringify(mock.snapshot()).replaceAll('service_extra_emoji', 'zulip_extra_emoji')) as ReturnType<MockServer['snapshot']>;
    const { can_add_custom_emoji_group: _added, ...olderRealm } = document.realm;
    const copy = createMockServer();
    copy.restore({ ...document, realm: olderRealm as typeof document.realm });
    const copied = copy.clientFor('hamlet@zulip.com');
    const { message } = await copied.messages.get({ message_id: id });
    expect(message.reactions.map((reaction) => reaction.reaction_type)).toEqual(['service_extra_emoji']);
    expect((await copied.users.getStatus({ user_id: copy.store.userByDeliveryEmail('hamlet@zulip.com')?.id ?? 0 })).status).toMatchObject({ reaction_type: 'service_extra_emoji' });
    expect(copy.realm.can_add_custom_emoji_group).toBe(copy.store.userGroupByName('role:members')?.id);
    await expect(copied.events.register({})).resolves.toHaveProperty('realm_can_add_custom_emoji_group');
  });

  it('restoring goes back in time; new IDs continue from the snapshot\'s', async () => {
    const mock = await busyRealm();
    const before = mock.snapshot();
    const hamlet = mock.clientFor(HAMLET);
    const later = await hamlet.messages.send({ type: 'channel', to: 'Verona', topic: 'later', content: 'gone after restore' });
    await hamlet.alertWords.add({ alert_words: ['later'] });
    mock.restore(before);
    await expect(hamlet.messages.get({ message_id: later.id })).rejects.toMatchObject({ msg: 'Invalid message(s)' });
    expect(await hamlet.alertWords.list()).toEqual({ alert_words: ['castle'] });
    const again = await hamlet.messages.send({ type: 'channel', to: 'Verona', topic: 'later', content: 'again' });
    expect(again.id).toBe(later.id);
  });

  it('keeps channel folders: restored, listed and registered the same; new folder IDs continue; reset drops them', async () => {
    const mock = await busyRealm();
    const before = (await everything(mock)).channel_folders;
    expect(before.map((folder) => [folder.name, folder.is_archived, folder.order])).toEqual([['Moat', true, 0], ['Castle', false, 1]]);
    const copy = createMockServer({ clock: new ManualClock(1_700_000_000_000), rateLimits: false });
    copy.restore(JSON.parse(JSON.stringify(mock.snapshot())));
    expect((await everything(copy)).channel_folders).toEqual(before);
    const { channel_folder_id: next } = await copy.clientFor(IAGO).channelFolders.create({ name: 'Next', description: '' });
    expect(next).toBe(Math.max(...before.map((folder) => folder.id)) + 1);
    copy.reset();
    expect((await copy.clientFor(IAGO).channelFolders.list({ include_archived: true })).channel_folders).toEqual([]);
  });

  it('loads a document written before channel folders: none, and the first one created works', async () => {
    const document = createMockServer().snapshot();
    const { channelFolder: _folders, ...olderTables } = document.tables;
    const copy = createMockServer();
    copy.restore({ ...document, tables: olderTables as typeof document.tables });
    const iago = copy.clientFor(IAGO);
    expect((await iago.channelFolders.list()).channel_folders).toEqual([]);
    await iago.channelFolders.create({ name: 'First', description: '' });
    expect((await iago.channelFolders.list()).channel_folders.map((folder) => folder.name)).toEqual(['First']);
  });

  it('a snapshot is a copy: changing it changes nothing', () => {
    const mock = createMockServer();
    const document = mock.snapshot();
    (document.tables.user[0] as { full_name: string }).full_name = 'Changed';
    document.realm.name = 'Changed';
    expect(mock.store.tables.user.all()[0]?.full_name).not.toBe('Changed');
    expect(mock.realm.name).not.toBe('Changed');
  });

  it('loads a document written before groups kept their settings, with the server\'s defaults', async () => {
    const source = await busyRealm();
    const document = JSON.parse(JSON.stringify(source.snapshot())) as ReturnType<MockServer['snapshot']>;
    const old = {
      ...document,
      realm: Object.fromEntries(Object.entries(document.realm).filter(([key]) => !['can_create_groups', 'can_manage_all_groups', 'date_created'].includes(key))),
      tables: {
        ...document.tables,
        userGroup: document.tables.userGroup.map((group) => {
          const { can_add_members_group: _a, can_join_group: _j, can_leave_group: _l, can_manage_group: _m, can_remove_members_group: _r, ...rest } = group;
          return rest;
        }),
      },
    };
    const target = createMockServer({ rateLimits: false });
    target.restore(old);
    const groups = (await target.clientFor(HAMLET).userGroups.list()).user_groups;
    const guard = groups.find((group) => group.name === 'castle guard');
    const hamletId = target.store.userByDeliveryEmail(HAMLET)?.id ?? 0;
    const id = (name: string) => target.store.userGroupByName(name)?.id;
    expect(guard).toMatchObject({
      can_manage_group: { direct_members: [hamletId], direct_subgroups: [] },
      can_join_group: id('role:nobody'),
      can_leave_group: id('role:everyone'),
    });
    expect(groups.find((group) => group.name === 'role:members')).toMatchObject({ can_manage_group: id('role:nobody'), can_leave_group: id('role:nobody') });
    expect(target.realm.can_manage_all_groups).toBe(id('role:owners'));
    expect(target.realm.can_create_groups).toBe(id('role:members'));
    // The realm was created when its first user joined.
    const firstJoined = Math.min(...document.tables.user.map((user) => user.date_joined));
    expect(target.realm.date_created).toBe(Math.floor(firstJoined / 1000));
  });

  it('loads a document written before system bots were flagged: the Notification Bot stays the system bot', async () => {
    const source = createMockServer({ rateLimits: false });
    await source.clientFor(HAMLET).events.register({});
    const document = JSON.parse(JSON.stringify(source.snapshot())) as ReturnType<MockServer['snapshot']>;
    const users = document.tables.user.map((user) => {
      const { is_system_bot: _flag, ...rest } = user;
      return rest;
    });
    const target = createMockServer({ rateLimits: false });
    target.restore({ ...document, tables: { ...document.tables, user: users as typeof document.tables.user } });
    const bot = source.store.systemBotByEmail('notification-bot@zulip.com');
    expect(bot).toBeDefined();
    expect(target.store.systemBotByEmail('notification-bot@zulip.com')?.id).toBe(bot?.id);
    // The three cross-realm bots, flagged again from their addresses.
    expect(target.store.tables.user.all().filter((user) => user.is_system_bot)).toHaveLength(3);
  });

  it('a message sent at .500 s keeps its exact age through a restore and a state file: the delete and edit limits do not move', async () => {
    const clock = new ManualClock(Date.UTC(2025, 0, 1, 0, 0, 0, 500));
    const mock = createMockServer({ clock, rateLimits: false });
    await mock.clientFor(IAGO).realm.update({ message_content_delete_limit_seconds: 600, message_content_edit_limit_seconds: 600 });
    const hamlet = mock.clientFor(HAMLET);
    const send = async (content: string) => (await hamlet.messages.send({ type: 'channel', to: 'Verona', topic: 'limits', content })).id;
    const [deleted, late, edited] = [await send('a'), await send('b'), await send('c')];
    // Exactly at the delete limit (and at the edit limit plus the server's 20 s grace): still allowed.
    clock.advance(600_000);
    mock.restore(mock.snapshot());
    await expect(hamlet.messages.delete({ message_id: deleted })).resolves.toBeDefined();
    const directory = mkdtempSync(join(tmpdir(), 'teamchat-state-'));
    try {
      saveStateFile(mock, join(directory, 'state.json'));
      const copy = createMockServer({ clock: new ManualClock(clock.now() + 20_000), rateLimits: false });
      expect(loadStateFile(copy, join(directory, 'state.json'))).toBe(true);
      const copied = copy.clientFor(HAMLET);
      await expect(copied.messages.update({ message_id: edited, content: 'c, edited' })).resolves.toBeDefined();
      copy.clock.advance(1);
      await expect(copied.messages.update({ message_id: edited, content: 'c, again' })).rejects.toMatchObject({
        code: 'BAD_REQUEST', status: 400, msg: 'The time limit for editing this message has passed',
      });
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
    clock.advance(1);
    await expect(hamlet.messages.delete({ message_id: late })).rejects.toMatchObject({
      code: 'BAD_REQUEST', status: 400, msg: 'The time limit for deleting this message has passed',
    });
  });

  it('a message of a document written before send times were kept to the millisecond was sent at the start of its second', async () => {
    const clock = new ManualClock(Date.UTC(2025, 0, 1, 0, 0, 0, 500));
    const source = createMockServer({ clock, rateLimits: false });
    await source.clientFor(IAGO).realm.update({ message_content_delete_limit_seconds: 600 });
    const hamlet = source.clientFor(HAMLET);
    const first = (await hamlet.messages.send({ type: 'channel', to: 'Verona', topic: 'old', content: 'm' })).id;
    const second = (await hamlet.messages.send({ type: 'channel', to: 'Verona', topic: 'old', content: 'n' })).id;
    const document = JSON.parse(JSON.stringify(source.snapshot())) as ReturnType<MockServer['snapshot']>;
    const messages = document.tables.message.map((message) => {
      const { sent_at_ms: _sentAt, ...rest } = message;
      return rest;
    });
    const target = createMockServer({ clock: new ManualClock(Date.UTC(2025, 0, 1, 0, 10, 0, 0)), rateLimits: false });
    target.restore({ ...document, tables: { ...document.tables, message: messages as typeof document.tables.message } });
    await expect(target.clientFor(HAMLET).messages.delete({ message_id: first })).resolves.toBeDefined();
    target.clock.advance(1);
    await expect(target.clientFor(HAMLET).messages.delete({ message_id: second })).rejects.toMatchObject({
      code: 'BAD_REQUEST', status: 400, msg: 'The time limit for deleting this message has passed',
    });
  });

  it('a message of a document written before has_attachment was kept has an attachment when an upload links to it', async () => {
    const source = createMockServer({ rateLimits: false });
    const hamlet = source.clientFor(HAMLET);
    const { url } = await hamlet.uploads.upload(new File(['n'], 'notes.txt'));
    const linking = (await hamlet.messages.send({ type: 'channel', to: 'Verona', topic: 'old', content: `[notes](${url})` })).id;
    await hamlet.messages.send({ type: 'channel', to: 'Verona', topic: 'old', content: 'plain' });
    const document = JSON.parse(JSON.stringify(source.snapshot())) as ReturnType<MockServer['snapshot']>;
    const messages = document.tables.message.map((message) => {
      const { has_attachment: _hasAttachment, ...rest } = message;
      return rest;
    });
    const target = createMockServer({ rateLimits: false });
    target.restore({ ...document, tables: { ...document.tables, message: messages as typeof document.tables.message } });
    const found = await target.clientFor(HAMLET).messages.list({
      anchor: 'newest', num_before: 10, num_after: 0, narrow: [{ operator: 'has', operand: 'attachment' }],
    });
    expect(found.messages.map((message) => message.id)).toEqual([linking]);
  });

  /** A snapshot as an older mock wrote it: without these system bots and without the `systemBot` ID counter. */
  function withoutSystemBots(emails: readonly string[]): ReturnType<MockServer['snapshot']> {
    const document = JSON.parse(JSON.stringify(createMockServer({ rateLimits: false }).snapshot())) as ReturnType<MockServer['snapshot']>;
    return {
      ...document,
      ids: document.ids.filter(([kind]) => kind !== 'systemBot'),
      tables: { ...document.tables, user: document.tables.user.filter((user) => !emails.includes(user.email)) },
    };
  }

  it('a document with the Notification Bot but no Email Gateway, Welcome Bot or systemBot counter: restored with all three, no ID reused', async () => {
    const target = createMockServer({ clock: new ManualClock(), rateLimits: false });
    target.restore(withoutSystemBots(['emailgateway@zulip.com', 'welcome-bot@zulip.com']));
    const users = target.store.tables.user.size;
    const hamlet = target.clientFor(HAMLET);
    const { cross_realm_bots } = await hamlet.events.register({ fetch_event_types: ['realm_user'] });
    expect(cross_realm_bots?.map((bot) => [bot.email, bot.user_id])).toEqual([
      ['emailgateway@zulip.com', 902],
      ['notification-bot@zulip.com', 901],
      ['welcome-bot@zulip.com', 903],
    ]);
    // Reading the state created nobody: the bots were there since the restore.
    expect(target.store.tables.user.size).toBe(users);
    const hamletId = target.store.userByDeliveryEmail(HAMLET)?.id ?? 0;
    await verifyAction(hamlet, () => hamlet.messages.send({ type: 'direct', to: ['emailgateway@zulip.com'], content: 'hi' }), {}, { userId: hamletId });
  });

  it('a document without any system bot: a direct message to Welcome Bot works right after the restore, and register creates no user', async () => {
    const target = createMockServer({ rateLimits: false });
    target.restore(withoutSystemBots(['notification-bot@zulip.com', 'emailgateway@zulip.com', 'welcome-bot@zulip.com']));
    const users = target.store.tables.user.size;
    const hamlet = target.clientFor(HAMLET);
    const { id } = await hamlet.messages.send({ type: 'direct', to: ['welcome-bot@zulip.com'], content: 'hi' });
    const { message } = await hamlet.messages.get({ message_id: id });
    expect(message.display_recipient).toEqual(expect.arrayContaining([expect.objectContaining({ email: 'welcome-bot@zulip.com' })]));
    await hamlet.events.register({ fetch_event_types: ['realm_user'] });
    expect(target.store.tables.user.size).toBe(users);
  });

  it('a document without ID counters: every new record takes an unused ID (no collision, no 500)', async () => {
    const source = createMockServer({ rateLimits: false });
    const hamletOfSource = source.clientFor(HAMLET);
    await hamletOfSource.drafts.create({ drafts: [{ type: '', to: [], topic: '', content: 'kept', timestamp: 1 }] });
    const { id: poll } = await hamletOfSource.messages.send({ type: 'channel', to: 'Verona', topic: 'ids', content: '/poll Kept?' });
    const document = JSON.parse(JSON.stringify(source.snapshot())) as ReturnType<MockServer['snapshot']>;
    const target = createMockServer({ rateLimits: false });
    target.restore({ ...document, ids: [] });
    const hamlet = target.clientFor(HAMLET);
    const newest = Math.max(...document.tables.message.map((message) => message.id));
    const { id } = await hamlet.messages.send({ type: 'channel', to: 'Verona', topic: 'ids', content: 'after the restore' });
    expect(id).toBe(newest + 1);
    const { ids } = await hamlet.drafts.create({ drafts: [{ type: '', to: [], topic: '', content: 'new', timestamp: 2 }] });
    expect(ids).toEqual([Math.max(...document.tables.draft.map((draft) => draft.id)) + 1]);
    const { stream_id } = await hamlet.subscriptions.add({ subscriptions: [{ name: 'fresh' }] }).then(() => hamlet.channels.getId({ stream: 'fresh' }));
    expect(stream_id).toBe(Math.max(...document.tables.channel.map((channel) => channel.id)) + 1);
    // Submessages live inside their messages: a new one still takes the next unused ID.
    await hamlet.messages.addSubmessage({ message_id: poll, msg_type: 'widget', content: '{"type": "question", "question": "New?"}' });
    const submessageIds = (await hamlet.messages.get({ message_id: poll })).message.submessages.map((submessage) => submessage.id);
    expect(submessageIds).toEqual([submessageIds[0], (submessageIds[0] ?? 0) + 1]);
  });

  it('a document written before reminders: its scheduled messages stay scheduled messages; a restored reminder is sent at its time', async () => {
    const source = await busyRealm();
    const document = JSON.parse(JSON.stringify(source.snapshot())) as ReturnType<MockServer['snapshot']>;
    const scheduled = document.tables.scheduledMessage
      .filter((record) => record.delivery_type === 'send_later')
      .map(({ delivery_type: _type, reminder_target_message_id: _target, reminder_note: _note, ...rest }) => rest);
    const older = createMockServer({ clock: new ManualClock(1_700_000_000_000), rateLimits: false });
    older.restore({ ...document, tables: { ...document.tables, scheduledMessage: scheduled as typeof document.tables.scheduledMessage } });
    const hamlet = older.clientFor(HAMLET);
    expect((await hamlet.scheduledMessages.list()).scheduled_messages.map((message) => message.content)).toEqual(['later']);
    expect((await hamlet.reminders.list()).reminders).toEqual([]);

    const restored = createMockServer({ clock: new ManualClock(1_700_000_000_000), rateLimits: false });
    restored.restore(document);
    const [reminder] = (await restored.clientFor(HAMLET).reminders.list()).reminders;
    expect(reminder?.content).toContain('Note:\n > the bytes');
    restored.clock.advance(3_600_000);
    expect((await restored.clientFor(HAMLET).reminders.list()).reminders).toEqual([]);
    const { messages } = await restored.clientFor(HAMLET).messages.list({ anchor: 'newest', num_before: 1, num_after: 0 });
    expect(messages[0]).toMatchObject({ sender_email: 'notification-bot@zulip.com', timestamp: 1_700_003_600 });
  });

  it('a version 1 document gets channel event notices on, as its mock posted them whatever the setting said', async () => {
    const mock = createMockServer();
    mock.realm.send_channel_events_messages = false;
    const quiet = mock.snapshot();
    expect(quiet.version).toBe(2);
    const notices = async (restored: MockServer, channel: string) => {
      const iago = restored.clientFor('iago@zulip.com');
      await iago.subscriptions.add({ subscriptions: [{ name: channel }] });
      const narrow = [{ operator: 'channel', operand: channel }];
      return (await iago.messages.list({ anchor: 'newest', num_before: 5, num_after: 0, narrow })).messages.length;
    };
    const fromVersion2 = createMockServer();
    fromVersion2.restore(quiet);
    expect(await notices(fromVersion2, 'quiet')).toBe(0);
    const fromVersion1 = createMockServer();
    fromVersion1.restore({ ...quiet, version: 1 });
    expect(fromVersion1.realm.send_channel_events_messages).toBe(true);
    expect(await notices(fromVersion1, 'loud')).toBe(1);
    expect(fromVersion1.snapshot().version).toBe(2);
  });

  it('refuses what it cannot load, naming the problem, and leaves the realm as it was', async () => {
    const mock = createMockServer();
    const users = mock.store.tables.user.size;
    const fails = (value: unknown) => {
      try {
        mock.restore(value);
      } catch (error) {
        expect(error).toBeInstanceOf(StateFormatError);
        return (error as Error).message;
      }
      throw new Error('expected a StateFormatError');
    };
    expect(fails('nope')).toBe('a state document is a JSON object');
    expect(fails({ format: 'other' })).toBe('format: expected "teamchat-mock-state", got "other"');
    expect(fails({ ...mock.snapshot(), version: 3 })).toBe('version: this mock reads versions 1 and 2, got 3');
    const { tables, ...rest } = mock.snapshot();
    expect(fails({ ...rest, tables: { ...tables, message: 'x' } })).toBe('tables.message: expected an array of records');
    // The avatar section: a null image would break every registration, an HTML file be served inline.
    const images = mock.snapshot().avatarImages;
    const withImages = (avatarImages: unknown) => ({ ...mock.snapshot(), avatarImages });
    expect(fails(withImages({ ...images, realm: { icon: null } }))).toBe('avatarImages.realm.icon: expected { source: "U" | "G" | "D", version: integer }');
    expect(fails(withImages({ ...images, files: [['1/x.png', { base64: btoa('<script>'), content_type: 'text/html' }]] }))).toBe(
      'avatarImages.files[0].content_type: expected an image type, got "text/html"',
    );
    expect(fails(withImages({ ...images, files: [['1/x.png', { base64: '%%%', content_type: 'image/png' }]] }))).toBe(
      'avatarImages.files[0]: expected [path, { base64, content_type }]',
    );
    expect(fails(withImages({ ...images, uploadedAvatars: ['1001'] }))).toBe('avatarImages.uploadedAvatars: expected user IDs');
    expect(mock.store.tables.user.size).toBe(users);
    await expect(mock.clientFor('hamlet@zulip.com').events.register({ event_types: ['realm'] })).resolves.toBeDefined();
  });
});
