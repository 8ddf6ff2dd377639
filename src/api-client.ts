import type { Endpoint, EndpointParams, EndpointResult } from './contract/endpoint';
import type { ChatClientOptions } from './options';
import { ApiCall } from './transport/api-call';
import { basicAuthorization } from './transport/basic-auth';
import { callEndpoint } from './transport/call-endpoint';
import type { CallOptions } from './transport/call-options';
import type { SuccessBody } from './transport/envelope';
import { FeatureLevelSource, reportedLevel } from './transport/feature-level';
import { levelLogger } from './transport/logger';
import { RateLimitTracker, type RateLimitStatus } from './transport/rate-limit';
import { rateLimitDomainOf } from './transport/rate-limit-domain';
import { checkOptions } from './options-check';
import { normalizeSite } from './transport/site';
import { readableResponse } from './transport/buffered-fetch';
import { attemptFetch, sendRequest, type TransportConfig } from './transport/transport';
import { SDK_VERSION } from './version';

/** Options of {@link ApiClient.request}. */
export interface RequestOptions extends CallOptions {
  /**
   * Retry like a retry-safe operation (network errors, timeouts, 429, 5xx). Only for operations
   * that are safe to repeat.
   * @default false
   */
  readonly retry?: boolean;
}

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_MAX_RETRIES = 2;
const DEFAULT_MAX_RETRY_WAIT_MS = 60_000;
const REDACTED = '[redacted]';

/**
 * The transport of a client without its resources: credentials, retries, rate limits, validation
 * and logging, and {@link ApiClient.call} to call any declared operation. An app that imports
 * `ApiClient` and the operations it calls (`sendMessage`, `getMessages`, ...) ships only those
 * operations' code; {@link ChatClient} adds one typed method per operation, grouped by resource,
 * and so carries all of them.
 *
 * @example
 * import { ApiClient, sendMessage } from 'teamchat-sdk';
 * const client = new ApiClient({ site: 'https://chat.example.com', email: 'bot@example.com', apiKey });
 * const { id } = await client.call(sendMessage, { type: 'channel', to: 'general', topic: 'hello', content: 'Hi!' });
 */
export class ApiClient {
  /** The server address the client was created with, with its scheme and without trailing slashes. */
  readonly site: string;
  /** The API email address, if the client has credentials. */
  readonly email: string | undefined;
  /** The class name shown by `toString` (constructor names do not survive minification). */
  protected readonly kind: string = 'ApiClient';
  readonly #transport: TransportConfig;
  readonly #rateLimit = new RateLimitTracker();

  /**
   * @throws TypeError for options no request could work with: no options object (the site string
   * alone), an unknown name (`url`, `api_key`:
   * the message names the option meant), a missing or non-string `site`, a non-string `email` or
   * `apiKey`, one of those two without the other, or a `site` with credentials in it.
   */
  constructor(options: ChatClientOptions) {
    checkOptions(options);
    this.site = normalizeSite(options.site);
    this.email = options.email;
    const suffix = options.userAgent ? ` ${options.userAgent}` : '';
    this.#transport = {
      // A site given with its `/api`, as the reference client allows, gets no second one.
      // A site copied with the API's path (`.../api/v1`, as the API documentation writes URLs) means the same server.
      baseUrl: `${this.site.replace(/\/api(\/v1)?$/, '')}/api/v1/`,
      // A bare host was read as https; a failed TLS handshake then likely meant a plain HTTP server.
      plainSite: /^https?:\/\//i.test(options.site.trim()) ? undefined : this.site.replace(/^https/, 'http'),
      authorization:
        options.email !== undefined && options.apiKey !== undefined
          ? basicAuthorization(options.email, options.apiKey)
          : undefined,
      userAgent: `teamchat-sdk/${SDK_VERSION}${suffix}`,
      timeout: options.timeout ?? DEFAULT_TIMEOUT_MS,
      maxRetries: options.maxRetries ?? DEFAULT_MAX_RETRIES,
      maxRetryWait: options.maxRetryWait ?? DEFAULT_MAX_RETRY_WAIT_MS,
      fetch: attemptFetch(options.fetch),
      onIgnoredParameters: options.onIgnoredParameters,
      rateLimit: this.#rateLimit,
      paceRequests: options.paceRequests ?? false,
      validate: options.validate ?? 'strict',
      logger: levelLogger(options.logger, options.logLevel ?? 'warn'),
      featureLevel: new FeatureLevelSource(options.featureLevel, () => this.#askFeatureLevel()),
    };
  }

  /**
   * The client's `timeout` for each attempt, in milliseconds.
   * @internal
   */
  protected get requestTimeout(): number {
    return this.#transport.timeout;
  }

  /**
   * An authenticated request that is not an API operation (the resumable upload protocol): the
   * client's fetch, credentials and `User-Agent`, no envelope, no retries. `url` is below
   * `{site}/api/v1/` or absolute; credentials go only to the site's own origin (an upload address
   * a server names elsewhere gets none).
   * @internal
   */
  protected rawFetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set('User-Agent', this.#transport.userAgent);
    const target = new URL(url, this.#transport.baseUrl);
    if (this.#transport.authorization && target.origin === new URL(this.#transport.baseUrl).origin) headers.set('Authorization', this.#transport.authorization);
    return this.#transport.fetch(target.href, { ...init, headers }).then((response) => {
      this.#rateLimit.observe(response.headers);
      return readableResponse(response);
    });
  }

  /** `GET /server_settings`, read without a schema: a server older than 3.0 has no level (0). */
  async #askFeatureLevel(): Promise<number> {
    const { body } = await sendRequest(this.#transport, {
      operation: 'get-server-settings',
      method: 'GET',
      path: '/server_settings',
      params: undefined,
      authenticated: false,
      retrySafe: true,
    });
    return reportedLevel(body) ?? 0;
  }

  /**
   * The server's feature level as far as the client knows it: from the options, or from a
   * `POST /register` or `GET /server_settings` response; undefined before either.
   */
  get featureLevel(): number | undefined {
    return this.#transport.featureLevel.known;
  }

  /**
   * The server's feature level, asking `GET /server_settings` if the client does not know it yet
   * (once; later calls reuse the answer).
   *
   * @example
   * if ((await client.serverFeatureLevel()) >= 361) console.log('message-edit typing is supported');
   */
  serverFeatureLevel(): Promise<number> {
    return this.#transport.featureLevel.get();
  }

  /**
   * The caller's main rate-limit budget as the server's last response counted in it reported it
   * (`X-RateLimit-*`), or undefined before any response did. Responses counted in other budgets
   * (the event queue's long-polls, logins with `server.fetchApiKey`) leave it as it was.
   */
  get rateLimit(): RateLimitStatus | undefined {
    return this.#rateLimit.status;
  }

  /**
   * Calls one declared operation: the same request, retries, errors and typed, validated result
   * as the resource method for it (`client.call(sendMessage, p)` is `client.messages.send(p)`).
   *
   * @example
   * const { messages } = await client.call(getMessages, { anchor: 'newest', num_before: 20, num_after: 0 });
   */
  call<E extends Endpoint>(endpoint: E, params: EndpointParams<E>, options?: CallOptions): ApiCall<EndpointResult<E>> {
    return new ApiCall(callEndpoint(this.#transport, endpoint, params, options));
  }

  /**
   * Calls an operation the SDK has no method for yet, with the same encoding, auth, errors and
   * per-call options. Returns the success body unvalidated. Retried after a 429 (which the server
   * sends before it acts), and after other failures only with `retry: true` (for an operation you
   * know to be safe to repeat). A `Blob` or `File` parameter sends the
   * body as `multipart/form-data`. A path the server counts outside the main rate-limit budget
   * (`/events`, `/fetch_api_key`, file URLs) leaves {@link rateLimit} as it was and is not paced,
   * as the operation's own method.
   *
   * @example
   * const { subscriptions } = await client.request('GET', '/users/me/subscriptions', { include_subscribers: false });
   * const upload = await client.request('POST', '/user_uploads', { file: new File(['hi'], 'hi.txt') });
   */
  request(
    method: string,
    path: string,
    params?: Readonly<Record<string, unknown>>,
    options: RequestOptions = {},
  ): ApiCall<SuccessBody> {
    const normalized = path.startsWith('/') ? path : `/${path}`;
    const { retry = false, ...callOptions } = options;
    const exchange = sendRequest(this.#transport, {
      operation: `${method.toUpperCase()} ${normalized}`,
      method,
      path: normalized,
      params,
      authenticated: true,
      retrySafe: retry,
      options: callOptions,
      rateLimit: rateLimitDomainOf(normalized),
    });
    return new ApiCall(exchange.then(({ body, response }) => ({ data: body, response })));
  }

  /** A description without the API key. */
  toString(): string {
    return `${this.kind}(${this.email ?? 'anonymous'} @ ${this.site})`;
  }

  /** The JSON form, with the API key redacted. */
  toJSON(): { site: string; email: string | undefined; apiKey: string } {
    return { site: this.site, email: this.email, apiKey: REDACTED };
  }

  /** What `console.log` and `util.inspect` show in Node. */
  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return this.toString();
  }
}
