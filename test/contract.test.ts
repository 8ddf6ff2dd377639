import { describe, expect, it } from 'vitest';
import { endpoints } from '../src/index';
import { contractProblems } from './support/contract';

const url = 'http://chat.test/api/v1/messages';

describe('the contract check itself', () => {
  it('accepts a conforming success body', () => {
    expect(
      contractProblems({
        endpoint: endpoints.sendMessage,
        method: 'POST',
        url,
        status: 200,
        body: { result: 'success', msg: '', id: 1 },
      }),
    ).toEqual([]);
  });

  it('reports a body missing a required field, both by SDK schema and by OpenAPI', () => {
    const problems = contractProblems({
      endpoint: endpoints.sendMessage,
      method: 'POST',
      url,
      status: 200,
      body: { result: 'success', msg: '' },
    });
    expect(problems.some((problem) => problem.includes('SDK schema'))).toBe(true);
    expect(problems.some((problem) => problem.includes('OpenAPI'))).toBe(true);
  });

  it('reports a field the reference does not allow', () => {
    const body = { result: 'success', msg: '', id: 1, surprise: true };
    expect(contractProblems({ endpoint: endpoints.sendMessage, method: 'POST', url, status: 200, body })).not.toEqual(
      [],
    );
  });

  it('reports a 500 and a malformed error', () => {
    expect(
      contractProblems({
        endpoint: undefined,
        method: 'GET',
        url,
        status: 500,
        body: { result: 'error', msg: 'Internal server error' },
      }),
    ).not.toEqual([]);
    expect(
      contractProblems({
        endpoint: endpoints.sendMessage,
        method: 'POST',
        url,
        status: 400,
        body: { result: 'error' },
      }),
    ).not.toEqual([]);
  });
});
