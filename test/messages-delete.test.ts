import { describe, expect, it } from 'vitest';
import { applyEvent, type ChatClient, parseEvent } from '../src/index';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();

const NO_PERMISSION = { code: 'BAD_REQUEST', status: 400, msg: "You don't have permission to delete this message" };
const TIME_LIMIT = { code: 'BAD_REQUEST', status: 400, msg: 'The time limit for deleting this message has passed' };
const INVALID = { code: 'BAD_REQUEST', status: 400, msg: 'Invalid message(s)' };
const BULK = { notification_settings_null: true, bulk_message_deletion: true };

function send(email: string, to: string, topic = 'deletion', content = 'to be deleted'): Promise<number> {
  return realm
    .clientFor(email)
    .messages.send({ type: 'channel', to, topic, content })
    .then(({ id }) => id);
}

async function expectGone(client: ChatClient, message_id: number): Promise<void> {
  await expectApiError(client.messages.get({ message_id }), INVALID);
}

describe('messages.delete: who may delete', () => {
  it('every role may delete their own message within the limit (10 minutes by default)', async () => {
    for (const email of ['desdemona@zulip.com', 'iago@zulip.com', 'shiva@zulip.com', 'hamlet@zulip.com', 'polonius@zulip.com']) {
      const id = await send(email, 'Verona');
      await realm.clientFor(email).messages.delete({ message_id: id });
      await expectGone(realm.clientFor('iago@zulip.com'), id);
    }
  });

  it('the time limit: allowed at exactly 600 s, refused after; no limit when it is null', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const early = await send('hamlet@zulip.com', 'Verona');
    const late = await send('hamlet@zulip.com', 'Verona');
    realm.clock.advance(600_000);
    await hamlet.messages.delete({ message_id: early });
    realm.clock.advance(1_000);
    await expectApiError(hamlet.messages.delete({ message_id: late }), TIME_LIMIT);
    realm.mock.realm.message_content_delete_limit_seconds = null;
    realm.clock.advance(86_400_000);
    await hamlet.messages.delete({ message_id: late });
  });

  it('the limit counts the exact time since sending, to the millisecond, not whole seconds', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    realm.clock.set(1_700_000_000_500);
    const onTime = await send('hamlet@zulip.com', 'Verona');
    const late = await send('hamlet@zulip.com', 'Verona');
    realm.clock.advance(600_000);
    await hamlet.messages.delete({ message_id: onTime });
    realm.clock.advance(1);
    await expectApiError(hamlet.messages.delete({ message_id: late }), TIME_LIMIT);
  });

  it("owners and administrators delete anyone's message at any time; moderators, members and guests do not", async () => {
    for (const email of ['desdemona@zulip.com', 'iago@zulip.com']) {
      const id = await send('othello@zulip.com', 'Verona');
      realm.clock.advance(3_600_000);
      await realm.clientFor(email).messages.delete({ message_id: id });
    }
    const id = await send('othello@zulip.com', 'Verona');
    for (const email of ['shiva@zulip.com', 'hamlet@zulip.com', 'polonius@zulip.com']) {
      await expectApiError(realm.clientFor(email).messages.delete({ message_id: id }), NO_PERMISSION);
    }
  });

  it("an expired own message is the time-limit error, someone else's is the permission error", async () => {
    const own = await send('hamlet@zulip.com', 'Verona');
    const other = await send('othello@zulip.com', 'Verona');
    realm.clock.advance(3_600_000);
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await expectApiError(hamlet.messages.delete({ message_id: own }), TIME_LIMIT);
    await expectApiError(hamlet.messages.delete({ message_id: other }), NO_PERMISSION);
  });

  it("a bot's owner may delete the bot's messages; nobody else without the permission may", async () => {
    const id = await send('default-bot@zulip.com', 'Verona');
    await expectApiError(realm.clientFor('othello@zulip.com').messages.delete({ message_id: id }), NO_PERMISSION);
    await realm.clientFor('hamlet@zulip.com').messages.delete({ message_id: id });
  });

  it("the realm's can_delete_own_message_group, and the channel's own group that widens it for channel messages", async () => {
    realm.mock.realm.can_delete_own_message_group = realm.groupId('role:administrators');
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const inVerona = await send('hamlet@zulip.com', 'Verona');
    const inDenmark = await send('hamlet@zulip.com', 'Denmark');
    const { id: direct } = await hamlet.messages.send({ type: 'direct', to: ['iago@zulip.com'], content: 'x' });
    await expectApiError(hamlet.messages.delete({ message_id: inVerona }), NO_PERMISSION);
    realm.mock.store.tables.channel.update(realm.channelId('Verona'), {
      can_delete_own_message_group: realm.groupId('role:members'),
    });
    await hamlet.messages.delete({ message_id: inVerona });
    await expectApiError(hamlet.messages.delete({ message_id: inDenmark }), NO_PERMISSION);
    await expectApiError(hamlet.messages.delete({ message_id: direct }), NO_PERMISSION);
    await realm.clientFor('iago@zulip.com').messages.delete({ message_id: direct });
  });

  it("the channel's can_delete_any_message_group lets its members delete anything in that channel only", async () => {
    realm.mock.store.tables.channel.update(realm.channelId('Verona'), {
      can_delete_any_message_group: realm.groupId('role:moderators'),
    });
    const inVerona = await send('othello@zulip.com', 'Verona');
    const inScotland = await send('othello@zulip.com', 'Scotland');
    realm.clock.advance(3_600_000);
    const shiva = realm.clientFor('shiva@zulip.com');
    await shiva.messages.delete({ message_id: inVerona });
    await expectApiError(shiva.messages.delete({ message_id: inScotland }), NO_PERMISSION);
  });

  it('"Invalid message(s)": unknown, already deleted, an unreceived direct message, a private channel without access, an archived channel', async () => {
    const iago = realm.clientFor('iago@zulip.com');
    await expectApiError(iago.messages.delete({ message_id: 999_999 }), INVALID);
    const id = await send('iago@zulip.com', 'Verona');
    await iago.messages.delete({ message_id: id });
    await expectApiError(iago.messages.delete({ message_id: id }), INVALID);
    const { id: direct } = await realm
      .clientFor('hamlet@zulip.com')
      .messages.send({ type: 'direct', to: ['othello@zulip.com'], content: 'x' });
    await expectApiError(iago.messages.delete({ message_id: direct }), INVALID);
    const secret = await send('desdemona@zulip.com', 'core team');
    await expectApiError(realm.clientFor('shiva@zulip.com').messages.delete({ message_id: secret }), INVALID);
    const archived = await send('iago@zulip.com', 'Denmark');
    realm.mock.store.tables.channel.update(realm.channelId('Denmark'), { is_archived: true });
    await expectApiError(iago.messages.delete({ message_id: archived }), INVALID);
  });
});

describe('messages.delete: the store stays consistent', () => {
  it('removes the record, every copy, the topic when emptied, and the sender from the topic participants', async () => {
    const store = realm.mock.store;
    const denmark = realm.channelId('Denmark');
    const id = await send('cordelia@zulip.com', 'Denmark', 'fresh topic');
    expect(store.topicParticipants(denmark, 'fresh topic').has(realm.userId('cordelia@zulip.com'))).toBe(true);
    await realm.clientFor('cordelia@zulip.com').messages.delete({ message_id: id });
    expect(store.tables.message.get(id)).toBeUndefined();
    expect(store.userMessages.recipientIds(id)).toEqual([]);
    expect([...store.topicMessageIds(denmark, 'fresh topic')]).toEqual([]);
    expect(store.topicParticipants(denmark, 'fresh topic').size).toBe(0);
    expect(store.channelTopicNamesLowerCased(denmark).has('fresh topic')).toBe(false);
  });

  it('a sender with another message in the topic stays a participant', async () => {
    const denmark = realm.channelId('Denmark');
    const first = await send('cordelia@zulip.com', 'Denmark', 'chat');
    await send('cordelia@zulip.com', 'Denmark', 'Chat');
    await realm.clientFor('cordelia@zulip.com').messages.delete({ message_id: first });
    expect(realm.mock.store.topicParticipants(denmark, 'chat').has(realm.userId('cordelia@zulip.com'))).toBe(true);
  });

  it("deleting a channel's first message moves first_message_id to the next oldest, and to null when none is left", async () => {
    const scotland = realm.channelId('Scotland');
    const store = realm.mock.store;
    const seeded = store.tables.channel.get(scotland)?.first_message_id ?? -1;
    const later = await send('iago@zulip.com', 'Scotland', 'another topic');
    const iago = realm.clientFor('iago@zulip.com');
    await iago.messages.delete({ message_id: seeded });
    expect(store.tables.channel.get(scotland)?.first_message_id).toBe(later);
    await iago.messages.delete({ message_id: later });
    expect(store.tables.channel.get(scotland)?.first_message_id).toBeNull();
  });
});

describe('messages.delete: events', () => {
  it('delete_message with message_ids, stream_id and the topic in lower case for bulk-deletion clients (acceptance test)', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    // The server groups deletions by topic case-insensitively and names the group in lower case.
    const id = await send('othello@zulip.com', 'Denmark', 'Castle');
    await send('othello@zulip.com', 'Denmark', 'later');
    const events = await verifyAction(hamlet, () => realm.clientFor('othello@zulip.com').messages.delete({ message_id: id }), {
      event_types: ['message', 'delete_message'],
      client_capabilities: BULK,
    });
    expect(events).toEqual([
      { id: expect.any(Number), type: 'delete_message', message_ids: [id], message_type: 'stream', stream_id: realm.channelId('Denmark'), topic: 'castle' },
    ]);
  });

  it('one event per message with message_id for clients without bulk deletion, and the empty topic as its display name', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const id = await send('othello@zulip.com', 'Denmark', '');
    await send('othello@zulip.com', 'Denmark', 'later');
    const events = await verifyAction(hamlet, () => realm.clientFor('othello@zulip.com').messages.delete({ message_id: id }));
    expect(events).toEqual([
      { id: expect.any(Number), type: 'delete_message', message_id: id, message_type: 'stream', stream_id: realm.channelId('Denmark'), topic: 'general chat' },
    ]);
  });

  it('a direct message: message_type private without channel fields, to its participants only', async () => {
    const othello = realm.clientFor('othello@zulip.com');
    const { id } = await realm
      .clientFor('hamlet@zulip.com')
      .messages.send({ type: 'direct', to: ['othello@zulip.com'], content: 'oops' });
    await othello.messages.send({ type: 'direct', to: ['hamlet@zulip.com'], content: 'newer' });
    const cordelia = await realm.clientFor('cordelia@zulip.com').events.register({ event_types: ['delete_message'] });
    const events = await verifyAction(othello, () => realm.clientFor('hamlet@zulip.com').messages.delete({ message_id: id }), {
      event_types: ['message', 'delete_message'],
      client_capabilities: BULK,
    });
    expect(events).toEqual([{ id: expect.any(Number), type: 'delete_message', message_ids: [id], message_type: 'private' }]);
    const unseen = await realm
      .clientFor('cordelia@zulip.com')
      .events.get({ queue_id: cordelia.queue_id ?? '', last_event_id: -1, dont_block: true });
    expect(unseen.events).toEqual([]);
  });

  it('the acting user is told even when not subscribed; an unsubscribed user without a copy is not', async () => {
    const desdemona = realm.clientFor('desdemona@zulip.com');
    const cordelia = await realm.clientFor('cordelia@zulip.com').events.register({ event_types: ['delete_message'] });
    const id = await send('othello@zulip.com', 'Scotland');
    const events = await verifyAction(desdemona, () => desdemona.messages.delete({ message_id: id }), {
      event_types: ['delete_message'],
      client_capabilities: BULK,
    });
    expect(events).toEqual([expect.objectContaining({ type: 'delete_message', message_ids: [id] })]);
    const unseen = await realm
      .clientFor('cordelia@zulip.com')
      .events.get({ queue_id: cordelia.queue_id ?? '', last_event_id: -1, dont_block: true });
    expect(unseen.events).toEqual([]);
  });

  it("deleting a channel's first message also sends the stream update of first_message_id, before delete_message", async () => {
    const iago = realm.clientFor('iago@zulip.com');
    const scotland = realm.channelId('Scotland');
    const seeded = realm.mock.store.tables.channel.get(scotland)?.first_message_id ?? -1;
    const later = await send('iago@zulip.com', 'Scotland', 'another topic');
    const events = await verifyAction(iago, () => iago.messages.delete({ message_id: seeded }), { client_capabilities: BULK });
    expect(events.map((event) => event?.type)).toEqual(['stream', 'delete_message']);
    expect(events[0]).toMatchObject({ op: 'update', property: 'first_message_id', value: later, stream_id: scotland, name: 'Scotland' });
  });

  it("deleting the user's newest message lowers max_message_id in a fresh register (the server recomputes it; applyEvent keeps the old value as an upper bound)", async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const before = await hamlet.events.register({ event_types: ['message'] });
    const id = await send('hamlet@zulip.com', 'Denmark');
    const kept = await hamlet.events.register({ event_types: ['message', 'delete_message'] });
    await hamlet.messages.delete({ message_id: id });
    const { events } = await hamlet.events.get({ queue_id: kept.queue_id ?? '', last_event_id: -1, dont_block: true });
    const reduced = events.reduce((state, event) => {
      const typed = parseEvent(event);
      return typed ? applyEvent(state, typed) : state;
    }, kept);
    const after = await hamlet.events.register({ event_types: ['message'] });
    expect(after.max_message_id).toBe(before.max_message_id);
    expect(after.max_message_id).toBeLessThan(id);
    expect(reduced.max_message_id).toBe(id);
  });
});
