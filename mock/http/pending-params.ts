import * as z from 'zod/mini';
import type { Endpoint } from '../../src/contract/endpoint';

/**
 * Python's float as pydantic reads it from JSON: `NaN`, `Infinity` and `1e400` are floats too, where
 * zod's number takes finite values only. A value that is not finite is read as the largest finite
 * number of its sign (the mock never uses it: the server uses `time` only when forging).
 */
const PythonFloat = z.pipe(
  z.transform((value: unknown) => (typeof value === 'number' && !Number.isFinite(value) ? Math.sign(value) * Number.MAX_VALUE : value)),
  z.number(),
);

/**
 * Parameters of `POST /messages` that the server reads but has not documented yet
 * (`DOCUMENTATION_PENDING`), so the SDK does not declare them: the mock reads them as the server
 * does, so they are checked and never reported in `ignored_parameters_unsupported`.
 */
export const SendMessagePendingParams = z.object({
  /** A mirroring client's sender; refused from any other client. */
  sender: z.optional(z.string()),
  /** `yes` or `true` asks to forge the sender, which only users allowed to forge may do. */
  forged: z.optional(z.string()),
  /** A widget the message starts, as JSON text (the server checks it). */
  widget_content: z.optional(z.string()),
  /** A forged message's timestamp (`Json[float]`); read, and used only when forging. */
  time: z.optional(PythonFloat),
});

/**
 * `POST /users/{user_id}/status` reads `away` too, though its own signature has no such parameter:
 * the view hands the target user to `POST /users/me/status`'s, which reads what it was not given.
 * Collected here as text, it is decoded only after the target user is found (see
 * {@link AWAY_PARAM}), as the server reads it only then.
 */
export const UpdateStatusForUserPendingParams = z.object({
  /** Deprecated: sets the target's `presence_enabled` to its opposite. JSON text, not yet decoded. */
  away: z.optional(z.string()),
});

/**
 * `GET /events` reads `user_client` (`INTENTIONALLY_UNDOCUMENTED`: the server's own Django views
 * pass it to Tornado): the client name of the queue it creates, instead of the request's own.
 */
export const GetEventsPendingParams = z.object({
  /** The name of the client the queue is for; at most 30 characters are kept. */
  user_client: z.optional(z.string()),
});

/** How `away` of `POST /users/{user_id}/status` is decoded once the view reads it (`Json[bool]`). */
export const AWAY_PARAM = z.optional(z.boolean());

/**
 * Pending parameters of one operation and, for each, the declared parameter the server reads next
 * (`null`: after every declared one).
 */
interface Pending {
  readonly params: z.ZodMiniObject;
  readonly before: Readonly<Record<string, string | null>>;
}

// Where each one sits in the server's signature, which is the order its errors are reported in.
const PENDING = new Map<string, Pending>([
  [
    'send-message',
    {
      params: SendMessagePendingParams,
      before: { sender: 'topic', forged: 'topic', widget_content: 'local_id', time: 'read_by_sender' },
    },
  ],
  ['update-status-for-user', { params: UpdateStatusForUserPendingParams, before: { away: null } }],
  ['get-events', { params: GetEventsPendingParams, before: { user_client: 'queue_id' } }],
]);

/**
 * The parameters the mock decodes for an operation, in the server's order: the declared ones,
 * with the server's undocumented ones placed where the server reads them.
 */
export function serverParamEntries(endpoint: Endpoint): [string, z.ZodMiniType][] {
  const declared = Object.entries(endpoint.params.shape as Record<string, z.ZodMiniType>);
  const pending = PENDING.get(endpoint.id);
  if (!pending) return declared;
  const extra = Object.entries(pending.params.shape as Record<string, z.ZodMiniType>);
  const last = extra.filter(([name]) => pending.before[name] === null);
  return [...declared.flatMap((entry) => [...extra.filter(([name]) => pending.before[name] === entry[0]), entry]), ...last];
}

/**
 * An operation's decoded parameters with its pending ones typed: the decoder put them there.
 *
 * @example
 * const params = { type: 'channel', to: 'Verona', topic: 't', content: 'hi' };
 * const { forged } = withPendingParams(params, SendMessagePendingParams);
 */
export function withPendingParams<P extends object, S extends z.ZodMiniObject>(params: P, _schema: S): P & z.output<S> {
  return params as P & z.output<S>;
}
