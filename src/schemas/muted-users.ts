import * as z from 'zod/mini';
import { Id, successBody } from './common';

/** A muted user and when they were muted (UNIX seconds). */
export const MutedUser = z.looseObject({ id: Id, timestamp: z.int() });

/** Parameters of `POST` and `DELETE /users/me/muted_users/{muted_user_id}`. */
export const MuteUserParams = z.object({ muted_user_id: Id });

/** Success without a payload. */
export const MuteUserResponse = successBody({});
