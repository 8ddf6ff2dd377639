import { describe, expect, it } from 'vitest';
import { useHttpMock } from './support/http-mock';

const http = useHttpMock();

describe('an error that quotes an integer beyond 2^53 quotes it as sent, over real HTTP', () => {
  it('typing to a user ID beyond 64 bits (see test/oversized-integers-quoted.test.ts)', async () => {
    const key = http.running.mock.apiKeyOf('hamlet@zulip.com');
    const response = await fetch(`${http.running.url}/api/v1/typing`, {
      method: 'POST',
      headers: { Authorization: `Basic ${btoa(`hamlet@zulip.com:${key}`)}` },
      body: new URLSearchParams({ op: 'start', to: '[99999999999999999999]' }),
    });
    expect({ status: response.status, body: await response.json() }).toEqual({ status: 400, body: { result: 'error', msg: 'Invalid user ID 99999999999999999999', code: 'BAD_REQUEST' } });
  });
});
