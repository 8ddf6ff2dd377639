import { describe, expect, it } from 'vitest';
import { createMockServer } from '../mock/index';
import { ChatClient } from '../src/index';
import { CountingClock } from './support/counting-clock';
import { DetachedClock } from './support/detached-clock';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();
const DAY_MS = 86_400_000;

/** What the server's weekly job does to a channel with no message in the last 180 days, at once. */
function markInactive(name: string): number {
  const id = realm.channelId(name);
  realm.mock.store.tables.channel.update(id, { is_recently_active: false });
  return id;
}

async function isRecentlyActive(streamId: number): Promise<boolean | undefined> {
  const { stream } = await realm.clientFor('iago@zulip.com').channels.get({ stream_id: streamId });
  return stream.is_recently_active;
}

// zerver/actions/message_edit.py (do_update_message, the end) and message_send.py (do_send_messages).
describe('an inactive channel becomes active again', () => {
  it('when a recent message is moved into it (test_move_message_update_stream_active_status)', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const { id } = await iago.messages.send({ type: 'stream', to: 'Verona', topic: 'test', content: 'First' });
    const denmark = markInactive('Denmark');
    const events = await verifyAction(iago, () =>
      iago.messages.update({ message_id: id, stream_id: denmark, propagate_mode: 'change_later', send_notification_to_new_thread: false }),
    );
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'stream', op: 'update', stream_id: denmark, name: 'Denmark', property: 'is_recently_active', value: true }),
    );
    expect(await isRecentlyActive(denmark)).toBe(true);
  });

  it('a private one: the event goes to the users who see it (test_move_message_update_private_stream_active_status)', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const { id: secret } = await iago.channels.create({ name: 'secret', subscribers: [realm.userId('iago@zulip.com')], invite_only: true });
    realm.mock.store.tables.channel.update(secret, { is_recently_active: false });
    const { id } = await iago.messages.send({ type: 'stream', to: 'Verona', topic: 'test', content: 'First' });
    const queues = await Promise.all(
      ['desdemona', 'iago', 'hamlet', 'shiva'].map(async (name) => {
        const client = realm.clientFor(`${name}@zulip.com`);
        const { queue_id, last_event_id } = await client.events.register({ event_types: ['stream'] });
        return { name, client, queue_id, last_event_id };
      }),
    );
    await iago.messages.update({ message_id: id, stream_id: secret, propagate_mode: 'change_later', send_notification_to_new_thread: false });
    const told: string[] = [];
    for (const { name, client, queue_id, last_event_id } of queues) {
      const { events } = await client.events.get({ queue_id: queue_id ?? '', last_event_id, dont_block: true });
      if (events.some((event) => event.type === 'stream')) told.push(name);
    }
    expect(told).toEqual(['desdemona', 'iago']);
  });

  it('but not when only messages older than 180 days are moved into it', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const { id } = await iago.messages.send({ type: 'stream', to: 'Verona', topic: 'old', content: 'Long ago' });
    realm.clock.advance(181 * DAY_MS);
    const denmark = markInactive('Denmark');
    // Denmark's seeded messages are as old now.
    await iago.messages.update({ message_id: id, stream_id: denmark, propagate_mode: 'change_all', send_notification_to_new_thread: false });
    expect(await isRecentlyActive(denmark)).toBe(false);
  });

  // The search for a recent message walks the channel newest first and stops at the first old
  // one; a message sent after the clock was set back has a higher ID than later-sent ones.
  it('when it holds a recent message below an old one with a higher ID (the clock was set back)', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const start = realm.clock.now();
    realm.clock.set(start + 200 * DAY_MS);
    await iago.messages.send({ type: 'stream', to: 'Denmark', topic: 'recent', content: 'Sent later' });
    realm.clock.set(start);
    const { id } = await iago.messages.send({ type: 'stream', to: 'Verona', topic: 'old', content: 'Sent earlier' });
    realm.clock.set(start + 201 * DAY_MS);
    const denmark = markInactive('Denmark');
    await iago.messages.update({ message_id: id, stream_id: denmark, propagate_mode: 'change_one', send_notification_to_new_thread: false });
    expect(await isRecentlyActive(denmark)).toBe(true);
  });

  it('when a message is sent to it, the stream event after the topic policy ones and before the message event', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const denmark = markInactive('Denmark');
    const events = await verifyAction(iago, () => iago.messages.send({ type: 'stream', to: 'Denmark', topic: 'back', content: 'Hello again' }));
    // Starting the topic follows it automatically (user_topic): the server sends that first.
    expect(events.map((event) => (event?.type === 'stream' ? `stream ${String(event.property)}` : event?.type))).toEqual([
      'muted_topics',
      'user_topic',
      'stream is_recently_active',
      'message',
    ]);
    expect(await isRecentlyActive(denmark)).toBe(true);
  });
});

async function activity(email: string, names: readonly string[]): Promise<Record<string, boolean | undefined>> {
  const client = realm.clientFor(email);
  const entries = await Promise.all(
    names.map(async (name) => [name, (await client.channels.get({ stream_id: realm.channelId(name) })).stream.is_recently_active] as const),
  );
  return Object.fromEntries(entries);
}

/** A `stream` `update` of `is_recently_active`, as `channel (value)`. */
function activityUpdates(events: readonly unknown[]): string[] {
  return events.flatMap((event) => {
    const update = event as { type?: string; property?: string; name?: string; value?: unknown };
    return update.type === 'stream' && update.property === 'is_recently_active' ? [`${update.name} (${String(update.value)})`] : [];
  });
}

// zerver/lib/streams.py (update_stream_active_status_for_realm), run by the
// update_channel_recently_active_status command, which puppet/zulip/manifests/app_frontend_once.pp
// schedules weekly: Sundays at 05:00.
describe('the weekly job that marks channels without recent messages inactive', () => {
  // The seed's messages were sent at the test clock's start, Wednesday 2025-01-01 00:00 UTC: the
  // first run that finds them more than 180 days old is Sunday 2025-07-06 at 05:00.
  const LAST_RUN_BEFORE = Date.UTC(2025, 6, 6, 4, 59);

  /** `GET /streams`, archived channels included, as `name:is_recently_active`. */
  async function listed(client: ChatClient): Promise<string[]> {
    const { streams } = await client.channels.list({ exclude_archived: false });
    return streams.map((stream) => `${stream.name}:${String(stream.is_recently_active)}`);
  }

  it('marks every channel without a message in the 180 days before it runs, archived ones too, with an event (test_check_update_all_streams_active_status)', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    // Archiving tells the channel so, in a message as old as the seed's.
    await iago.channels.archive({ stream_id: realm.channelId('Scotland') });
    realm.clock.set(Date.UTC(2025, 1, 1));
    await iago.messages.send({ type: 'stream', to: 'Verona', topic: 'later', content: 'Still here' });
    realm.clock.set(LAST_RUN_BEFORE);
    // The runs of the weeks before found the seed's messages recent enough.
    expect(await listed(iago)).toEqual(['Denmark:true', 'Scotland:true', 'Verona:true', 'core team:true']);
    // Without presence, whose `server_timestamp` moves with the clock.
    const channelState = { event_types: ['stream', 'subscription'], client_capabilities: { notification_settings_null: true, archived_channels: true } };
    const events = await verifyAction(iago, async () => realm.clock.advance(60_000), channelState);
    expect(activityUpdates(events)).toEqual(['Denmark (false)', 'Scotland (false)', 'core team (false)']);
    expect(events[0]).toEqual({ type: 'stream', op: 'update', stream_id: realm.channelId('Denmark'), name: 'Denmark', property: 'is_recently_active', value: false, id: expect.any(Number) });
    expect(await listed(iago)).toEqual(['Denmark:false', 'Scotland:false', 'Verona:true', 'core team:false']);
  });

  it("tells a client without archived_channels of an archived channel too, which its state leaves out", async () => {
    const iago = realm.clientFor('iago@zulip.com');
    await iago.channels.archive({ stream_id: realm.channelId('Scotland') });
    realm.clock.set(LAST_RUN_BEFORE);
    const events = await verifyAction(iago, async () => realm.clock.advance(60_000), { event_types: ['stream', 'subscription'] });
    expect(activityUpdates(events)).toEqual(['Verona (false)', 'Denmark (false)', 'Scotland (false)', 'core team (false)']);
  });

  it('tells the users who see each channel', async () => {
    realm.clock.set(LAST_RUN_BEFORE);
    const queues = await Promise.all(
      ['iago', 'cordelia', 'polonius'].map(async (name) => {
        const client = realm.clientFor(`${name}@zulip.com`);
        const { queue_id, last_event_id } = await client.events.register({ event_types: ['stream'] });
        return { name, client, queue_id: queue_id ?? '', last_event_id };
      }),
    );
    realm.clock.advance(60_000);
    const told: Record<string, string[]> = {};
    for (const { name, client, queue_id, last_event_id } of queues) {
      told[name] = activityUpdates((await client.events.get({ queue_id, last_event_id, dont_block: true })).events);
    }
    // Cordelia is not in the private channel; the guest is only in Verona, which turns inactive last.
    expect(told).toEqual({
      iago: ['Verona (false)', 'Denmark (false)', 'Scotland (false)', 'core team (false)'],
      cordelia: ['Verona (false)', 'Denmark (false)', 'Scotland (false)'],
      polonius: ['Verona (false)'],
    });
  });

  it('leaves a channel with a recent message active, and a message sent later makes an inactive one active again', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    realm.clock.set(Date.UTC(2025, 0, 10));
    await hamlet.messages.send({ type: 'stream', to: 'Denmark', topic: 'castle', content: 'Later' });
    realm.clock.set(LAST_RUN_BEFORE + 60_000);
    expect(await activity('hamlet@zulip.com', ['Verona', 'Denmark'])).toEqual({ Verona: false, Denmark: true });
    // Denmark's message is 180 days old at the next run.
    realm.clock.advance(7 * DAY_MS);
    expect(await activity('hamlet@zulip.com', ['Denmark'])).toEqual({ Denmark: false });
    const events = await verifyAction(hamlet, () => hamlet.messages.send({ type: 'stream', to: 'Denmark', topic: 'castle', content: 'Back' }));
    expect(activityUpdates(events)).toEqual(['Denmark (true)']);
    expect(await activity('hamlet@zulip.com', ['Verona', 'Denmark'])).toEqual({ Verona: false, Denmark: true });
  });

  it('does not wait for a channel to be 180 days old: one without messages turns inactive at the next run', async () => {
    const { id } = realm.mock.create.channel({ name: 'quiet', subscribers: ['iago@zulip.com'] });
    const iago = realm.clientFor('iago@zulip.com');
    // Created on a Wednesday: the job runs on Sunday at 05:00.
    realm.clock.set(Date.UTC(2025, 0, 5, 4, 59));
    expect((await iago.channels.get({ stream_id: id })).stream.is_recently_active).toBe(true);
    realm.clock.advance(60_000);
    expect((await iago.channels.get({ stream_id: id })).stream.is_recently_active).toBe(false);
    expect(await activity('iago@zulip.com', ['Verona'])).toEqual({ Verona: true });
  });

  it('runs before the next request when the clock jumped past its time without firing timers', async () => {
    // A clock whose time jumps without firing any timer or telling the realm (the default clock
    // tells it, and a ManualClock fires its timers): the request must find what fell due.
    const clock = new DetachedClock(Date.now());
    const mock = createMockServer({ clock });
    const iago = new ChatClient({ site: 'http://localhost:9991', email: 'iago@zulip.com', apiKey: mock.apiKeyOf('iago@zulip.com'), fetch: mock.fetch, maxRetries: 0 });
    const before = await iago.channels.list({});
    expect(before.streams.every((stream) => stream.is_recently_active)).toBe(true);
    clock.time += 200 * DAY_MS;
    expect(mock.store.tables.channel.all().every((channel) => channel.is_recently_active)).toBe(true);
    const after = await iago.channels.list({});
    expect(after.streams.map((stream) => stream.is_recently_active)).toEqual([false, false, false, false]);
  });

  // Review finding: the job stayed due at the time computed before the clock moved back.
  it('keeps running weekly after the clock is set back, from the next run after the new time', async () => {
    const mock = createMockServer();
    const iago = new ChatClient({ site: 'http://localhost:9991', email: 'iago@zulip.com', apiKey: mock.apiKeyOf('iago@zulip.com'), fetch: mock.fetch, maxRetries: 0 });
    mock.clock.set(mock.clock.now() - 365 * DAY_MS);
    await iago.channels.create({ name: 'fresh', subscribers: [realm.userId('iago@zulip.com')] });
    await iago.messages.send({ type: 'stream', to: 'fresh', topic: 'once', content: 'Only message' });
    mock.clock.advance(200 * DAY_MS);
    const { streams } = await iago.channels.list({});
    expect(streams.find((stream) => stream.name === 'fresh')?.is_recently_active).toBe(false);
    expect(mock.state.activityTimer.due - mock.clock.now()).toBeLessThanOrEqual(7 * DAY_MS);
  });

  it('when its timer fires early, after the clock was set back, waits for the next run after the new time', () => {
    const clock = new DetachedClock(Date.UTC(2025, 0, 1));
    const mock = createMockServer({ clock });
    expect(mock.state.activityTimer.due).toBe(Date.UTC(2025, 0, 5, 5));
    clock.time = Date.UTC(2024, 0, 1);
    const { id } = mock.create.channel({ name: 'quiet', subscribers: ['iago@zulip.com'] });
    clock.fire();
    expect(mock.state.activityTimer.due).toBe(Date.UTC(2024, 0, 7, 5));
    clock.time = Date.UTC(2024, 0, 7, 5);
    clock.fire();
    expect(mock.store.tables.channel.get(id)?.is_recently_active).toBe(false);
  });

  it('keeps one timer on the realm clock, none surviving a reset or a restore; the flag is part of the state', async () => {
    const clock = new CountingClock();
    const mock = createMockServer({ clock });
    const idle = clock.live;
    expect(mock.state.activityTimer.due).toBe(Date.UTC(2025, 0, 5, 5));
    const stateOf = () => Object.fromEntries(mock.store.tables.channel.all().map((channel) => [channel.name, channel.is_recently_active]));
    clock.set(Date.UTC(2025, 6, 6, 5));
    expect(clock.live).toBe(idle);
    expect(mock.state.activityTimer.due).toBe(Date.UTC(2025, 6, 13, 5));
    expect(stateOf()).toEqual({ Verona: false, Denmark: false, Scotland: false, 'core team': false });
    const snapshot = mock.snapshot();
    mock.reset();
    expect(clock.live).toBe(idle);
    // A fresh realm's messages are new: its next run finds them recent.
    clock.advance(7 * DAY_MS);
    expect(stateOf()).toEqual({ Verona: true, Denmark: true, Scotland: true, 'core team': true });
    mock.restore(JSON.parse(JSON.stringify(snapshot)));
    expect(clock.live).toBe(idle);
    expect(mock.state.activityTimer.due).toBe(Date.UTC(2025, 6, 20, 5));
    expect(stateOf()).toEqual({ Verona: false, Denmark: false, Scotland: false, 'core team': false });
  });
});

// Review finding: the field and its events went out at every level. OpenAPI: "New in Zulip 10.0 (feature level 323)".
describe('below feature level 323', () => {
  it('channels carry no is_recently_active and its changes send no event; the flag is still kept', async () => {
    const older = createMockServer({ featureLevel: 322 });
    const iago = older.clientFor('iago@zulip.com');
    const denmark = older.store.channelByName('Denmark')?.id ?? 0;
    older.store.tables.channel.update(denmark, { is_recently_active: false });
    const state = await iago.events.register({ event_types: ['stream', 'subscription', 'message'] });
    expect(state.subscriptions?.[0]).not.toHaveProperty('is_recently_active');
    expect(state.streams?.[0]).not.toHaveProperty('is_recently_active');
    await iago.messages.send({ type: 'stream', to: 'Denmark', topic: 'back', content: 'Hello again' });
    const { events } = await iago.events.get({ queue_id: state.queue_id ?? '', last_event_id: state.last_event_id, dont_block: true });
    expect(events.map((event) => event.type)).toEqual(['message']);
    expect(older.store.tables.channel.get(denmark)?.is_recently_active).toBe(true);
    expect((await iago.channels.get({ stream_id: denmark })).stream).not.toHaveProperty('is_recently_active');
    const current = createMockServer({ featureLevel: 323 });
    expect((await current.clientFor('iago@zulip.com').channels.get({ stream_id: denmark })).stream.is_recently_active).toBe(true);
  });
});
