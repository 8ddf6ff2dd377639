import { describe, expect, it } from 'vitest';
import { ManualClock } from '../mock/domain/clock';
import { createMockServer, type MockServer } from '../mock/index';
import { DEFAULT_SEED } from '../mock/seed/default-seed';
import type { ChatClient } from '../src/index';

const DAY_MS = 24 * 60 * 60 * 1000;
const START = 1_700_000_000_000;
const HAMLET = 'hamlet@zulip.com';
const DESDEMONA = 'desdemona@zulip.com';

function realmWith(days: number): { mock: MockServer; clock: ManualClock } {
  const clock = new ManualClock(START);
  const mock = createMockServer({ clock, seed: { ...DEFAULT_SEED, realm: { message_retention_days: days } } });
  return { mock, clock };
}

async function idsIn(client: ChatClient, channel: string): Promise<number[]> {
  const { messages } = await client.messages.list({ anchor: 'newest', num_before: 100, num_after: 0, narrow: [{ operator: 'channel', operand: channel }] });
  return messages.map((message) => message.id);
}

describe('message retention', () => {
  it('the organization\'s days: older channel and direct messages are deleted once the clock passes them', async () => {
    const { mock, clock } = realmWith(30);
    const hamlet = mock.clientFor(HAMLET);
    const seeded = await idsIn(hamlet, 'Verona');
    const old = await hamlet.messages.send({ type: 'channel', to: 'Verona', topic: 'old', content: 'soon gone' });
    const direct = await hamlet.messages.send({ type: 'direct', to: [mock.store.userByDeliveryEmail('othello@zulip.com')?.id ?? 0], content: 'private and old' });
    clock.set(START + 10 * DAY_MS);
    const recent = await hamlet.messages.send({ type: 'channel', to: 'Verona', topic: 'new', content: 'stays' });
    expect((await hamlet.events.register({ fetch_event_types: ['realm'] })).realm_message_retention_days).toBe(30);
    clock.set(START + 30 * DAY_MS - 1000);
    expect(await idsIn(hamlet, 'Verona')).toEqual([...seeded, old.id, recent.id]);
    clock.set(START + 30 * DAY_MS + 1);
    expect(await idsIn(hamlet, 'Verona')).toEqual([recent.id]);
    await expect(hamlet.messages.get({ message_id: direct.id })).rejects.toMatchObject({ code: 'BAD_REQUEST', msg: 'Invalid message(s)' });
  });

  it('a channel\'s own days win over the organization\'s; -1 keeps its messages forever; null inherits', async () => {
    const { mock, clock } = realmWith(-1);
    const owner = mock.clientFor(DESDEMONA);
    const verona = mock.store.channelByName('Verona')?.id ?? 0;
    const denmark = mock.store.channelByName('Denmark')?.id ?? 0;
    await owner.channels.update({ stream_id: verona, message_retention_days: 7 });
    const inVerona = await owner.messages.send({ type: 'channel', to: 'Verona', topic: 't', content: 'a week' });
    const inDenmark = await owner.messages.send({ type: 'channel', to: 'Denmark', topic: 't', content: 'forever' });
    clock.set(START + 400 * DAY_MS);
    expect(await idsIn(owner, 'Verona')).toEqual([]);
    expect(await idsIn(owner, 'Denmark')).toContain(inDenmark.id);
    await expect(owner.messages.get({ message_id: inVerona.id })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    // Back to the organization's setting (forever) with 'realm_default': nothing more goes.
    await owner.channels.update({ stream_id: denmark, message_retention_days: 'unlimited' });
    await owner.channels.update({ stream_id: verona, message_retention_days: 'realm_default' });
    const kept = await owner.messages.send({ type: 'channel', to: 'Verona', topic: 't', content: 'inherits forever' });
    clock.set(START + 4000 * DAY_MS);
    // Notification Bot's notice of the change to 'realm_default' is kept too.
    const veronaIds = await idsIn(owner, 'Verona');
    expect(veronaIds).toHaveLength(2);
    expect(veronaIds.at(-1)).toBe(kept.id);
  });

  it('uploads only the deleted messages linked are deleted with them, without events, as the server\'s job', async () => {
    const { mock, clock } = realmWith(30);
    const hamlet = mock.clientFor(HAMLET);
    const shared = await hamlet.uploads.upload(new File(['a'], 'a.txt'));
    const kept = await hamlet.uploads.upload(new File(['b'], 'b.txt'));
    await hamlet.messages.send({ type: 'channel', to: 'Verona', topic: 't', content: `[a](${shared.url}) [b](${kept.url})` });
    clock.set(START + 20 * DAY_MS);
    await hamlet.messages.send({ type: 'channel', to: 'Denmark', topic: 't', content: `[b](${kept.url})` });
    clock.set(START + 30 * DAY_MS - 1000);
    const queue = await hamlet.events.register({ event_types: ['attachment', 'delete_message', 'message'] });
    clock.set(START + 30 * DAY_MS + 1);
    const { attachments } = await hamlet.attachments.list();
    expect(attachments.map((attachment) => [attachment.name, attachment.messages.length])).toEqual([['b.txt', 1]]);
    const file = await mock.fetch(`${mock.state.realm.url}${shared.url}`, { headers: { Authorization: `Basic ${btoa(`${HAMLET}:${mock.apiKeyOf(HAMLET)}`)}` } });
    expect(file.status).toBe(404);
    const after = await hamlet.events.get({ queue_id: queue.queue_id ?? '', last_event_id: queue.last_event_id, dont_block: true });
    expect(after.events.filter((event) => event.type !== 'heartbeat')).toEqual([]);
  });

  // zerver/lib/retention.py: `date_sent < now - timedelta(days=...)`, to the microsecond.
  it('a message goes only once the clock is past its exact send time plus the days, not at the cut-off itself', async () => {
    const { mock, clock } = realmWith(1);
    const hamlet = mock.clientFor(HAMLET);
    clock.set(START + 500);
    const sent = await hamlet.messages.send({ type: 'channel', to: 'Verona', topic: 't', content: 'half a second in' });
    clock.set(START + DAY_MS + 100);
    await expect(hamlet.messages.get({ message_id: sent.id })).resolves.toMatchObject({ message: { id: sent.id } });
    clock.set(START + 500 + DAY_MS);
    await expect(hamlet.messages.get({ message_id: sent.id })).resolves.toMatchObject({ message: { id: sent.id } });
    clock.set(START + 501 + DAY_MS);
    await expect(hamlet.messages.get({ message_id: sent.id })).rejects.toMatchObject({ code: 'BAD_REQUEST', msg: 'Invalid message(s)' });
  });

  // The job deletes rows (zerver/lib/retention.py run_archiving); only do_delete_messages calls check_update_first_message_id.
  it('the job leaves a channel\'s first_message_id at the deleted message, with or without messages left', async () => {
    const { mock, clock } = realmWith(30);
    const hamlet = mock.clientFor(HAMLET);
    const first = mock.store.channelByName('Verona')?.first_message_id;
    clock.set(START + 10 * DAY_MS);
    await hamlet.messages.send({ type: 'channel', to: 'Verona', topic: 'new', content: 'stays' });
    clock.set(START + 31 * DAY_MS);
    const { subscriptions } = await hamlet.subscriptions.list();
    expect(subscriptions.find((sub) => sub.name === 'Verona')?.first_message_id).toBe(first);
    clock.set(START + 41 * DAY_MS);
    expect(await idsIn(hamlet, 'Verona')).toEqual([]);
    const state = await hamlet.events.register({ fetch_event_types: ['stream'] });
    expect(state.streams?.find((stream) => stream.name === 'Verona')?.first_message_id).toBe(first);
  });
});
