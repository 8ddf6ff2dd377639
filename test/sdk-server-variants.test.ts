import { describe, expect, it } from 'vitest';
import { applyEvent, parseEvent, ResponseValidationError, type ChatEventPayload, type StreamEvent } from '../src/index';
import { useTestRealm } from './support/mock';

const realm = useTestRealm();

type BodyEdit = (body: Record<string, unknown>) => Record<string, unknown>;

/**
 * The mock's fetch with the answers of one route edited as a real server (older, imported or
 * unusual) sends them where the mock never would.
 */
function answeringAs(route: RegExp, edit: BodyEdit): typeof globalThis.fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const response = await realm.mock.fetch(request);
    if (!route.test(`${request.method} ${new URL(request.url).pathname}`) || !response.ok) return response;
    const body = edit((await response.json()) as Record<string, unknown>);
    return new Response(JSON.stringify(body), { status: response.status, headers: response.headers });
  };
}

describe('answers real servers send that the mock does not', () => {
  it('a text profile field never rendered (rendered_value null: imported organizations, very old values)', async () => {
    const unrendered: BodyEdit = (body) => ({
      ...body,
      members: (body.members as Record<string, unknown>[]).map((user) => ({ ...user, profile_data: { 3: { value: 'imported', rendered_value: null } } })),
    });
    const hamlet = realm.clientFor('hamlet@zulip.com', { fetch: answeringAs(/^GET \/api\/v1\/users$/, unrendered) });
    const { members } = await hamlet.users.list({ include_custom_profile_fields: true });
    expect(members[0]?.profile_data?.['3']).toEqual({ value: 'imported', rendered_value: null });
  });

  it('default channels as whole channels (servers below feature level 330), in register and in events', async () => {
    const wholeChannels: BodyEdit = (body) => ({ ...body, realm_default_streams: [{ stream_id: 2001, name: 'Verona' }] });
    const hamlet = realm.clientFor('hamlet@zulip.com', { fetch: answeringAs(/^POST \/api\/v1\/register$/, wholeChannels) });
    const state = await hamlet.events.register({ event_types: ['default_streams'] });
    expect(state.realm_default_streams).toEqual([{ stream_id: 2001, name: 'Verona' }]);
    const event = parseEvent({ id: 1, type: 'default_streams', default_streams: [{ stream_id: 2002, name: 'Denmark' }] });
    expect(event && applyEvent(state, event).realm_default_streams).toEqual([{ stream_id: 2002, name: 'Denmark' }]);
  });
});

describe('a newer server that drops the fields it documents as deprecated and due for removal', () => {
  const without = (record: Record<string, unknown>, ...names: string[]) => Object.fromEntries(Object.entries(record).filter(([key]) => !names.includes(key)));

  it('channels without stream_post_policy and is_announcement_only, users/me without max_message_id, flag events without all', async () => {
    const channels: BodyEdit = (body) => ({ ...body, streams: (body.streams as Record<string, unknown>[]).map((channel) => without(channel, 'stream_post_policy', 'is_announcement_only')) });
    const me: BodyEdit = (body) => without(body, 'max_message_id');
    const hamlet = realm.clientFor('hamlet@zulip.com', { fetch: answeringAs(/^GET \/api\/v1\/streams$/, channels) });
    const { streams } = await hamlet.channels.list();
    expect(streams.length).toBeGreaterThan(0);
    expect(streams.every((channel) => channel.stream_post_policy === undefined)).toBe(true);
    const hamletMe = realm.clientFor('hamlet@zulip.com', { fetch: answeringAs(/^GET \/api\/v1\/users\/me$/, me) });
    expect((await hamletMe.users.me()).max_message_id).toBeUndefined();
    expect(parseEvent({ id: 1, type: 'update_message_flags', op: 'add', flag: 'starred', messages: [1] })).toMatchObject({ flag: 'starred', messages: [1] });
  });
});

describe('events as servers before feature level 222 send them', () => {
  it('a deactivation is a realm_user remove: the user moves to realm_non_active_users as they were, not a placeholder', async () => {
    const registered = await realm.clientFor('hamlet@zulip.com').events.register({ event_types: ['realm_user'] });
    const state = { ...registered, zulip_feature_level: 221 };
    const othello = state.realm_users?.find((user) => user.email === 'othello@zulip.com');
    const removed = parseEvent({ id: 1, type: 'realm_user', op: 'remove', person: { user_id: othello?.user_id, full_name: othello?.full_name } });
    const next = removed && applyEvent(state, removed);
    expect(next?.realm_users?.some((user) => user.user_id === othello?.user_id)).toBe(false);
    expect(next?.realm_non_active_users?.find((user) => user.user_id === othello?.user_id)).toEqual(othello);
  });

  it('an add of a user the state already lists (a reactivation the state saw twice) keeps what it knows of them', async () => {
    const registered = await realm.clientFor('hamlet@zulip.com').events.register({ event_types: ['realm_user'] });
    const state = { ...registered, zulip_feature_level: 221 };
    const othello = state.realm_users?.find((user) => user.email === 'othello@zulip.com');
    const known = othello && { ...othello, profile_data: { 9: { value: 'Cyprus', rendered_value: '<p>Cyprus</p>' } } };
    const withProfile = { ...state, realm_users: state.realm_users?.map((user) => (user.user_id === othello?.user_id ? known : user)) } as typeof state;
    // Servers before 222 sent the reactivated user whole, as a new one: no profile field values.
    const added = parseEvent({ id: 1, type: 'realm_user', op: 'add', person: { ...othello, profile_data: {} } });
    const next = added && applyEvent(withProfile, added);
    expect(next?.realm_users?.find((user) => user.user_id === othello?.user_id)).toEqual(known);
  });
});

describe('an event of a known type that does not match its schema, on the stream', () => {
  const brokenReaction: BodyEdit = (body) => ({
    ...body,
    events: (body.events as ChatEventPayload[]).map((event) => (event.type === 'reaction' ? { id: event.id, type: 'reaction', op: 'add' } : event)),
  });

  async function streamWithBrokenReaction(onInvalidEvent?: (event: ChatEventPayload, error: ResponseValidationError) => void) {
    const hamlet = realm.clientFor('hamlet@zulip.com', { fetch: answeringAs(/^GET \/api\/v1\/events$/, brokenReaction) });
    const iago = realm.clientFor('iago@zulip.com');
    const { id } = await iago.messages.send({ type: 'stream', to: 'Verona', topic: 'variants', content: 'react to me' });
    const seen: StreamEvent['type'][] = [];
    const stream = hamlet.events.stream({ event_types: ['reaction', 'message'], ...(onInvalidEvent ? { onInvalidEvent } : {}) });
    const run = (async () => {
      for await (const event of stream) {
        seen.push(event.type);
        if (event.type === 'registered') {
          await iago.reactions.add({ message_id: id, emoji_name: 'smile' });
          await iago.messages.send({ type: 'stream', to: 'Verona', topic: 'variants', content: 'after' });
        }
        if (event.type === 'message') break;
      }
    })();
    return { run, seen };
  }

  it('ends the stream with a ResponseValidationError naming the event, without onInvalidEvent', async () => {
    const { run } = await streamWithBrokenReaction();
    const error = await run.then(() => undefined, (thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).message).toMatch(/^get-events \(reaction event\): the response does not match its schema: /);
    expect(realm.mock.state.events.queues()).toEqual([]);
  });

  it('goes to onInvalidEvent, and the stream goes on', async () => {
    const invalid: [ChatEventPayload, ResponseValidationError][] = [];
    const { run, seen } = await streamWithBrokenReaction((event, error) => invalid.push([event, error]));
    await run;
    expect(seen).toEqual(['registered', 'message']);
    expect(invalid.map(([event, error]) => [event.type, error.issues.length > 0])).toEqual([['reaction', true]]);
  });
});
