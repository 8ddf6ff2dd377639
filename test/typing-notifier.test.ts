import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChatClient, type ChatEvent, TypingTracker } from '../src/index';
import { MOCK_FEATURE_LEVEL } from '../mock/index';

const PERIODS = {
  server_typing_started_wait_period_milliseconds: 10_000,
  server_typing_stopped_wait_period_milliseconds: 5_000,
  server_typing_started_expiry_period_milliseconds: 15_000,
};

/** A client whose requests are recorded (the parameters of each POST /typing) and answered with success. */
function recordingClient() {
  const sent: Record<string, string>[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    sent.push(Object.fromEntries(new URLSearchParams(await request.text())));
    return new Response(JSON.stringify({ result: 'success', msg: '' }), { headers: { 'content-type': 'application/json' } });
  };
  const client = new ChatClient({ site: 'http://chat.test', email: 'hamlet@zulip.com', apiKey: 'key', fetch, maxRetries: 0, featureLevel: MOCK_FEATURE_LEVEL });
  return { client, sent };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('client.typing.notifier', () => {
  it('sends start at once, again only after the started-wait period, and stop after the stopped-wait idle period', async () => {
    const { client, sent } = recordingClient();
    const notifier = client.typing.notifier({ to: [10, 11] }, { periods: PERIODS });
    notifier.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([{ type: 'direct', op: 'start', to: '[10,11]' }]);
    for (let elapsed = 0; elapsed < 9_000; elapsed += 3_000) {
      await vi.advanceTimersByTimeAsync(3_000);
      notifier.start();
    }
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    notifier.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.map((params) => params.op)).toEqual(['start', 'start']);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent.map((params) => params.op)).toEqual(['start', 'start', 'stop']);
    expect(notifier.isTyping).toBe(false);
  });

  it('stop() on send or cancel notifies once; channel targets send the channel form', async () => {
    const { client, sent } = recordingClient();
    const notifier = client.typing.notifier({ stream_id: 7, topic: 'plans' }, { periods: PERIODS });
    notifier.stop();
    notifier.start();
    notifier.stop();
    notifier.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent).toEqual([
      { type: 'channel', op: 'start', stream_id: '7', topic: 'plans' },
      { type: 'channel', op: 'stop', stream_id: '7', topic: 'plans' },
    ]);
  });

  it('uses the server defaults without periods (30 s resend, 12 s idle)', async () => {
    const { client, sent } = recordingClient();
    const notifier = client.typing.notifier({ to: [10] });
    notifier.start();
    await vi.advanceTimersByTimeAsync(11_999);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent.map((params) => params.op)).toEqual(['start', 'stop']);
  });
});

const typing = (op: 'start' | 'stop', sender: number, recipients: number[]): ChatEvent => ({
  id: 1,
  type: 'typing',
  op,
  message_type: 'direct',
  sender: { user_id: sender, email: `user${sender}@x` },
  recipients: recipients.map((user_id) => ({ user_id, email: `user${user_id}@x` })),
});

describe('TypingTracker', () => {
  it('tracks typists per conversation until stop, or the expiry period after the last start', async () => {
    let changes = 0;
    const tracker = new TypingTracker(PERIODS, () => changes++);
    tracker.handle(typing('start', 10, [11, 10]));
    tracker.handle({ id: 2, type: 'typing', op: 'start', message_type: 'stream', sender: { user_id: 12, email: 'c@x' }, stream_id: 7, topic: 'Plans' });
    expect(tracker.typingInDirect([10, 11])).toEqual([10]);
    expect(tracker.typingInTopic(7, 'plans')).toEqual([12]);
    expect(changes).toBe(2);
    await vi.advanceTimersByTimeAsync(10_000);
    tracker.handle(typing('start', 10, [10, 11]));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(tracker.typingInDirect([11, 10])).toEqual([10]);
    expect(tracker.typingInTopic(7, 'plans')).toEqual([]);
    tracker.handle(typing('stop', 10, [10, 11]));
    expect(tracker.typingInDirect([10, 11])).toEqual([]);
    expect(changes).toBe(4);
  });

  it('client.typing.tracker uses the registered expiry period', async () => {
    const tracker = new ChatClient({ site: 'http://chat.test' }).typing.tracker({ periods: { server_typing_started_expiry_period_milliseconds: 1_000 } });
    tracker.handle(typing('start', 10, [10, 11]));
    await vi.advanceTimersByTimeAsync(999);
    expect(tracker.typingInDirect([10, 11])).toEqual([10]);
    await vi.advanceTimersByTimeAsync(1);
    expect(tracker.typingInDirect([10, 11])).toEqual([]);
  });
});
