import { describe, expect, it, vi } from 'vitest';
import { ApiFailure } from '../domain/errors';
import { errorReply, errorResponse, JsonReply, jsonTextOf, successReply } from './envelope';

describe('the envelope mapping', () => {
  it('maps a domain failure to its code, message, extras, status and headers', async () => {
    const response = errorResponse(new ApiFailure('Nope', 'X_CODE', 401, { extra: 1 }, { 'WWW-Authenticate': 'Basic' }), console);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Basic');
    expect(await response.json()).toEqual({ result: 'error', msg: 'Nope', code: 'X_CODE', extra: 1 });
  });

  it('logs an unexpected exception and answers the server 500 envelope', async () => {
    const logger = { warn: vi.fn(), error: vi.fn() };
    const response = errorResponse(new TypeError('bug'), logger);
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ result: 'error', msg: 'Internal server error' });
    expect(logger.error).toHaveBeenCalledOnce();
  });

  it('wraps a success payload', async () => {
    expect(await successReply({ id: 3 }).toResponse().json()).toEqual({ result: 'success', msg: '', id: 3 });
  });

  it('keeps a reply as text until a Response is asked for, with the same status, headers and body', async () => {
    const reply = successReply({ id: 3 }, { Date: 'Thu, 26 Nov 2026 05:00:00 GMT', 'Content-Type': 'text/plain' });
    expect(reply).toBeInstanceOf(JsonReply);
    expect(reply.headers).toEqual({ date: 'Thu, 26 Nov 2026 05:00:00 GMT', 'content-type': 'application/json' });
    const response = reply.toResponse();
    expect([response.status, response.headers.get('content-type'), response.headers.get('date')]).toEqual([200, 'application/json', reply.headers.date]);
    expect(jsonTextOf(response)).toBe(reply.text);
    expect(await response.json()).toEqual({ result: 'success', msg: '', id: 3 });
  });

  it("lets the server's own headers win over an error's", () => {
    const failure = new ApiFailure('Slow down', 'RATE_LIMIT_HIT', 429, {}, { 'Retry-After': '5', 'X-RateLimit-Remaining': '0' });
    const reply = errorReply(failure, console, { Date: 'd', 'X-RateLimit-Remaining': '7' });
    expect(reply).toBeInstanceOf(JsonReply);
    expect((reply as JsonReply).headers).toEqual({ 'retry-after': '5', 'x-ratelimit-remaining': '7', date: 'd', 'content-type': 'application/json' });
  });
});
