import { describe, expect, it } from 'vitest';
import { API_ERROR_CLASSES } from './api-errors';
import { createApiError } from './factory';
import { ServerError } from './server-error';
import { NetworkError, ResponseValidationError, TimeoutError, UnexpectedResponseError } from './transport-errors';

// Names are spelled out in each class because bundlers that minify rename classes, and
// `error.name` must still say which error it is (the browser test checks a minified bundle).
describe('error names', () => {
  it.each(Object.entries(API_ERROR_CLASSES))('%s errors are named after their class', (code, ErrorClass) => {
    const error = createApiError({ result: 'error', msg: 'm', code }, { status: 400 }, 'op');
    expect(error).toBeInstanceOf(ErrorClass);
    expect(error.name).toBe(ErrorClass.name);
    expect(error.name).not.toBe('TeamChatError');
  });

  it('unknown codes and transport errors carry their own names', () => {
    expect(createApiError({ result: 'error', msg: 'm', code: 'NEW_CODE' }, { status: 400 }, 'op').name).toBe('UnrecognizedApiError');
    expect(new NetworkError('m', 'op').name).toBe('NetworkError');
    expect(new TimeoutError('op', 10).name).toBe('TimeoutError');
    expect(new UnexpectedResponseError('op', 502, 'text/html', '<html>', 'GET https://chat.example.com/api/v1/x').name).toBe('UnexpectedResponseError');
    expect(createApiError({ result: 'error', msg: 'Internal server error' }, { status: 500 }, 'op')).toBeInstanceOf(ServerError);
    expect(createApiError({ result: 'error', msg: 'Internal server error' }, { status: 500 }, 'op').name).toBe('ServerError');
    expect(new ResponseValidationError('op', [{ path: ['id'], message: 'Required' }]).name).toBe(
      'ResponseValidationError',
    );
  });
});
