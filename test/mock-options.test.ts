import { setupServer } from 'msw/node';
import { describe, expect, it } from 'vitest';
import { createMockServer, MockMisuseError, type MockServerOptions } from '../mock/index';
import { type HttpMockOptions, startHttpMock } from '../mock/runtimes/http';
import { setupMockServer } from '../mock/runtimes/node';
import { ChatClient, NetworkError } from '../src/index';
import { loose, misuse } from './support/misuse';

describe('a misused mock says so with MockMisuseError, as its factories do', () => {
  it('clientFor and apiKeyOf of an email no user has name the closest one and every user', () => {
    const mock = createMockServer();
    const message = misuse(() => mock.clientFor('hamlet@zulip.org'));
    expect(message).toMatch(
      /^\[teamchat-mock\] no user with email 'hamlet@zulip\.org' in this realm; did you mean 'hamlet@zulip\.com'\? \(create one with mock\.create\.user\(\{ email: 'hamlet@zulip\.org' \}\)\); its users: desdemona@zulip\.com, /,
    );
    expect(misuse(() => mock.apiKeyOf('hamlet@zulip.org'))).toBe(message);
    // The very name in another domain is offered whatever the domain: a bot's made-up one, say.
    expect(misuse(() => mock.apiKeyOf('default-bot@example.org'))).toMatch(/did you mean 'default-bot@zulip\.com'\?/);
    expect(misuse(() => mock.apiKeyOf('nobody-at-all@example.net'))).toMatch(/in this realm \(create one with/);
    // Name and domain are compared each on its own: a shared domain makes no other user "close".
    expect(misuse(() => mock.apiKeyOf('nobody@zulip.com'))).toMatch(/^\[teamchat-mock\] no user with email 'nobody@zulip\.com' in this realm \(create one with/);
    expect(misuse(() => mock.apiKeyOf('hamlett@zulip.com'))).toMatch(/; did you mean 'hamlet@zulip\.com'\?/);
    expect(misuse(() => mock.apiKeyOf('IAGO@zulip.co'))).toMatch(/; did you mean 'iago@zulip\.com'\?/);
  });

  it("a system bot's email is not offered as the user meant: it is none of the realm's users", () => {
    // The regression: apiKeyOf('welcome-bot@zulip.com') answered "no user ...; did you mean 'welcome-bot@zulip.com'?".
    const mock = createMockServer();
    const message = misuse(() => mock.apiKeyOf('welcome-bot@zulip.com'));
    expect(message).toMatch(/^\[teamchat-mock\] 'welcome-bot@zulip\.com' is a system bot \(the server's own, outside the realm\); apiKeyOf and clientFor take the realm's users: desdemona@zulip\.com, /);
    expect(message).not.toMatch(/its users: .*(welcome-bot|notification-bot|emailgateway)@/);
    expect(misuse(() => mock.apiKeyOf('welcome-bot@zulip.org'))).not.toMatch(/did you mean|its users: .*(welcome-bot|notification-bot|emailgateway)@/);
    const fromBot = misuse(() => mock.create.message({ from: 'notification-bot@zulip.com', channel: 'Verona', content: 'hi' }));
    expect(fromBot).toMatch(/^no user notification-bot@zulip\.com in the realm; /);
    expect(fromBot).not.toMatch(/use one of: .*(welcome-bot|notification-bot|emailgateway)@/);
  });

  it("createMockServer refuses an option it does not take (baseURL for baseUrl) instead of answering any origin", () => {
    expect(misuse(() => createMockServer(loose<MockServerOptions>({ baseURL: 'http://chat.test' })))).toBe(
      "unknown option 'baseURL' for createMockServer; did you mean 'baseUrl'? (its options: seed, baseUrl, realmUrl, clock, logger, onExchange, push, " +
        'botStorageLimit, rateLimits, featureLevel, devEndpoints, thumbnailDelayMs, limitGuestPresence, secretKey, camo, linkPreviews, outgoingWebhooks)',
    );
    expect(misuse(() => createMockServer(loose<MockServerOptions>({ site: 'http://chat.test' })))).toMatch(/^unknown option 'site' for createMockServer; did you mean 'baseUrl'\?/);
    expect(misuse(() => setupMockServer(loose<MockServerOptions>({ featurelevel: 200 })))).toMatch(/^unknown option 'featurelevel' for createMockServer; did you mean 'featureLevel'\?/);
    // The regression: a name Object.prototype has was looked up among the synonyms and "meant" its function.
    for (const name of ['constructor', 'toString', 'valueOf']) {
      expect(misuse(() => createMockServer(loose<MockServerOptions>({ [name]: 1 })))).toMatch(new RegExp(`^unknown option '${name}' for createMockServer \\(its options: `));
    }
    expect(misuse(() => createMockServer().create.user(loose({ email: 'o@zulip.com', hasOwnProperty: 1 })))).toMatch(/^unknown option 'hasOwnProperty' for mock\.create\.user \(its options: /);
    // Every documented option, given as undefined, is still taken.
    createMockServer({ seed: undefined, baseUrl: undefined, realmUrl: undefined, rateLimits: undefined, featureLevel: undefined });
  });

  it("lists a large realm's users in a misuse message by the first dozen and a count", () => {
    const mock = createMockServer();
    for (let index = 0; index < 30; index++) mock.create.user({ email: `user${index}@zulip.com` });
    const message = misuse(() => mock.apiKeyOf('nobody-at-all@elsewhere.test'));
    const total = mock.store.tables.user.all().filter((user) => !user.is_system_bot).length;
    expect(message).toMatch(new RegExp(`its users: ([^,]+, ){12}and ${total - 12} more$`));
  });

  it('createMockServer refuses a baseUrl no request could match, saying what it likely meant', () => {
    const start = "createMockServer: baseUrl must be an origin such as 'http://localhost:9991' (or '*' for any); got ";
    expect(misuse(() => createMockServer({ baseUrl: 'localhost:5173' }))).toBe(`${start}'localhost:5173'; did you mean 'http://localhost:5173'?`);
    expect(misuse(() => createMockServer({ baseUrl: 'http://localhost:5173/api/v1' }))).toBe(
      `${start}'http://localhost:5173/api/v1'; did you mean 'http://localhost:5173'? The handlers add /api/v1 and the other paths themselves`,
    );
    expect(misuse(() => createMockServer({ baseUrl: 'ftp://chat.test' }))).toBe(`${start}'ftp://chat.test': the scheme must be http or https`);
    expect(misuse(() => createMockServer({ baseUrl: '' }))).toBe(`${start}''`);
    // An origin, with or without a trailing slash, and '*' are taken; the realm answers there.
    for (const baseUrl of ['http://chat.test', 'https://chat.test:8443/', '*']) createMockServer({ baseUrl });
  });

  it('startHttpMock refuses an option it does not take, before listening', async () => {
    await expect(startHttpMock(loose<HttpMockOptions>({ prot: 0 }))).rejects.toThrow(/^unknown option 'prot' for startHttpMock; did you mean 'port'\? \(its options: port, host, /);
    await expect(startHttpMock(loose<HttpMockOptions>({ port: 0, baseUrl: 'http://chat.test' }))).rejects.toBeInstanceOf(MockMisuseError);
    const running = await startHttpMock({ port: 0, host: '127.0.0.1', rateLimits: false });
    await running.close();
  });
});

describe("startHttpMock's baseUrl, which createMockServer takes, says what to give instead", () => {
  const start = "startHttpMock takes no baseUrl: the server answers at the address it listens on (running.url); give host and port instead";
  const realm = ', and realmUrl if clients reach the server by another address (a proxy)';

  it('an http origin becomes the host and port that serve it, before listening', async () => {
    // The regression: "unknown option 'baseUrl' for startHttpMock (its options: ...)" with no suggestion.
    await expect(startHttpMock(loose<HttpMockOptions>({ baseUrl: 'http://localhost:4000' }))).rejects.toThrow(
      new MockMisuseError(`${start}: { host: 'localhost', port: 4000 }${realm}`),
    );
    await expect(startHttpMock(loose<HttpMockOptions>({ baseUrl: 'http://127.0.0.1' }))).rejects.toThrow(new MockMisuseError(`${start}: { host: '127.0.0.1', port: 80 }${realm}`));
    await expect(startHttpMock(loose<HttpMockOptions>({ baseUrl: 'http://[::1]:9991/' }))).rejects.toThrow(new MockMisuseError(`${start}: { host: '::1', port: 9991 }${realm}`));
  });

  it('what is no http origin gets the names alone (the server speaks plain HTTP)', async () => {
    for (const baseUrl of ['*', 'https://chat.test', 'localhost:4000', 42]) {
      await expect(startHttpMock(loose<HttpMockOptions>({ port: 0, baseUrl }))).rejects.toThrow(new MockMisuseError(`${start}${realm}`));
    }
  });
});

describe("setupMockServer's server.listen refuses msw 2's onUnhandledRequest, which msw 3 ignores", () => {
  it('a request for another server would pass through to it (here a standalone mock, whose keys are the same): listen refuses the option', async () => {
    const standalone = await startHttpMock({ port: 0, rateLimits: false });
    const mock = setupMockServer({ baseUrl: 'http://chat.test' });
    // The client talks to the standalone server, as with a site that is not the mock's baseUrl.
    const client = new ChatClient({ site: standalone.url, email: 'iago@zulip.com', apiKey: mock.apiKeyOf('iago@zulip.com'), maxRetries: 0 });
    try {
      expect(misuse(() => mock.server.listen(loose({ onUnhandledRequest: 'error' })))).toBe(
        "server.listen({ onUnhandledRequest }) is msw 2's option, which msw 3 (the mock's) ignores: a request no handler matches would " +
          "go to the network. Use server.listen({ onUnhandledFrame: 'error' })",
      );
      mock.server.listen({ onUnhandledFrame: 'error' });
      try {
        await expect(client.users.me()).rejects.toBeInstanceOf(NetworkError);
      } finally {
        mock.server.close();
      }
      // Why: msw 3's own server takes the option and ignores it, and the other server answers.
      const plain = setupServer(...mock.handlers);
      plain.listen(loose({ onUnhandledRequest: 'error' }));
      try {
        expect((await client.users.me()).email).toBe('iago@zulip.com');
      } finally {
        plain.close();
      }
    } finally {
      await standalone.close();
    }
  });
});

describe('two setupMockServer() listening at once', () => {
  it('the second warns through its logger that MSW answers only from it; after the first closes, none', () => {
    const warnings: string[] = [];
    const logger = { warn: (message: string) => warnings.push(message), error: () => undefined };
    const first = setupMockServer({ baseUrl: 'http://first.test', logger });
    const second = setupMockServer({ baseUrl: 'http://second.test', logger });
    first.server.listen({ onUnhandledFrame: 'error' });
    try {
      second.server.listen({ onUnhandledFrame: 'error' });
      second.server.close();
      expect(warnings).toEqual([
        expect.stringMatching(
          /^\[teamchat-mock\] setupMockServer\(\) for http:\/\/second\.test listens while another \(for http:\/\/first\.test\) still does: MSW answers only from the server listened last/,
        ),
      ]);
    } finally {
      first.server.close();
    }
    second.server.listen({ onUnhandledFrame: 'error' });
    second.server.close();
    expect(warnings).toHaveLength(1);
  });
});

describe('two realms at once', () => {
  it('each with its own baseUrl, served from one setupServer, answers its own clients', async () => {
    const first = createMockServer({ baseUrl: 'http://first.test', rateLimits: false });
    const second = createMockServer({ baseUrl: 'http://second.test', rateLimits: false });
    const both = setupServer(...first.handlers, ...second.handlers);
    both.listen({ onUnhandledFrame: 'error' });
    try {
      const clientOf = (site: string, mock: typeof first) => new ChatClient({ site, email: 'hamlet@zulip.com', apiKey: mock.apiKeyOf('hamlet@zulip.com'), maxRetries: 0 });
      await clientOf('http://first.test', first).messages.send({ type: 'channel', to: 'Verona', topic: 'where', content: 'first' });
      await clientOf('http://second.test', second).messages.send({ type: 'channel', to: 'Verona', topic: 'where', content: 'second' });
      const contents = (mock: typeof first) => mock.store.tables.message.all().filter((message) => message.topic === 'where').map((message) => message.content);
      expect([contents(first), contents(second)]).toEqual([['first'], ['second']]);
    } finally {
      both.close();
    }
  });
});
