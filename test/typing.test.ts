import { describe, expect, it } from 'vitest';
import type { ChatClient } from '../src/index';
import { expectApiError } from './support/failure';
import { useTestRealm } from './support/mock';
import { verifyAction } from './support/verify-action';

const realm = useTestRealm();

const bad = (msg: string) => ({ code: 'BAD_REQUEST', status: 400, msg });

async function queueOf(client: ChatClient, capabilities: Record<string, boolean> = {}) {
  const registered = await client.events.register({
    event_types: ['typing', 'typing_edit_message'],
    client_capabilities: { notification_settings_null: false, ...capabilities },
  });
  let lastEventId = registered.last_event_id;
  // Each call answers the events since the previous one.
  return async () => {
    const { events } = await client.events.get({ queue_id: registered.queue_id ?? '', last_event_id: lastEventId, dont_block: true });
    lastEventId = events.at(-1)?.id ?? lastEventId;
    return events.map(({ id: _id, ...event }) => event);
  };
}

const ref = (email: string) => ({ user_id: realm.userId(email), email });

describe('POST /typing', () => {
  it('direct typing reaches every participant, the sender included, with recipients in request order', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const hamletSees = await queueOf(hamlet);
    const othelloSees = await queueOf(realm.clientFor('othello@zulip.com'));
    const cordeliaSees = await queueOf(realm.clientFor('cordelia@zulip.com'));
    await hamlet.typing.set({ op: 'start', to: [realm.userId('othello@zulip.com')] });
    const expected = {
      type: 'typing',
      op: 'start',
      message_type: 'direct',
      sender: ref('hamlet@zulip.com'),
      recipients: [ref('othello@zulip.com'), ref('hamlet@zulip.com')],
    };
    expect(await hamletSees()).toEqual([expected]);
    expect(await othelloSees()).toEqual([expected]);
    expect(await cordeliaSees()).toEqual([]);
  });

  it('channel typing reaches the subscribers whose queues declared stream_typing_notifications', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const scotland = realm.channelId('Scotland');
    const othelloSees = await queueOf(realm.clientFor('othello@zulip.com'), { stream_typing_notifications: true });
    const iagoWithout = await queueOf(realm.clientFor('iago@zulip.com'));
    const cordeliaSees = await queueOf(realm.clientFor('cordelia@zulip.com'), { stream_typing_notifications: true });
    await hamlet.typing.set({ type: 'channel', op: 'stop', stream_id: scotland, topic: ' (no topic) ' });
    await hamlet.typing.set({ type: 'stream', op: 'start', stream_id: scotland, topic: 'kilts' });
    expect(await othelloSees()).toEqual([
      { type: 'typing', op: 'stop', message_type: 'stream', sender: ref('hamlet@zulip.com'), stream_id: scotland, topic: 'general chat' },
      { type: 'typing', op: 'start', message_type: 'stream', sender: ref('hamlet@zulip.com'), stream_id: scotland, topic: 'kilts' },
    ]);
    expect(await iagoWithout()).toEqual([]);
    expect(await cordeliaSees()).toEqual([]);
  });

  it('refuses what the server refuses', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await expectApiError(hamlet.typing.set({ op: 'start' }), bad("Missing 'to' argument"));
    await expectApiError(hamlet.typing.set({ op: 'start', to: [] }), bad("Empty 'to' list"));
    await expectApiError(hamlet.typing.set({ op: 'start', to: [999_999] }), bad('Invalid user ID 999999'));
    await expectApiError(hamlet.typing.set({ type: 'channel', op: 'start', topic: 'x' }), bad("Missing 'stream_id' argument"));
    await expectApiError(
      hamlet.typing.set({ type: 'channel', op: 'start', stream_id: realm.channelId('Verona') }),
      bad('Missing topic'),
    );
    await expectApiError(
      realm.clientFor('othello@zulip.com').typing.set({ type: 'channel', op: 'start', stream_id: realm.channelId('core team'), topic: 'x' }),
      bad('Invalid channel ID'),
    );
    const raw = async (body: Record<string, string>) => {
      const response = await realm.raw('hamlet@zulip.com', 'POST', '/typing', new URLSearchParams(body));
      return { status: response.status, body: await response.json() };
    };
    expect(await raw({ type: 'private', op: 'start', to: '[10]' })).toEqual({ status: 400, body: { result: 'error', code: 'BAD_REQUEST', msg: 'Invalid type' } });
    expect(await raw({ op: 'begin', to: '[10]' })).toEqual({ status: 400, body: { result: 'error', code: 'BAD_REQUEST', msg: 'Invalid op' } });
    expect(await raw({ op: 'start', to: '9' })).toEqual({ status: 400, body: { result: 'error', code: 'BAD_REQUEST', msg: 'to is not a list' } });
  });

  it('takes subject for topic, as the server\'s typed endpoint aliases it; both at once is refused', async () => {
    const verona = realm.channelId('Verona');
    const othelloSees = await queueOf(realm.clientFor('othello@zulip.com'), { stream_typing_notifications: true });
    const raw = async (body: Record<string, string>) => {
      const response = await realm.raw('hamlet@zulip.com', 'POST', '/typing', new URLSearchParams(body));
      return { status: response.status, body: await response.json() };
    };
    expect(await raw({ type: 'channel', op: 'start', stream_id: String(verona), subject: ' alias ' })).toEqual({ status: 200, body: { result: 'success', msg: '' } });
    expect(await othelloSees()).toEqual([{ type: 'typing', op: 'start', message_type: 'stream', sender: ref('hamlet@zulip.com'), stream_id: verona, topic: 'alias' }]);
    expect(await raw({ type: 'channel', op: 'start', stream_id: String(verona), topic: 'a', subject: 'b' })).toMatchObject({
      status: 400,
      body: { result: 'error', code: 'REQUEST_CONFUSING_VAR', msg: "Can't decide between 'topic' and 'subject' arguments" },
    });
  });

  it("strips the topic as the parameter's pydantic model does: Unicode whitespace, not U+FEFF (regression: JavaScript's trim)", async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const verona = realm.channelId('Verona');
    const othelloSees = await queueOf(realm.clientFor('othello@zulip.com'), { stream_typing_notifications: true });
    await hamlet.typing.set({ type: 'channel', op: 'start', stream_id: verona, topic: '\u0085x\u3000' });
    await hamlet.typing.set({ type: 'channel', op: 'start', stream_id: verona, topic: '\ufeffy' });
    await hamlet.typing.set({ type: 'channel', op: 'start', stream_id: verona, topic: '\u001cz' });
    expect((await othelloSees()).map((event) => ('topic' in event ? event.topic : undefined))).toEqual(['x', '\ufeffy', '\u001cz']);
  });

  it('stream_id null is the same as leaving it out (the server reads Json[int | None])', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    await expectApiError(hamlet.typing.set({ type: 'channel', op: 'start', stream_id: null, topic: 'x' }), bad("Missing 'stream_id' argument"));
    const response = await realm.raw('hamlet@zulip.com', 'POST', '/typing', new URLSearchParams({ type: 'stream', op: 'start', stream_id: 'null', topic: 'x' }));
    expect({ status: response.status, body: await response.json() }).toEqual({ status: 400, body: { result: 'error', code: 'BAD_REQUEST', msg: "Missing 'stream_id' argument" } });
    // Direct typing ignores it.
    await expect(hamlet.typing.set({ op: 'start', to: [realm.userId('othello@zulip.com')], stream_id: null })).resolves.toEqual({});
  });

  it('typing events pass the acceptance test (no state changes)', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const events = await verifyAction(hamlet, () => hamlet.typing.set({ op: 'start', to: [realm.userId('othello@zulip.com')] }), {
      event_types: ['typing', 'drafts'],
    });
    expect(events).toHaveLength(1);
  });
});

describe('POST /messages/{message_id}/typing', () => {
  it('tells channel subscribers, and direct participants, that the sender is editing', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const scotland = realm.channelId('Scotland');
    const { id } = await hamlet.messages.send({ type: 'channel', to: 'Scotland', topic: 'kilts', content: 'x' });
    const othelloSees = await queueOf(realm.clientFor('othello@zulip.com'));
    const cordeliaSees = await queueOf(realm.clientFor('cordelia@zulip.com'));
    await hamlet.typing.setForEdit({ message_id: id, op: 'start' });
    expect(await othelloSees()).toEqual([
      {
        type: 'typing_edit_message',
        op: 'start',
        sender_id: realm.userId('hamlet@zulip.com'),
        message_id: id,
        recipient: { type: 'channel', channel_id: scotland, topic: 'kilts' },
      },
    ]);
    expect(await cordeliaSees()).toEqual([]);
    const { id: direct } = await hamlet.messages.send({ type: 'direct', to: [realm.userId('cordelia@zulip.com')], content: 'y' });
    await hamlet.typing.setForEdit({ message_id: direct, op: 'stop' });
    const participants = [realm.userId('hamlet@zulip.com'), realm.userId('cordelia@zulip.com')].sort((a, b) => a - b);
    expect(await cordeliaSees()).toEqual([
      {
        type: 'typing_edit_message',
        op: 'stop',
        sender_id: realm.userId('hamlet@zulip.com'),
        message_id: direct,
        recipient: { type: 'direct', user_ids: participants },
      },
    ]);
    expect(await othelloSees()).toEqual([]);
    // A participant who turned typing notifications off is neither told nor listed.
    await hamlet.settings.update({ receives_typing_notifications: false });
    await hamlet.typing.setForEdit({ message_id: direct, op: 'start' });
    expect((await cordeliaSees()).at(-1)).toMatchObject({ recipient: { type: 'direct', user_ids: [realm.userId('cordelia@zulip.com')] } });
  });

  it('a one-to-one conversation lists the editor, then the other user (twice the editor for a self-message); a group its members in ID order', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const iago = realm.clientFor('iago@zulip.com');
    const [hamletId, iagoId, othelloId] = ['hamlet@zulip.com', 'iago@zulip.com', 'othello@zulip.com'].map((email) => realm.userId(email));
    const iagoSees = await queueOf(iago);
    const { id: toIago } = await hamlet.messages.send({ type: 'direct', to: [iagoId ?? 0], content: 'x' });
    await hamlet.typing.setForEdit({ message_id: toIago, op: 'start' });
    expect(hamletId).toBeGreaterThan(iagoId ?? 0);
    expect(await iagoSees()).toEqual([
      { type: 'typing_edit_message', op: 'start', sender_id: hamletId, message_id: toIago, recipient: { type: 'direct', user_ids: [hamletId, iagoId] } },
    ]);
    const { id: own } = await iago.messages.send({ type: 'direct', to: [iagoId ?? 0], content: 'note to self' });
    await iago.typing.setForEdit({ message_id: own, op: 'start' });
    expect(await iagoSees()).toEqual([
      { type: 'typing_edit_message', op: 'start', sender_id: iagoId, message_id: own, recipient: { type: 'direct', user_ids: [iagoId, iagoId] } },
    ]);
    const { id: group } = await hamlet.messages.send({ type: 'direct', to: [othelloId ?? 0, iagoId ?? 0], content: 'all' });
    await hamlet.typing.setForEdit({ message_id: group, op: 'stop' });
    expect(await iagoSees()).toEqual([
      { type: 'typing_edit_message', op: 'stop', sender_id: hamletId, message_id: group, recipient: { type: 'direct', user_ids: [iagoId, hamletId, othelloId] } },
    ]);
  });

  it('needs the right to edit the message, without the edit grace period', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const { id } = await hamlet.messages.send({ type: 'channel', to: 'Scotland', topic: 'kilts', content: 'x' });
    await expectApiError(realm.clientFor('othello@zulip.com').typing.setForEdit({ message_id: id, op: 'start' }), bad("You don't have permission to edit this message"));
    await expectApiError(hamlet.typing.setForEdit({ message_id: id + 1000, op: 'start' }), bad('Invalid message(s)'));
    const { id: secret } = await hamlet.messages.send({ type: 'channel', to: 'core team', topic: 't', content: 'x' });
    await expectApiError(realm.clientFor('othello@zulip.com').typing.setForEdit({ message_id: secret, op: 'start' }), bad('Invalid message(s)'));
    realm.clock.advance(601_000);
    await expectApiError(hamlet.typing.setForEdit({ message_id: id, op: 'start' }), bad('The time limit for editing this message has passed'));
    realm.mock.realm.allow_message_editing = false;
    await expectApiError(hamlet.typing.setForEdit({ message_id: id, op: 'start' }), bad('Your organization has turned off message editing'));
  });
});

describe('typing notifications and the users\' settings', () => {
  it('users who turned receiving off get no typing events; senders who turned sending off are refused', async () => {
    const hamlet = realm.clientFor('hamlet@zulip.com');
    const othello = realm.clientFor('othello@zulip.com');
    await othello.settings.update({ receives_typing_notifications: false });
    const othelloSees = await queueOf(othello, { stream_typing_notifications: true });
    const cordeliaSees = await queueOf(realm.clientFor('cordelia@zulip.com'));
    await hamlet.typing.set({ op: 'start', to: [realm.userId('othello@zulip.com'), realm.userId('cordelia@zulip.com')] });
    await hamlet.typing.set({ type: 'channel', op: 'start', stream_id: realm.channelId('Verona'), topic: 'x' });
    expect(await othelloSees()).toEqual([]);
    expect((await cordeliaSees()).map((event) => event.type)).toEqual(['typing']);
    await hamlet.settings.update({ send_private_typing_notifications: false, send_stream_typing_notifications: false });
    await expectApiError(hamlet.typing.set({ op: 'start', to: [realm.userId('othello@zulip.com')] }), bad('User has disabled typing notifications for direct messages'));
    await expectApiError(
      hamlet.typing.set({ type: 'channel', op: 'start', stream_id: realm.channelId('Verona'), topic: 'x' }),
      bad('User has disabled typing notifications for channel messages'),
    );
    const { id } = await hamlet.messages.send({ type: 'channel', to: 'Verona', topic: 'x', content: 'draft' });
    await expectApiError(hamlet.typing.setForEdit({ message_id: id, op: 'start' }), bad('User has disabled typing notifications for channel messages'));
  });
});
