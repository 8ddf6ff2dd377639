import { describe, expect, it } from 'vitest';
import { ManualClock } from '../mock/domain/clock';
import { createMockServer } from '../mock/index';
import { applyEvent, parseEvent, type RegisteredState } from '../src/index';

// Before feature level 330 the server named default channels by whole channel, not by ID.
describe('default channels and their groups on a server below feature level 330', () => {
  it('are whole channels in register and in events, and state + events == a fresh register', async () => {
    const mock = createMockServer({ featureLevel: 329, clock: new ManualClock() });
    const iago = mock.clientFor('iago@zulip.com');
    const hamlet = mock.clientFor('hamlet@zulip.com');
    const { stream_id: verona } = await iago.channels.getId({ stream: 'Verona' });
    const initial = await hamlet.events.register({ event_types: ['default_streams', 'default_stream_groups'] });
    await iago.channels.addDefault({ stream_id: verona });
    await iago.channels.createDefaultGroup({ group_name: 'starters', description: 'first', stream_names: ['Denmark'] });
    const { events } = await hamlet.events.get({ queue_id: initial.queue_id ?? '', last_event_id: initial.last_event_id, dont_block: true });
    const defaults = events.find((event) => event.type === 'default_streams') as { default_streams: { stream_id: number; name: string }[] } | undefined;
    expect(defaults?.default_streams.map((channel) => [channel.stream_id, channel.name])).toContainEqual([verona, 'Verona']);
    let state: RegisteredState = initial;
    for (const raw of events) {
      const event = parseEvent(raw);
      if (event) state = applyEvent(state, event);
    }
    const fresh = await hamlet.events.register({ event_types: ['default_streams', 'default_stream_groups'] });
    const [group] = fresh.realm_default_stream_groups ?? [];
    expect(group?.streams).toEqual([expect.objectContaining({ name: 'Denmark', stream_id: expect.any(Number) })]);
    expect(fresh.realm_default_streams).toContainEqual(expect.objectContaining({ stream_id: verona, name: 'Verona' }));
    const { queue_id: _q, last_event_id: _l, ...kept } = state;
    const { queue_id: _fq, last_event_id: _fl, ...expected } = fresh;
    expect(kept).toEqual(expected);
  });

  it('are IDs from level 330', async () => {
    const mock = createMockServer({ featureLevel: 330, clock: new ManualClock() });
    const iago = mock.clientFor('iago@zulip.com');
    const { stream_id: verona } = await iago.channels.getId({ stream: 'Verona' });
    await iago.channels.addDefault({ stream_id: verona });
    const state = await mock.clientFor('hamlet@zulip.com').events.register({ event_types: ['default_streams'] });
    expect(state.realm_default_streams).toContain(verona);
    expect(state.realm_default_streams?.every((entry) => typeof entry === 'number')).toBe(true);
  });
});
