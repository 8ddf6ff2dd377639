import type { Endpoint, EndpointParams, EndpointResult } from './contract/endpoint';
import type { ChatClientOptions } from './options';
import { AlertWordsResource } from './resources/alert-words';
import { BotStorageResource } from './resources/bot-storage';
import { DraftsResource } from './resources/drafts';
import { ChannelsResource } from './resources/channels';
import { EventsResource } from './resources/events';
import { FlagsResource } from './resources/flags';
import { LinkifiersResource } from './resources/linkifiers';
import { MessagesResource } from './resources/messages';
import { PushResource } from './resources/push';
import { ReactionsResource } from './resources/reactions';
import { RealmResource } from './resources/realm';
import { ServerResource } from './resources/server';
import { SubscriptionsResource } from './resources/subscriptions';
import { TopicsResource } from './resources/topics';
import { TypingResource } from './resources/typing';
import { UsersResource } from './resources/users';
import { basicAuthorization } from './transport/basic-auth';
import { callEndpoint } from './transport/call-endpoint';
import { ApiCall } from './transport/api-call';
import type { CallOptions } from './transport/call-options';
import type { SuccessBody } from './transport/envelope';
import { levelLogger } from './transport/logger';
import { RateLimitTracker, type RateLimitStatus } from './transport/rate-limit';
import { attemptFetch, sendRequest, type TransportConfig } from './transport/transport';
import { SDK_VERSION } from './version';

/** Options of {@link ChatClient.request}. */
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

function apiBase(site: string): string {
  return `${site.replace(/\/+$/, '')}/api/v1/`;
}

/**
 * A client of the team-chat API: one typed method per operation, grouped by resource.
 *
 * @example
 * const client = new ChatClient({ site: 'https://chat.example.com', email: 'bot@example.com', apiKey });
 * const { id } = await client.messages.send({ type: 'channel', to: 'general', topic: 'hello', content: 'Hi!' });
 */
export class ChatClient {
  /** The server address the client was created with. */
  readonly site: string;
  /** The API email address, if the client has credentials. */
  readonly email: string | undefined;
  /** The caller's alert words: list, add, remove. */
  readonly alertWords: AlertWordsResource;
  /** A bot's own key-value storage: update, get, remove. */
  readonly botStorage: BotStorageResource;
  /** The caller's drafts, synchronised across their clients: list, create, edit, delete. */
  readonly drafts: DraftsResource;
  /** Channels: list, look up, subscribers, update and archive. */
  readonly channels: ChannelsResource;
  /** Real-time events: queues, the long-poll stream, message handlers. */
  readonly events: EventsResource;
  /** Personal message flags (read, starred, collapsed) and marking messages as read. */
  readonly flags: FlagsResource;
  /** The organization's linkifiers: list, add, update, remove, reorder. */
  readonly linkifiers: LinkifiersResource;
  /** Messages: send, fetch, list and delete. */
  readonly messages: MessagesResource;
  /** Your mobile push devices and test notifications. */
  readonly push: PushResource;
  /** Emoji reactions on messages: add and remove. */
  readonly reactions: ReactionsResource;
  /** Organization configuration: allowed signup domains and code playgrounds. */
  readonly realm: RealmResource;
  /** Server settings and obtaining API keys. */
  readonly server: ServerResource;
  /** The caller's subscriptions: list, subscribe (creating channels), unsubscribe, personal settings. */
  readonly subscriptions: SubscriptionsResource;
  /** Channel topics: list, delete, and the caller's visibility preferences. */
  readonly topics: TopicsResource;
  /** Typing notifications: send them, a notifier for a compose box, a tracker for received ones. */
  readonly typing: TypingResource;
  /** The organization's users: list, get, create, update, deactivate, reactivate. */
  readonly users: UsersResource;
  readonly #transport: TransportConfig;
  readonly #rateLimit = new RateLimitTracker();

  constructor(options: ChatClientOptions) {
    this.site = options.site;
    this.email = options.email;
    const suffix = options.userAgent ? ` ${options.userAgent}` : '';
    this.#transport = {
      baseUrl: apiBase(options.site),
      authorization:
        options.email !== undefined && options.apiKey !== undefined
          ? basicAuthorization(options.email, options.apiKey)
          : undefined,
      userAgent: `teamchat-sdk/${SDK_VERSION}${suffix}`,
      timeout: options.timeout ?? DEFAULT_TIMEOUT_MS,
      maxRetries: options.maxRetries ?? DEFAULT_MAX_RETRIES,
      maxRetryWait: options.maxRetryWait ?? DEFAULT_MAX_RETRY_WAIT_MS,
      fetch: attemptFetch(options.fetch, this.#rateLimit),
      onIgnoredParameters: options.onIgnoredParameters,
      rateLimit: this.#rateLimit,
      paceRequests: options.paceRequests ?? false,
      validate: options.validate ?? 'strict',
      logger: levelLogger(options.logger, options.logLevel ?? 'warn'),
    };
    const call = <E extends Endpoint>(
      endpoint: E,
      params: EndpointParams<E>,
      callOptions?: CallOptions,
    ): ApiCall<EndpointResult<E>> => new ApiCall(callEndpoint(this.#transport, endpoint, params, callOptions));
    this.alertWords = new AlertWordsResource(call);
    this.botStorage = new BotStorageResource(call);
    this.drafts = new DraftsResource(call);
    this.channels = new ChannelsResource(call);
    this.events = new EventsResource(call);
    this.flags = new FlagsResource(call);
    this.linkifiers = new LinkifiersResource(call);
    this.messages = new MessagesResource(call);
    this.push = new PushResource(call);
    this.reactions = new ReactionsResource(call);
    this.realm = new RealmResource(call);
    this.server = new ServerResource(call);
    this.subscriptions = new SubscriptionsResource(call);
    this.topics = new TopicsResource(call);
    this.typing = new TypingResource(call);
    this.users = new UsersResource(call);
  }

  /**
   * The server's rate-limit budget as its last response reported it (`X-RateLimit-*`), or
   * undefined before any response did.
   */
  get rateLimit(): RateLimitStatus | undefined {
    return this.#rateLimit.status;
  }

  /**
   * Calls an operation the SDK has no method for yet, with the same encoding, auth, errors and
   * per-call options. Returns the success body unvalidated. Retried only with `retry: true`
   * (for an operation you know to be safe to repeat). A `Blob` or `File` parameter sends the
   * body as `multipart/form-data`.
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
    });
    return new ApiCall(exchange.then(({ body, response }) => ({ data: body, response })));
  }

  /** A description without the API key. */
  toString(): string {
    return `ChatClient(${this.email ?? 'anonymous'} @ ${this.site})`;
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
