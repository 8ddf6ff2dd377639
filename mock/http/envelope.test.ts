import { describe, expect, it, vi } from 'vitest';
import { ApiFailure } from '../domain/errors';
import { errorResponse, successResponse } from './envelope';

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
    expect(await successResponse({ id: 3 }).json()).toEqual({ result: 'success', msg: '', id: 3 });
  });
});
