import { describe, expect, it } from 'vitest';
import { ApiClient, ChatClient, type ChatClientOptions, getOwnUser } from '../src/index';
import { createMockServer, MOCK_FEATURE_LEVEL } from '../mock/index';

const HAMLET = 'hamlet@zulip.com';
const SITE = 'http://chat.test';

/** What a JavaScript caller (or a cast) can pass: any object. */
const options = (value: object) => value as ChatClientOptions;

describe.each([
  ['ChatClient', (given: ChatClientOptions) => new ChatClient(given)],
  ['ApiClient', (given: ChatClientOptions) => new ApiClient(given)],
])('%s refuses options it cannot work with, at construction', (_name, create) => {
  // The regressions: `{ url }` threw "Cannot read properties of undefined (reading 'trim')", and
  // `{ api_key }` or `{ key }` built a client that sent no credentials ("Not logged in").
  it.each([
    [{ url: SITE, email: HAMLET, apiKey: 'k' }, 'unknown option `url`: did you mean `site`?'],
    [{ site: SITE, email: HAMLET, api_key: 'k' }, 'unknown option `api_key`: did you mean `apiKey`?'],
    [{ site: SITE, email: HAMLET, key: 'k' }, 'unknown option `key`: did you mean `apiKey`?'],
    [{ site: SITE, email: HAMLET, apikey: 'k' }, 'unknown option `apikey`: did you mean `apiKey`?'],
    [{ site: SITE, max_retries: 1 }, 'unknown option `max_retries`: did you mean `maxRetries`?'],
    [{ site: SITE, colour: 'red' }, 'unknown option `colour`'],
    // zulip-js's names: { username, apiKey, realm }.
    [{ realm: SITE, username: HAMLET, apiKey: 'k' }, 'unknown option `realm`: did you mean `site`?'],
  ])('%o: %s', (given, message) => {
    expect(() => create(options(given))).toThrow(new TypeError(message));
  });

  it.each([
    [{ email: HAMLET, apiKey: 'k' }, '`site` must be a string, got undefined'],
    [{ site: 9991 }, '`site` must be a string, got number'],
    [{ site: SITE, email: HAMLET, apiKey: 42 }, '`apiKey` must be a string, got number'],
    [{ site: SITE, email: null, apiKey: 'k' }, '`email` must be a string, got null'],
    [{ site: SITE, email: HAMLET }, '`apiKey` is missing: pass both `email` and `apiKey`, or neither'],
    [{ site: SITE, apiKey: 'k' }, '`email` is missing: pass both `email` and `apiKey`, or neither'],
  ])('%o: %s', (given, message) => {
    expect(() => create(options(given))).toThrow(new TypeError(message));
  });

  // The regression: a site string was read as options `0`, `1`, ... and missing options failed in Object.keys.
  it.each([
    [undefined, 'undefined'],
    [null, 'null'],
    [SITE, 'string'],
    [[SITE], 'an array'],
  ])('not an options object (%o): a TypeError saying what it takes', (given, got) => {
    expect(() => create(given as unknown as ChatClientOptions)).toThrow(
      new TypeError(`options must be an object such as { site, email, apiKey }, got ${got}`),
    );
  });

  it('takes every documented option, and a site alone for unauthenticated calls', () => {
    const all: Required<ChatClientOptions> = {
      site: SITE, email: HAMLET, apiKey: 'k', timeout: 1, maxRetries: 0, maxRetryWait: 0, userAgent: 'x',
      fetch: globalThis.fetch, onIgnoredParameters: () => undefined, paceRequests: false, validate: 'strict',
      logger: console, logLevel: 'warn', featureLevel: MOCK_FEATURE_LEVEL,
    };
    expect(() => create(all)).not.toThrow();
    expect(() => create({ site: SITE })).not.toThrow();
    // Options explicitly undefined are options left out.
    expect(() => create({ site: SITE, email: undefined, apiKey: undefined, timeout: undefined })).not.toThrow();
  });
});

describe('a client whose options pass the check works against the mock', () => {
  it('sends its credentials: users.me answers as Hamlet', async () => {
    const mock = createMockServer({ baseUrl: SITE });
    const client = new ApiClient({ site: SITE, email: HAMLET, apiKey: mock.apiKeyOf(HAMLET), fetch: mock.fetch, featureLevel: MOCK_FEATURE_LEVEL });
    await expect(client.call(getOwnUser, {})).resolves.toMatchObject({ email: HAMLET });
  });
});
