import { describe, expect, it } from 'vitest';
import { LeakyBucketBackend, SlidingWindowBackend } from '../mock/domain/rate-limit-backends';
import { parseRateLimitRules } from '../mock/domain/rate-limits';
import { useTestRealm } from './support/mock';

const HAMLET = 'hamlet@zulip.com';
const IAGO = 'iago@zulip.com';

async function call(realm: ReturnType<typeof useTestRealm>, email: string | undefined, path = '/users/me/alert_words') {
  const response = await realm.raw(email, 'GET', path);
  return { response, body: (await response.json()) as Record<string, unknown> };
}

function limitHeaders(response: Response) {
  return {
    limit: response.headers.get('x-ratelimit-limit'),
    remaining: response.headers.get('x-ratelimit-remaining'),
    reset: response.headers.get('x-ratelimit-reset'),
  };
}

describe('rate limits: the real server default', () => {
  const realm = useTestRealm();

  it('reports the 200-per-minute rule on every authenticated response, counting down', async () => {
    const now = Math.floor(realm.clock.now() / 1000);
    const first = await call(realm, HAMLET);
    expect(limitHeaders(first.response)).toEqual({ limit: '200', remaining: '199', reset: String(now + 60) });
    const second = await call(realm, HAMLET);
    expect(second.response.headers.get('x-ratelimit-remaining')).toBe('198');
    // Counted per user.
    expect((await call(realm, IAGO)).response.headers.get('x-ratelimit-remaining')).toBe('199');
  });

  it('refuses the 201st request within a minute with RATE_LIMIT_HIT, and admits again once the window has passed', async () => {
    for (let index = 0; index < 200; index++) expect((await call(realm, HAMLET)).response.status).toBe(200);
    realm.clock.advance(30_000);
    const refused = await call(realm, HAMLET);
    expect(refused.response.status).toBe(429);
    expect(refused.body).toEqual({ result: 'error', msg: 'API usage exceeded rate limit', code: 'RATE_LIMIT_HIT', 'retry-after': 30 });
    expect(refused.response.headers.get('retry-after')).toBe('30');
    expect(refused.response.headers.get('x-ratelimit-remaining')).toBe('0');
    realm.clock.advance(30_001);
    expect((await call(realm, HAMLET)).response.status).toBe(200);
  });

  it('sets no rate-limit headers on an unauthenticated request, and a Date from the realm clock on every answer', async () => {
    const anonymous = await call(realm, undefined, '/server_settings');
    expect(anonymous.response.status).toBe(200);
    expect(limitHeaders(anonymous.response)).toEqual({ limit: null, remaining: null, reset: null });
    expect(Date.parse(anonymous.response.headers.get('date') ?? '')).toBe(Math.floor(realm.clock.now() / 1000) * 1000);
  });

  it('moves the Date with the clock, second by second, on success and error answers', async () => {
    const dateOf = async (path: string) => Date.parse((await call(realm, HAMLET, path)).response.headers.get('date') ?? '');
    const start = Math.floor(realm.clock.now() / 1000) * 1000;
    expect(await dateOf('/users/me/alert_words')).toBe(start);
    realm.clock.advance(1_000);
    expect(await dateOf('/users/me/alert_words')).toBe(start + 1_000);
    realm.clock.advance(59_000);
    expect(await dateOf('/messages/999999')).toBe(start + 60_000);
  });

  it('counts a request before checking the role it needs, as the server does', async () => {
    const refused = await realm.raw(HAMLET, 'POST', '/realm/filters', new URLSearchParams({ pattern: 'x', url_template: 'https://x/{id}' }));
    expect(refused.status).toBe(400);
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('199');
  });
});

describe('rate limits: configured rules', () => {
  const realm = useTestRealm({
    rateLimits: { rules: [{ seconds: 10, requests: 3 }], users: { [IAGO]: [], 'othello@zulip.com': [{ seconds: 1, requests: 1 }] } },
  });

  it('applies the realm rule, does not count refused requests, and reports a fractional wait', async () => {
    const remaining: (string | null)[] = [];
    for (let index = 0; index < 3; index++) {
      remaining.push((await call(realm, HAMLET)).response.headers.get('x-ratelimit-remaining'));
      realm.clock.advance(1_000);
    }
    expect(remaining).toEqual(['2', '1', '0']);
    realm.clock.advance(500);
    const refused = await call(realm, HAMLET);
    expect(refused.response.status).toBe(429);
    expect(refused.body['retry-after']).toBe(6.5);
    // Refused requests are not counted: the first slot frees after 10 s, regardless of them.
    await call(realm, HAMLET);
    realm.clock.advance(6_501);
    expect((await call(realm, HAMLET)).response.status).toBe(200);
  });

  it('applies per-user rules: an empty list exempts a user, others get their own', async () => {
    for (let index = 0; index < 10; index++) expect((await call(realm, IAGO)).response.status).toBe(200);
    expect((await call(realm, 'othello@zulip.com')).response.status).toBe(200);
    expect((await call(realm, 'othello@zulip.com')).response.status).toBe(429);
  });
});

describe('rate limits: what the server counts apart, or not at all', () => {
  const realm = useTestRealm({ rateLimits: { rules: [{ seconds: 60, requests: 3 }] } });

  it('file URLs are never counted and carry no X-RateLimit headers', async () => {
    const url = (await realm.clientFor(HAMLET).uploads.upload(new File(['hello'], 'notes.txt', { type: 'text/plain' }))).url ?? '';
    for (let index = 0; index < 5; index++) {
      const file = await realm.raw(HAMLET, 'GET', url);
      expect(file.status).toBe(200);
      expect(limitHeaders(file)).toEqual({ limit: null, remaining: null, reset: null });
    }
    expect(limitHeaders((await call(realm, HAMLET)).response)).toMatchObject({ limit: '3', remaining: '1' });
  });

  it("GET and DELETE /events have the event server's own budget: a burst, then one request per window / requests", async () => {
    const hamlet = realm.clientFor(HAMLET);
    const { queue_id, last_event_id } = await hamlet.events.register({ event_types: ['message'] });
    await call(realm, HAMLET);
    await call(realm, HAMLET);
    expect((await call(realm, HAMLET)).response.status).toBe(429);
    const now = Math.floor(realm.clock.now() / 1000);
    const events = () => realm.raw(HAMLET, 'GET', `/events?queue_id=${queue_id}&last_event_id=${last_event_id}&dont_block=true`);
    // Each request fills the bucket by 60 / 3 = 20 seconds; it holds 60.
    for (const [remaining, reset] of [['2', now + 20], ['1', now + 40], ['0', now + 60]] as const) {
      const answer = await events();
      expect(answer.status).toBe(200);
      expect(limitHeaders(answer)).toEqual({ limit: '3', remaining, reset: String(reset) });
    }
    const refused = await realm.raw(HAMLET, 'DELETE', '/events', new URLSearchParams({ queue_id: queue_id ?? '' }));
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ result: 'error', msg: 'API usage exceeded rate limit', code: 'RATE_LIMIT_HIT', 'retry-after': 20 });
    realm.clock.advance(20_000);
    expect((await events()).status).toBe(200);
  });
});

describe('rate limits: a clock set back', () => {
  const realm = useTestRealm({ rateLimits: { rules: [{ seconds: 60, requests: 3 }] } });

  it('forgets requests made after the new time, in both budgets, instead of refusing until the clock catches up', async () => {
    const hamlet = realm.clientFor(HAMLET);
    const { queue_id, last_event_id } = await hamlet.events.register({ event_types: ['message'] });
    const events = () => realm.raw(HAMLET, 'GET', `/events?queue_id=${queue_id}&last_event_id=${last_event_id}&dont_block=true`);
    for (let index = 0; index < 3; index++) await events();
    await call(realm, HAMLET);
    await call(realm, HAMLET);
    expect((await call(realm, HAMLET)).response.status).toBe(429);
    expect((await events()).status).toBe(429);
    realm.clock.set(realm.clock.now() - 86_400_000);
    const again = await call(realm, HAMLET);
    expect(again.response.status).toBe(200);
    expect(again.response.headers.get('x-ratelimit-remaining')).toBe('2');
    expect((await events()).status).toBe(200);
  });
});

describe('rate limits: a clock set back a little', () => {
  const rules = [{ seconds: 60, requests: 3 }];

  it('both backends forget exactly the requests after the new time: a partly full budget keeps the ones before it', () => {
    for (const backend of [new SlidingWindowBackend(), new LeakyBucketBackend()]) {
      backend.admit('k', rules, 0);
      backend.admit('k', rules, 1_000);
      // Back to between the two: only the first request happened.
      expect(backend.admit('k', rules, 500)).toMatchObject({ limit: 3, remaining: 1 });
      expect(backend.admit('k', rules, 500)).toMatchObject({ remaining: 0 });
      expect(backend.admit('k', rules, 500)).toHaveProperty('refusedFor');
    }
  });

  it('the event server\'s bucket set back by 1 ms on a full bucket forgets only the last request', () => {
    const backend = new LeakyBucketBackend();
    for (const now of [0, 1_000, 2_000]) backend.admit('k', rules, now);
    expect(backend.admit('k', rules, 2_000)).toEqual({ refusedFor: 18 });
    // The bucket as after the requests at 0 and 1000 (empty at 40 s): one more fills it.
    expect(backend.admit('k', rules, 1_999)).toEqual({ limit: 3, remaining: 0, secondsToFreedom: 58.001 });
    expect(backend.admit('k', rules, 1_999)).toEqual({ refusedFor: 18.001 });
  });

  it('a clock set back before all of the last `requests` requests finds no request, in both backends (the approximation)', () => {
    for (const backend of [new SlidingWindowBackend(), new LeakyBucketBackend()]) {
      // Four requests let in; the first, at 0, is no longer kept.
      for (const now of [0, 30_000, 60_001, 90_002]) expect(backend.admit('k', rules, now)).toHaveProperty('remaining');
      // At 10 s the request at 0 had happened, but neither backend kept it.
      expect(backend.admit('k', rules, 10_000)).toMatchObject({ remaining: 2 });
    }
  });
});

describe('rate limits: turned off', () => {
  const realm = useTestRealm({ rateLimits: false });

  it('neither refuses nor reports', async () => {
    for (let index = 0; index < 210; index++) await call(realm, HAMLET);
    const last = await call(realm, HAMLET);
    expect(last.response.status).toBe(200);
    expect(last.response.headers.get('x-ratelimit-limit')).toBeNull();
  });
});

describe('rate-limit rules as text (the CLI and the server\'s per-user form)', () => {
  it('reads seconds:requests pairs and off, and explains anything else', () => {
    expect(parseRateLimitRules('60:200,1:10')).toEqual([{ seconds: 60, requests: 200 }, { seconds: 1, requests: 10 }]);
    expect(parseRateLimitRules('off')).toBe(false);
    for (const bad of ['', '60', '0:5', '60:200,', 'a:b']) {
      expect(parseRateLimitRules(bad)).toBe(`expected seconds:requests pairs such as 60:200, or off; got '${bad}'`);
    }
  });
});
