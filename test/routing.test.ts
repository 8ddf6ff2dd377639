import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SERVER_ROUTES } from '../mock/http/server-routes';
import { ApiError, UnauthorizedError } from '../src/index';
import { apiFailure } from './support/failure';
import { useTestRealm } from './support/mock';
import { OPENAPI_PATH } from './support/openapi';

const warnings: string[] = [];
const realm = useTestRealm({
  logger: { warn: (message) => warnings.push(message), error: (message) => warnings.push(`error: ${message}`) },
});

describe('routes the mock does not implement', () => {
  it('a real route without credentials gets the 401 a real server sends', async () => {
    const response = await realm.raw(undefined, 'GET', '/messages?anchor=newest');
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      result: 'error',
      msg: 'Not logged in: API authentication or user session required',
      code: 'UNAUTHORIZED',
    });
    const error = await apiFailure(realm.anonymousClient().request('GET', '/users/me'));
    expect(error).toBeInstanceOf(UnauthorizedError);
  });

  it('with credentials, a 501 NOT_IMPLEMENTED names the route, and the mock warns', async () => {
    warnings.length = 0;
    const error = await apiFailure(realm.clientFor('iago@zulip.com').request('GET', '/users/me'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: 'NOT_IMPLEMENTED',
      status: 501,
      msg: 'teamchat-mock does not implement GET /users/me yet',
    });
    expect(warnings).toEqual(['teamchat-mock does not implement GET /users/me yet']);
  });

  it('a literal route wins over an implemented template it also matches', async () => {
    const response = await realm.raw('iago@zulip.com', 'GET', '/messages/matches_narrow?msg_ids=[1]&narrow=[]');
    expect(response.status).toBe(501);
    expect(await response.json()).toMatchObject({ code: 'NOT_IMPLEMENTED' });
  });

  it('a method the real server does not allow gets its 405 with the allowed methods', async () => {
    const response = await realm.raw('iago@zulip.com', 'PUT', '/messages/100001');
    expect(response.status).toBe(405);
    expect(response.headers.get('Allow')).toBe('DELETE, GET, PATCH');
    expect(await response.json()).toEqual({
      result: 'error',
      msg: 'Method Not Allowed',
      allowed_methods: ['DELETE', 'GET', 'PATCH'],
    });
  });

  it('an implemented route whose ID is not an integer, and an unknown path, get the 404 envelope', async () => {
    for (const path of ['/messages/abc', '/no_such_thing']) {
      const response = await realm.raw('iago@zulip.com', 'GET', path);
      expect(response.status, path).toBe(404);
      expect(await response.json()).toEqual({ result: 'error', msg: 'Not Found', code: 'BAD_REQUEST' });
    }
  });
});

describe('the route list', () => {
  it("matches the reference OpenAPI file's operations and the spec's", () => {
    const document = parse(readFileSync(OPENAPI_PATH, 'utf8')) as { paths: Record<string, Record<string, unknown>> };
    // Documentation pages the OpenAPI file describes as paths; no server has them.
    const pseudoPaths = new Set(['/real-time', '/rest-error-handling', '/zulip-outgoing-webhook']);
    const fromOpenApi = Object.entries(document.paths)
      .filter(([path]) => !pseudoPaths.has(path))
      .flatMap(([path, operations]) =>
        Object.keys(operations)
          .filter((method) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
          .map((method) => `${method.toUpperCase()} ${path}`),
      );
    const spec = readFileSync(fileURLToPath(new URL('../../shared/spec/team-chat-api.md', import.meta.url)), 'utf8');
    const fromSpec = [...spec.matchAll(/^### .*: (GET|POST|PUT|PATCH|DELETE) (\S+)$/gm)].map(
      (match) => `${match[1]} ${match[2]}`,
    );
    const expected = new Set([...fromOpenApi, ...fromSpec, 'GET /dev_list_users']);
    expect(new Set(SERVER_ROUTES)).toEqual(expected);
    expect(SERVER_ROUTES).toHaveLength(expected.size);
  });
});
