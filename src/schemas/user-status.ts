import * as z from 'zod/mini';
import { Id, successBody } from './common';

/** A user's status: each key only when set. */
export const UserStatus = z.looseObject({
  status_text: z.optional(z.string()),
  emoji_name: z.optional(z.string()),
  emoji_code: z.optional(z.string()),
  reaction_type: z.optional(z.string()),
  /** Deprecated: `!presence_enabled`. */
  away: z.optional(z.boolean()),
});

/** A user's status. */
export type UserStatus = z.output<typeof UserStatus>;

/** Parameters of `POST /users/me/status`: only what is given changes; `""` clears. */
export const UpdateStatusParams = z.object({
  /** At most 60 characters; `""` clears the text. */
  status_text: z.optional(z.string()),
  /** Deprecated: sets `presence_enabled` to its opposite. */
  away: z.optional(z.boolean()),
  /** `""` clears the emoji. */
  emoji_name: z.optional(z.string()),
  emoji_code: z.optional(z.string()),
  reaction_type: z.optional(z.string()),
});

/** Success without a payload. */
export const UpdateStatusResponse = successBody({});

/**
 * Parameters of `POST /users/{user_id}/status`: another user's status, as
 * {@link UpdateStatusParams} without `away`.
 */
export const UpdateStatusForUserParams = z.object({
  user_id: Id,
  ...z.omit(UpdateStatusParams, { away: true }).def.shape,
});

/** Parameters of `GET /users/{user_id}/status`. */
export const GetUserStatusParams = z.object({ user_id: Id });

/** The user's status; `{}` when they set none. */
export const GetUserStatusResponse = successBody({ status: UserStatus });
