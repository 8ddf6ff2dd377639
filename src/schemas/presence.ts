import * as z from 'zod/mini';
import { successBody } from './common';

/**
 * A user's presence in the legacy format: the same status under `aggregated` and `website`. Before
 * feature level 178 the keys were `aggregated` and one per client name (`website`, `ZulipMobile`, ...),
 * each present only when that client reported; a loose object keeps them.
 */
export const LegacyPresence = z.looseObject({
  aggregated: z.optional(z.looseObject({ client: z.optional(z.string()), status: z.string(), timestamp: z.int() })),
  website: z.optional(
    z.looseObject({ client: z.optional(z.string()), status: z.string(), timestamp: z.int(), pushable: z.optional(z.boolean()) }),
  ),
});

/** A user's presence in the modern format: when they were last active and last connected (UNIX seconds). */
export const ModernPresence = z.looseObject({ active_timestamp: z.int(), idle_timestamp: z.int() });

/** Parameters of `POST /users/me/presence`. */
export const UpdatePresenceParams = z.object({
  /** `active` or `idle`. */
  status: z.string(),
  /** Only report, and answer nothing. */
  ping_only: z.optional(z.boolean()),
  new_user_input: z.optional(z.boolean()),
  /** Answer in the modern format keyed by user ID. */
  slim_presence: z.optional(z.boolean()),
  /** Answer only changes after this ID (implies the modern format). */
  last_update_id: z.optional(z.int()),
  /** How many days of history to answer (default 14). */
  history_limit_days: z.optional(z.int()),
});

/** Everyone's presence (unless `ping_only`), the server's time, and the last change's ID. */
export const UpdatePresenceResponse = successBody({
  presences: z.optional(z.record(z.string(), z.union([ModernPresence, LegacyPresence]))),
  server_timestamp: z.optional(z.number()),
  presence_last_update_id: z.optional(z.int()),
});

/** Parameters of `GET /realm/presence`. */
export const GetRealmPresenceParams = z.object({});

/** Every recently connected user's presence keyed by API email, and the server's time (seconds, fractional). */
export const GetRealmPresenceResponse = successBody({
  presences: z.record(z.string(), LegacyPresence),
  server_timestamp: z.number(),
});

/** Parameters of `GET /users/{user_id_or_email}/presence`. */
export const GetUserPresenceParams = z.object({ user_id_or_email: z.string() });

/** One user's presence: `aggregated.status` reads `offline` once the user has been away 200 s. */
export const GetUserPresenceResponse = successBody({
  presence: z.record(z.string(), z.looseObject({ status: z.string(), timestamp: z.int() })),
});
