import { describe, expect, it } from 'vitest';
import { createMockServer, ManualClock } from '../mock/index';

describe('mock.clock', () => {
  it('by default follows real time until advance() or set() moves it, and the realm reads it', async () => {
    const mock = createMockServer();
    const before = Date.now();
    expect(mock.clock.now()).toBeGreaterThanOrEqual(before);
    mock.clock.advance(3_600_000);
    const hamlet = mock.clientFor('hamlet@zulip.com');
    const { id } = await hamlet.messages.send({ type: 'channel', to: 'Verona', topic: 'later', content: 'an hour on' });
    const { message } = await hamlet.messages.get({ message_id: id });
    expect(message.timestamp * 1000).toBeGreaterThanOrEqual(before + 3_600_000 - 1000);
    mock.clock.set(Date.UTC(2030, 0, 1));
    expect(new Date(mock.clock.now()).getUTCFullYear()).toBe(2030);
    expect(() => mock.clock.advance(-1)).toThrow(RangeError);
  });

  it('takes the clock given in the options, typed as given', () => {
    const clock = new ManualClock(1_000);
    const mock = createMockServer({ clock });
    mock.clock.advance(500);
    expect(mock.clock.now()).toBe(1_500);
  });
});
