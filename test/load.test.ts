import { describe, expect, it } from 'vitest';
import { runLoad } from './load/run';

describe('load through the standalone server (a short version of npm run fuzz\'s)', () => {
  it('accepts every send from concurrent clients and delivers each message once, in order, to every queue', async () => {
    const plan = { senders: 10, messages: 300, queues: 10 };
    const result = await runLoad(plan);
    expect(result.failedSends).toBe(0);
    expect(result.sentIds).toHaveLength(plan.messages);
    expect(new Set(result.sentIds).size).toBe(plan.messages);
    const all = [...result.sentIds].sort((a, b) => a - b);
    for (const ids of result.received) expect(ids).toEqual(all);
    expect(result.queuesLeft).toBe(0);
  }, 120_000);
});
