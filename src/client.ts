import type { Endpoint, EndpointParams, EndpointResult } from './contract/endpoint';
import type { ChatClientOptions } from './options';
import { AlertWordsResource } from './resources/alert-words';
import { EventsResource } from './resources/events';
import { FlagsResource } from './resources/flags';
import { LinkifiersResource } from './resources/linkifiers';
import { MessagesResource } from './resources/messages';
import { ReactionsResource } from './resources/reactions';
import { ServerResource } from './resources/server';
import { TopicsResource } from './resources/topics';
import { UsersResource } from './resources/users';
import { basicAuthorization } from './transport/basic-auth';
import { callEndpoint } from './transport/call-endpoint';
import type { CallOptions } from './transport/call-options';
import type { SuccessBody } from './transport/envelope';
import { attemptFetch, sendRequest, type TransportConfig } from './transport/transport';
import { SDK_VERSION } from './version';

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
  /** Real-time events: queues, the long-poll stream, message handlers. */
  readonly events: EventsResource;
  /** Personal message flags (read, starred, collapsed) and marking messages as read. */
  readonly flags: FlagsResource;
  /** The organization's linkifiers: list, add, update, remove, reorder. */
  readonly linkifiers: LinkifiersResource;
  /** Messages: send, fetch, list and delete. */
  readonly messages: MessagesResource;
  /** Emoji reactions on messages: add and remove. */
  readonly reactions: ReactionsResource;
  /** Server settings and obtaining API keys. */
  readonly server: ServerResource;
  /** Channel topics: list, delete, and the caller's visibility preferences. */
  readonly topics: TopicsResource;
  /** The organization's users: list, get, create, update, deactivate, reactivate. */
  readonly users: UsersResource;
  readonly #transport: TransportConfig;

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
      fetch: attemptFetch(options.fetch),
      onIgnoredParameters: options.onIgnoredParameters,
    };
    const call = <E extends Endpoint>(
      endpoint: E,
      params: EndpointParams<E>,
      callOptions?: CallOptions,
    ): Promise<EndpointResult<E>> => callEndpoint(this.#transport, endpoint, params, callOptions);
    this.alertWords = new AlertWordsResource(call);
    this.events = new EventsResource(call);
    this.flags = new FlagsResource(call);
    this.linkifiers = new LinkifiersResource(call);
    this.messages = new MessagesResource(call);
    this.reactions = new ReactionsResource(call);
    this.server = new ServerResource(call);
    this.topics = new TopicsResource(call);
    this.users = new UsersResource(call);
  }

  /**
   * Calls an operation the SDK has no method for yet, with the same encoding, auth and
   * errors. Returns the success body unvalidated. Never retried.
   *
   * @example
   * const { subscriptions } = await client.request('GET', '/users/me/subscriptions', { include_subscribers: false });
   */
  request(method: string, path: string, params?: Readonly<Record<string, unknown>>): Promise<SuccessBody> {
    const normalized = path.startsWith('/') ? path : `/${path}`;
    return sendRequest(this.#transport, {
      operation: `${method.toUpperCase()} ${normalized}`,
      method,
      path: normalized,
      params,
      authenticated: true,
      retrySafe: false,
    });
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
