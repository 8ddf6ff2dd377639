import { describe, expect, it } from 'vitest';
import { fuzzOverHttp } from './fuzz/run';

const RUNS = Number(process.env.FUZZ_HTTP_RUNS ?? 150);

describe('fuzzing every route over real HTTP (fast-check, fixed seed)', () => {
  it('answers every request with the envelope and a known code, never a 5xx, and keeps the store consistent', async () => {
    const report = await fuzzOverHttp(RUNS, 20261124);
    expect(report.errorsLogged).toEqual([]);
    expect([...report.statuses.keys()].every((status) => status < 500 || status === 501)).toBe(true);
  }, 120_000);
});
