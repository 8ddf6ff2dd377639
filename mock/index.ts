/**
 * teamchat-sdk/mock: the environment-neutral core of the reference server.
 *
 * @packageDocumentation
 * @module teamchat-sdk/mock
 */
import type { MockRequest } from './http/mock-request';
import { watchPendingDeliveries } from './domain/scheduled-messages/delivery';
import { watchPendingPromotions } from './domain/user-groups/full-members';
import { watchChannelActivity } from './domain/subscriptions/inactive-channels';
import { ensureSystemBots } from './domain/system-bot-accounts';
import { rememberDispatch } from './http/dispatch';
import { responseOf } from './http/envelope';
import type { HttpHandler } from 'msw';
import { ChatClient } from '../src/client';
import type { ChatClientOptions } from '../src/options';
import { directFetch } from './runtimes/direct-fetch';
import type { RequestJournal } from './http/journal';
import type { FaultInjector } from './http/faults';
import { type Clock, OffsetClock, unixSeconds } from './domain/clock';
import { runDueJobs } from './domain/due-jobs';
import { type PushOptions, PushService } from './domain/push/service';
import type { MockLogger, MockState, RealmSettings } from './domain/state';
import type { ExchangeObserver } from './http/observer';
import { createHandlers } from './routes/index';
import type { RateLimitOptions } from './domain/rate-limits';
import { DEFAULT_SEED } from './seed/default-seed';
import { createRealm, realmState } from './seed/load';
import type { SeedInput } from './seed/schema';
import type { Store } from './store/store';
import { createFactories, type MockFactories } from './factories/factories';
import { checkBaseUrl } from './factories/base-url';
import { listNames, MockMisuseError } from './factories/misuse';
import { MOCK_SERVER_OPTION_NAMES, refuseUnknownOptions } from './factories/options';
import { meantAddress } from './domain/closest-names';
import { exportState, type StateDocument } from './persistence/state-document';
import { checkStateDocument, storeFromDocument } from './persistence/load-state';
import type { OutgoingWebhookOptions } from './domain/service-bots/worker';
import type { CamoOptions } from './domain/camo/settings';
import { type LinkPreviewPage, LinkPreviewPages } from './domain/link-embeds/pages';

/** Options of {@link createMockServer}. */
export interface MockServerOptions<C extends Clock = Clock> {
  /**
   * The realm's initial content. Default: the development server's personas and channels.
   * @default DEFAULT_SEED
   */
  readonly seed?: SeedInput | undefined;
  /**
   * Origin the handlers answer for, e.g. `http://127.0.0.1:9991`; `*` answers any origin.
   * @default '*'
   */
  readonly baseUrl?: string | undefined;
  /**
   * The realm's address as reported to clients (server settings, avatar URLs).
   * @default 'http://localhost:9991' (or `baseUrl` when it is an origin)
   */
  readonly realmUrl?: string | undefined;
  /**
   * The source of time. Pass a `ManualClock` for time that moves only when told to (timers fire
   * as it moves).
   * @default an `OffsetClock`: the system time until `mock.clock.advance()` or `set()` moves it
   */
  readonly clock?: C | undefined;
  /**
   * Where diagnostics go.
   * @default console
   */
  readonly logger?: MockLogger | undefined;
  /** Sees every response (e.g. to validate them all against a contract). */
  readonly onExchange?: ExchangeObserver | undefined;
  /**
   * Push notification delivery: by default no bouncer, and every notification is recorded in
   * `mock.push.sent`; `{ bouncer: {} }` simulates a bouncer that keeps the device tokens the server
   * registers with it, `{ bouncer: { knownTokens } }` one that knows only those tokens,
   * and `registrationKeys` the public keys it takes registrations for end-to-end encrypted
   * notifications with (those notifications are recorded in `mock.push.sentEncrypted`).
   * @default {}
   */
  readonly push?: PushOptions | undefined;
  /**
   * Characters (keys and values together) each bot may keep in its storage.
   * @default 10_000_000
   */
  readonly botStorageLimit?: number | undefined;
  /**
   * Per-user API rate limits, counted on the mock's clock: `RATE_LIMIT_HIT` (HTTP 429) beyond
   * them and `X-RateLimit-*` headers on every authenticated response. `false` turns them off.
   * @default the real server's rule, 200 requests per 60 seconds per user
   */
  readonly rateLimits?: RateLimitOptions | false | undefined;
  /**
   * Behave as an older server: report this feature level and answer as that level does for each
   * row of the spec's versioning table (operations newer than it are absent, `type: 'direct'` is
   * refused below 174, and so on), so a client's downgrade paths can be tested. From
   * {@link OLDEST_MOCK_LEVEL} to {@link MOCK_FEATURE_LEVEL}.
   * @default MOCK_FEATURE_LEVEL
   */
  readonly featureLevel?: number | undefined;
  /**
   * Serve the development server's `POST /dev_fetch_api_key` and `GET /dev_list_users`, which
   * hand out any user's API key without a password. `false` behaves as a production server: the
   * routes do not exist (404).
   * @default true
   */
  readonly devEndpoints?: boolean | undefined;
  /**
   * How long after an upload, on the realm's clock, the server has made its thumbnails. Until
   * then a message linking to the image shows the server's loading placeholder
   * (`image-loading-placeholder`), unless a request for one of the thumbnails makes them first
   * (as the server renders them on demand); when the time comes (a timer
   * on the realm's clock), the message is re-rendered with the thumbnail and its readers get an
   * `update_message` event with `rendering_only: true`, as from the server's thumbnail worker.
   * @default 0 (thumbnails exist at once)
   */
  readonly thumbnailDelayMs?: number | undefined;
  /**
   * The server's `CAN_ACCESS_ALL_USERS_GROUP_LIMITS_PRESENCE`: in a realm that limits guests
   * (`can_access_all_users_group`), a guest gets no presence of the users they may not see
   * (presence events, register, `GET /realm/presence`, `POST /users/me/presence`) and
   * `GET /users/{user_id_or_email}/presence` answers `Insufficient permission` for them.
   * @default false (as the server: presence is not limited)
   */
  readonly limitGuestPresence?: boolean | undefined;
  /**
   * The server's Django `SECRET_KEY`, which signs what the server hands out to be given back
   * unchanged: the details in a BigBlueButton join URL (`GET /calls/bigbluebutton/create`).
   * @default 'teamchat-mock-secret-key'
   */
  readonly secretKey?: string | undefined;
  /**
   * The server's Camo (`CAMO_URI`, `CAMO_KEY`): messages load external images, videos, audio and
   * YouTube thumbnails through `{uri}{HMAC-SHA1 of the URL}/{the URL in hex}`, as a production
   * server does, except media on the realm's own address and relative ones. The mock serves a URI
   * on the realm (the default `/external_content/`) as go-camo does, but for a correctly signed URL
   * it answers a 302 to it (it fetches nothing; docs/mock.md). `false` (or an empty `uri`) is a
   * server without Camo, as a development server (`CAMO_URI = ""`): the URLs themselves.
   * @default { uri: '/external_content/', key: DEFAULT_CAMO_KEY } (the production settings template's URI)
   * @example
   * // The server's own test settings, whose HTML its rendering fixture holds:
   * createMockServer({ camo: { uri: 'https://external-content.zulipcdn.net/external_content/', key: 'dummy' } });
   */
  readonly camo?: CamoOptions | false | undefined;
  /**
   * Pages the server's link-preview worker finds, by URL: what it would extract from each (title,
   * description, image). With the realm's `inline_url_embed_preview` on, a message linking one is
   * sent without its preview, then updated with it (a rendering-only `update_message`), as by the
   * server's embed worker; any other link is a failed fetch. More with `mock.linkPreviews.set()`.
   * @default {} (no page: no link gets a preview)
   */
  readonly linkPreviews?: Readonly<Record<string, LinkPreviewPage>> | undefined;
  /**
   * How outgoing webhook bots (bot type 3) are called when a message triggers them (a mention in a
   * channel, a direct message): `fetch` POSTs the payload (give one to answer in-process), and
   * `timeoutSeconds` is the server's timeout, counted on the realm's clock. Wait for the calls
   * and the bots' replies with {@link MockServer.settle}.
   * @default { fetch: globalThis.fetch, timeoutSeconds: 10 }
   */
  readonly outgoingWebhooks?: OutgoingWebhookOptions | undefined;
}

/**
 * Puts `fresh` in place of `state`'s contents, keeping the object (the handlers hold it) and the
 * clock. Long-polls waiting on the old queues are answered first, with no events; afterwards
 * their queue IDs are unknown, as after a server restart.
 */
function resetRealm(state: MockState, fresh: MockState): void {
  for (const queue of state.events.queues()) queue.interruptWait();
  state.serviceBots.stop();
  state.promotionTimer.cancel();
  state.deliveryTimer.cancel();
  state.activityTimer.cancel();
  Object.assign(state, { ...fresh, clock: state.clock });
  state.events.attach(state);
  watchPendingDeliveries(state);
  watchPendingPromotions(state);
  watchChannelActivity(state);
}

/** One independent mock realm and the MSW handlers that serve it. */
export interface MockServer<C extends Clock = Clock> {
  /** Give these to `setupServer`, `setupWorker` or `getResponse`. */
  readonly handlers: HttpHandler[];
  /**
   * Answers one request (a Fetch `Request`, or a lighter {@link MockRequest} of a server adapter)
   * as {@link MockServer.handlers} would, without MSW; undefined for a
   * request that is not the API's (another origin than `baseUrl`, or outside `/api/v1/`, the file
   * URLs and `/compatibility`). For
   * servers and workers of your own; {@link MockServer.fetch} wraps it as a `fetch`.
   */
  readonly dispatch: (request: MockRequest) => Promise<Response | undefined>;
  /** The realm's records (read them; change them through the API or the store's tables). */
  readonly store: Store;
  /** Organization settings. */
  readonly realm: RealmSettings;
  /**
   * The realm's clock: by default an {@link OffsetClock}, which follows real time until
   * `mock.clock.advance(ms)` or `mock.clock.set(ms)` moves it (presence, queue expiry, retention
   * and rate-limit windows, the weekly job marking channels inactive move with it; typing
   * indicators expire in the client, on its own timers); or the clock given in the options.
   */
  readonly clock: C;
  /** Everything the domain functions work on. */
  readonly state: MockState;
  /** Push notification delivery; `push.sent` lists what was sent. */
  readonly push: PushService;
  /**
   * The pages the server's link-preview worker finds (the `linkPreviews` option, then what a test
   * sets): `set(url, { title, description, image })`, `delete(url)`, `clear()`. `reset()` brings
   * back the option's pages and forgets the others; `restore()` leaves them (a state document holds
   * the realm, not other sites).
   *
   * @example
   * mock.linkPreviews.set('https://example.com/post', { title: 'A post', image: 'https://example.com/cover.png' });
   * // with the realm's inline_url_embed_preview on, a message linking it gets the preview right after its send
   */
  readonly linkPreviews: LinkPreviewPages;
  /**
   * Every request an operation answered, oldest first: operation, method, path, caller,
   * parameters (passwords and keys redacted), status and error code. `journal.clear()` empties it.
   */
  readonly journal: RequestJournal;
  /**
   * Faults to inject on purpose, per operation or for all, for the next N requests or a seeded
   * share of them: network errors, 5xx, latency, malformed, truncated or stalled bodies, before the
   * operation runs or after it changed the realm. See docs/mock.md.
   */
  readonly faults: FaultInjector;
  /**
   * Puts the realm back as its seed built it, in place: users, channels, messages, settings, event
   * queues (waiting long-polls are answered with no events; their queue IDs become unknown), the
   * journal and injected faults, the link-preview pages as the `linkPreviews` option gave them. The
   * handlers, `fetch`, clients and the clock stay as they are. Read `store`, `realm`, `journal`,
   * `faults` and `push` again after it: it replaces them.
   *
   * @example
   * import { afterEach } from 'vitest';
   * afterEach(() => mock.reset());
   */
  reset(): void;
  /**
   * The realm's whole content as a JSON-ready {@link StateDocument} (a deep copy: changing it
   * changes nothing). Event queues, the journal, faults and rate-limit counters are left out.
   *
   * @example
   * const before = mock.snapshot();
   * // ... a test that changes the realm ...
   * mock.restore(before);
   */
  snapshot(): StateDocument;
  /**
   * Puts the realm back as a {@link StateDocument} describes it (from `snapshot()` or a state
   * file), in place, like `reset()`: event queues are dropped, waiting long-polls answered. Throws
   * a {@link StateFormatError} naming what is wrong with a document it cannot load.
   */
  restore(document: unknown): void;
  /**
   * Restarts the server's event system, as an upgrade of the real server does: the realm stays as
   * it is, every event queue survives and gets a `restart` event with the server's version (then
   * `web_reload_client`, from feature level 240), and `server_generation` becomes the clock's now.
   *
   * @example
   * const stream = client.events.stream();
   * mock.restart();
   * // the stream yields { type: 'restart', zulip_feature_level: 435, ... }; the client learns the level
   */
  restart(): void;
  /**
   * Resolves once the work the server does in its queue workers after a send is done: outgoing
   * webhook calls (retries included) and embedded bots, with the replies and owner notices they
   * send. That work starts after the send has answered, so await this before looking for a bot's
   * reply. A call the bot's server never answers ends at the timeout, on the realm's clock (with a
   * `ManualClock`, move it).
   *
   * @example
   * const hamlet = mock.clientFor('hamlet@zulip.com');
   * await hamlet.messages.send({ type: 'direct', to: [botId], content: 'hi' });
   * await mock.settle();
   * // the bot's reply is now in the conversation
   */
  settle(): Promise<void>;
  /**
   * The API key of a user of the realm, by email; an email no user has throws a
   * {@link MockMisuseError} naming the closest one and every user's (a system bot's address, the
   * server's own outside the realm, is refused as such).
   */
  apiKeyOf(email: string): string;
  /**
   * A `fetch` that hands requests straight to {@link MockServer.handlers}, without intercepting
   * anything: the same answers as `setupServer`, many times faster. Give it to a client's
   * `fetch` option.
   */
  readonly fetch: typeof globalThis.fetch;
  /**
   * A `ChatClient` logged in as a user of the realm, talking to it through
   * {@link MockServer.fetch} (no retries unless `options` ask for them). An email no user has
   * throws a {@link MockMisuseError}, as {@link MockServer.apiKeyOf} does.
   *
   * @example
   * const hamlet = mock.clientFor('hamlet@zulip.com');
   * await hamlet.messages.send({ type: 'channel', to: 'Verona', topic: 'lunch', content: 'Pizza?' });
   */
  clientFor(email: string, options?: Partial<ChatClientOptions>): ChatClient;
  /**
   * One-line setup of users, channels, messages and conversations, through the same code as the
   * API (events included). Misuse throws a {@link MockMisuseError} that says what to do instead.
   *
   * @example
   * mock.create.channel({ name: 'design', subscribers: ['hamlet@zulip.com', 'othello@zulip.com'] });
   * mock.create.conversation({ channel: 'design', topic: 'logo', messages: [['hamlet@zulip.com', 'Blue?'], ['othello@zulip.com', 'Green.']] });
   */
  readonly create: MockFactories;
}

const DEFAULT_REALM_URL = 'http://localhost:9991';

/** Words a test may use for an option: what other mocks and clients call it. */
const OPTION_ALIASES = { origin: 'baseUrl', url: 'baseUrl', site: 'baseUrl', rateLimit: 'rateLimits', feature_level: 'featureLevel' };

/** Whether the clock tells listeners it moved (an `OffsetClock`, from either build of the package). */
function hasMoveListeners(clock: Clock): clock is Clock & Pick<OffsetClock, 'onMove'> {
  return typeof (clock as Partial<OffsetClock>).onMove === 'function';
}

/**
 * Runs the realm's due jobs each time the clock moves, as `POST /__admin/clock` does. The realm is
 * held weakly, so one dropped by its test stops listening to a clock shared with others; a job
 * that moves the clock itself does not start another run; a failing job is logged, never thrown
 * into the code that moved the clock.
 */
function runDueJobsOnMove(clock: Clock & Pick<OffsetClock, 'onMove'>, state: MockState): void {
  const realm = new WeakRef(state);
  let running = false;
  const stop = clock.onMove(() => {
    const current = realm.deref();
    if (!current) return void stop();
    if (running) return;
    running = true;
    try {
      runDueJobs(current);
    } catch (error) {
      current.logger.error('[teamchat-mock] a job due after the clock moved failed', error);
    } finally {
      running = false;
    }
  });
}

/**
 * Creates an independent in-memory realm and the MSW handlers that implement the API over
 * it. Each call is a new realm, cheap enough for one per test. An option it does not take
 * (`baseURL` for `baseUrl`) throws a {@link MockMisuseError} naming the one it most likely means.
 *
 * @example
 * import { setupServer } from 'msw/node';
 * const mock = createMockServer();
 * const server = setupServer(...mock.handlers);
 * server.listen();
 * const client = new ChatClient({ site: 'http://localhost:9991', email: 'iago@zulip.com', apiKey: mock.apiKeyOf('iago@zulip.com') });
 */
export function createMockServer<C extends Clock = OffsetClock>(options: MockServerOptions<C> = {}): MockServer<C> {
  refuseUnknownOptions('createMockServer', options, MOCK_SERVER_OPTION_NAMES, OPTION_ALIASES);
  checkBaseUrl(options.baseUrl);
  const baseUrl = (options.baseUrl ?? '*').replace(/\/+$/, '');
  const realmUrl = options.realmUrl ?? (baseUrl.startsWith('http') ? baseUrl : DEFAULT_REALM_URL);
  const clock = (options.clock ?? new OffsetClock()) as C;
  const linkPreviews = new LinkPreviewPages(options.linkPreviews);
  const realmOptions = () => ({
    clock,
    logger: options.logger ?? console,
    url: realmUrl,
    push: new PushService(options.push),
    ...(options.botStorageLimit === undefined ? {} : { botStorageLimit: options.botStorageLimit }),
    rateLimits: options.rateLimits,
    featureLevel: options.featureLevel,
    thumbnailDelayMs: options.thumbnailDelayMs,
    limitGuestPresence: options.limitGuestPresence,
    secretKey: options.secretKey,
    camo: options.camo,
    linkPreviews,
    outgoingWebhooks: options.outgoingWebhooks,
  });
  const build = () => createRealm(options.seed ?? DEFAULT_SEED, realmOptions());
  const state = build();
  watchChannelActivity(state);
  // A ManualClock fires the realm's timers itself as it moves. The default OffsetClock's timers keep
  // their real-time schedule, so when it moves, the realm runs what fell due (as POST /__admin/clock).
  if (hasMoveListeners(clock)) runDueJobsOnMove(clock, state);
  const { handlers, dispatch: dispatchAnswer } = createHandlers(state, baseUrl, options.onExchange, {
    devEndpoints: options.devEndpoints ?? true,
  });
  const fetch = directFetch(dispatchAnswer, baseUrl);
  const dispatchResponse = async (request: MockRequest) => {
    const answer = await dispatchAnswer(request);
    return answer && responseOf(answer);
  };
  const apiKeyOf = (email: string): string => {
    const user = state.store.userByDeliveryEmail(email);
    if (user) return user.api_key;
    // System bots are the server's own, outside the realm: never offered as the user meant.
    const known = state.store.realmUserEmails();
    if (state.store.systemBotByEmail(email)) {
      throw new MockMisuseError(`[teamchat-mock] '${email}' is a system bot (the server's own, outside the realm); apiKeyOf and clientFor take the realm's users: ${listNames(known)}`);
    }
    const meant = meantAddress(email, known);
    throw new MockMisuseError(
      `[teamchat-mock] no user with email '${email}' in this realm${meant === undefined ? '' : `; did you mean '${meant}'?`} ` +
        `(create one with mock.create.user({ email: '${email}' })); its users: ${listNames(known)}`,
    );
  };
  const site = baseUrl.startsWith('http') ? baseUrl : realmUrl;
  const mock: MockServer<C> = {
    handlers,
    dispatch: dispatchResponse,
    // Getters: reset() replaces what they return.
    get store() {
      return state.store;
    },
    get realm() {
      return state.realm;
    },
    clock,
    state,
    get push() {
      return state.push;
    },
    linkPreviews,
    get journal() {
      return state.journal;
    },
    get faults() {
      return state.faults;
    },
    reset: () => {
      linkPreviews.reset();
      resetRealm(state, build());
    },
    snapshot: () => exportState(state),
    restore: (document) => {
      const checked = checkStateDocument(document);
      const restored = realmState(storeFromDocument(checked), { ...structuredClone(checked.realm), url: state.realm.url }, realmOptions());
      // Documents written before all three existed lack some: the server always has them.
      ensureSystemBots(restored);
      resetRealm(state, restored);
    },
    restart: () => state.events.restart(unixSeconds(state.clock)),
    settle: () => state.serviceBots.idle(),
    create: createFactories(() => state),
    apiKeyOf,
    fetch,
    clientFor: (email, clientOptions = {}) =>
      new ChatClient({
        site,
        email,
        apiKey: apiKeyOf(email),
        fetch,
        maxRetries: 0,
        featureLevel: state.featureLevel,
        ...clientOptions,
      }),
  };
  // The HTTP server adapter (runtimes/http.ts) writes the mock's own answers as they are; `mock.dispatch` makes each a Response.
  rememberDispatch(mock, dispatchAnswer);
  return mock;
}

export { type CancelTimer, type Clock, ManualClock, OffsetClock, systemClock } from './domain/clock';
export type { ChannelFactoryOptions, CreatedUser, MessageFactoryOptions, MockFactories, RoleValue, UserFactoryOptions } from './factories/factories';
export { MockMisuseError } from './factories/misuse';
export { READABLE_STATE_VERSIONS, STATE_FORMAT, STATE_VERSION, type StateDocument } from './persistence/state-document';
export { StateFormatError } from './persistence/load-state';
export { MOCK_FEATURE_LEVEL, MOCK_ZULIP_VERSION } from './domain/server-settings';
export { type CamoOptions, type CamoSettings, DEFAULT_CAMO_KEY, DEFAULT_CAMO_URI } from './domain/camo/settings';
export { type LinkPreviewPage, LinkPreviewPages } from './domain/link-embeds/pages';
export { OLDEST_MOCK_LEVEL } from './domain/feature-levels';
export type {
  BouncerOptions,
  BouncerRegistration,
  PushOptions,
  PushService,
  SentEncryptedPushNotification,
  SentPushNotification,
} from './domain/push/service';
export { DEFAULT_RATE_LIMIT_RULES, type RateLimiter, type RateLimitOptions, type RateLimitRule } from './domain/rate-limits';
export type { MockLogger, MockState, RealmSettings, SystemGroupName } from './domain/state';
export type { ExchangeObserver, ObservedExchange } from './http/observer';
export type { MockRequest } from './http/mock-request';
export { JOURNAL_LIMIT, type JournalEntry, RequestJournal } from './http/journal';
export { type ChosenFault, FaultInjector, type FaultKind, type FaultSpec } from './http/faults';
export { DEFAULT_PASSWORD, DEFAULT_SEED } from './seed/default-seed';
export { parseSeed } from './seed/load';
export { SeedError } from './seed/errors';
export type { Seed, SeedData, SeedInput } from './seed/schema';
export type { Store, Tables, UserStatusRecord } from './store/store';
export type { ModelName, RecordOf } from './store/models';
export type { AlertWords } from './store/alert-words';
export type { AttachmentIndex } from './store/attachments';
export type { AvatarFile, AvatarImages, AvatarImagesDocument, RealmImageName, RealmImageSource } from './store/avatar-images';
export type { IdAllocator, IdKind } from './store/ids';
export type { LinkifierRecord, Linkifiers } from './store/linkifiers';
export type { PresenceRow, Presences } from './store/presence';
export type { MessageReactions, ReactionRecord, ReactionTypeName } from './store/reactions';
export type { MessageFlag, UserMessages } from './store/user-messages';
export type { EventRegistry } from './domain/events/registry';
export type { RateLimitResult } from './domain/rate-limit-backends';
export type { DirectMessagePartners } from './store/direct-message-partners';
export type { OutgoingWebhookOptions, ServiceBotEvent, ServiceBotWorker } from './domain/service-bots/worker';
export type { RealmTimer } from './domain/realm-timer';
export type { OutgoingWebhookFetch } from './domain/service-bots/outgoing-request';
export type { ServiceBotMessage } from './domain/service-bots/message';
