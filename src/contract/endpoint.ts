import type * as z from 'zod/mini';
import type { LegacyRoute, ParamRequirement } from './feature-levels';

/** HTTP methods the API uses. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Organization roles, named; the wire values are in {@link ROLE_VALUES}. */
export type RoleName = 'owner' | 'administrator' | 'moderator' | 'member' | 'guest';

/** Wire values of the roles: lower is more privileged. */
export const ROLE_VALUES = {
  owner: 100,
  administrator: 200,
  moderator: 300,
  member: 400,
  guest: 600,
} as const satisfies Record<RoleName, number>;

/**
 * Who may call an operation. The mock enforces it before decoding parameters
 * (as the real server's permission decorators do); the SDK exposes it as documentation.
 */
export interface EndpointAccess {
  /** `api_key`: HTTP Basic `email:api_key`; `none`: no credentials are read. */
  readonly auth: 'api_key' | 'none';
  /** The least privileged role allowed to call the operation; omitted = any role. */
  readonly minRole?: RoleName;
  /**
   * Incoming-webhook bots may call it (the server allows them only a few routes, such as
   * sending messages); omitted = refused with 401.
   */
  readonly allowIncomingWebhookBots?: boolean;
  /** Bots are refused before anything else is read (`This endpoint does not accept bot requests.`). */
  readonly humansOnly?: boolean;
  /**
   * Only members and administrators (the server's `require_member_or_admin`): guests are refused
   * first (`Not allowed for guest users`), then bots, before anything else is read.
   */
  readonly membersOnly?: boolean;
  /**
   * Guests are refused (`Not allowed for guest users`) before any parameter is read, bots are not
   * (the server's `require_non_guest_user`).
   */
  readonly nonGuestsOnly?: boolean;
  /**
   * Refused while the caller has `enable_drafts_synchronization` off (`User has disabled
   * synchronizing drafts.`), before any parameter is read: the draft operations.
   */
  readonly requiresDraftSync?: boolean;
  /**
   * A realm permission (one of the realm's group settings, such as `can_create_groups`) the
   * caller must hold: refused with `Insufficient permission` after the role checks and before any
   * parameter is read, as the server's permission decorators do.
   */
  readonly realmPermission?: `can_${string}`;
  /**
   * The API key may also come as the `api_key` query parameter when there is no `Authorization`
   * header (the server's file URLs, for clients that cannot set headers); its failures keep their
   * own codes (`INVALID_API_KEY`, ...) instead of `UNAUTHORIZED`.
   */
  readonly apiKeyInQuery?: boolean;
}

/**
 * How the server counts an operation against the caller's rate limit: omitted, in the main
 * budget (`api_by_user`); `event-server`, in the event server's own budget (same rules, counted
 * apart); `exempt`, never (file URLs, which clients fetch in bursts), without `X-RateLimit-*` headers;
 * `login`, per username in the login limiter's budget (`authenticate_by_username`), not a caller's.
 */
export type RateLimitDomain = 'event-server' | 'exempt' | 'login';

/**
 * How the server routes a path that is not one of its REST routes (the login and server-settings
 * views): one view answers every method and checks it itself. `post` refuses other methods with
 * the JSON 405; `safe` takes GET and HEAD only (an empty 405 otherwise); `any` takes every method;
 * `csrf-checked` takes every method too, but is not exempt from Django's CSRF check, which refuses
 * any method but GET, HEAD and OPTIONS first (its 403 page, HTML).
 * Such a path has no `OPTIONS` answer of its own and no `method` form field overriding the verb.
 */
export type PlainViewMethods = 'post' | 'safe' | 'any' | 'csrf-checked';

/** The declaration of one operation: everything both halves need to know about it. */
export interface Endpoint<
  Params extends z.ZodMiniObject = z.ZodMiniObject,
  Response extends z.ZodMiniType = z.ZodMiniType,
  Access extends EndpointAccess = EndpointAccess,
> {
  /** Stable operation id, the real API's `operationId` (e.g. `send-message`). */
  readonly id: string;
  readonly method: HttpMethod;
  /**
   * Path below `/api/v1` (from the site's root for a {@link Endpoint.siteRoot | siteRoot} view),
   * with `{name}` placeholders for path parameters.
   */
  readonly path: string;
  /** Parameters with their wire names; path parameters are part of it. */
  readonly params: Params;
  /** The success body beyond `result` and `msg`. Loose: unknown fields pass through. */
  readonly response: Response;
  readonly access: Access;
  /** True when repeating the request cannot change state twice, so a retry is safe. */
  readonly retrySafe: boolean;
  /**
   * The first server feature level that has the operation at this method and path (1: every
   * server that reports a level). The SDK refuses to call it on an older server unless a
   * {@link Endpoint.legacyRoutes | legacy route} covers that level.
   */
  readonly featureLevel: number;
  /** Parameters and values newer than the operation, with their encodings for older servers. */
  readonly requires: readonly ParamRequirement[];
  /** Where older servers had the operation, oldest first. */
  readonly legacyRoutes: readonly LegacyRoute[];
  /**
   * True when the real server reports unknown parameters in
   * `ignored_parameters_unsupported` (its "typed" views); false for the few plain views.
   */
  readonly reportsIgnoredParameters: boolean;
  /** Deprecated wire names accepted for a parameter: `{ subject: 'topic' }`. */
  readonly aliases: Readonly<Record<string, string>>;
  /** Names of the path parameters, in order of appearance. */
  readonly pathParams: readonly string[];
  /**
   * True when the last path parameter takes the rest of the path, slashes included (a file's
   * path below `/user_uploads/{realm_id_str}/`).
   */
  readonly restOfPath?: boolean;
  /**
   * String parameters the server parses as JSON (a URL sent as `"https://..."`): the SDK sends
   * them JSON-encoded, the mock decodes them as JSON.
   */
  readonly jsonStrings?: readonly string[];
  /** Where the operation's requests are counted for rate limiting; see {@link RateLimitDomain}. */
  readonly rateLimit?: RateLimitDomain;
  /** Set for a path outside the server's REST dispatcher; see {@link PlainViewMethods}. */
  readonly plainView?: PlainViewMethods;
  /**
   * True for a plain view at the site's root, not below `/api/v1` (the mobile apps'
   * `GET /compatibility`): its `path` starts from the root.
   */
  readonly siteRoot?: boolean;
}

/** What {@link defineEndpoint} takes: the declaration without derived fields. */
export type EndpointInput<Params extends z.ZodMiniObject, Response extends z.ZodMiniType, Access extends EndpointAccess> = Omit<
  Endpoint<Params, Response, Access>,
  'pathParams' | 'reportsIgnoredParameters' | 'aliases' | 'requires' | 'legacyRoutes'
> &
  Partial<Pick<Endpoint<Params, Response, Access>, 'reportsIgnoredParameters' | 'aliases' | 'requires' | 'legacyRoutes'>>;

const PATH_PARAM = /\{([a-z_]+)\}/g;

/**
 * Declares one operation.
 *
 * @example
 * import * as z from 'zod/mini';
 * export const getMessageById = defineEndpoint({
 *   id: 'get-message', method: 'GET', path: '/messages/{message_id}',
 *   params: z.object({ message_id: z.number(), apply_markdown: z.optional(z.boolean()) }),
 *   response: successBody({ message: z.looseObject({ id: z.number(), content: z.string() }) }),
 *   access: { auth: 'api_key' }, retrySafe: true, featureLevel: 120,
 * });
 */
export /* @__NO_SIDE_EFFECTS__ */ function defineEndpoint<
  Params extends z.ZodMiniObject,
  Response extends z.ZodMiniType,
  const Access extends EndpointAccess,
>(input: EndpointInput<Params, Response, Access>): Endpoint<Params, Response, Access> {
  const pathParams = [...input.path.matchAll(PATH_PARAM)].map((match) => match[1] as string);
  for (const name of pathParams) {
    if (!(name in input.params.shape)) {
      throw new Error(`${input.id}: path parameter {${name}} is missing from its params schema`);
    }
  }
  return Object.freeze({
    reportsIgnoredParameters: true,
    aliases: {},
    requires: [],
    legacyRoutes: [],
    ...input,
    pathParams,
  });
}

/** Parameters a caller passes for an endpoint (zod input type). */
export type EndpointParams<E extends Endpoint> = z.input<E['params']>;

/** The typed success body an endpoint returns (zod output type). */
export type EndpointResult<E extends Endpoint> = z.output<E['response']>;
