import * as z from 'zod/mini';
import { Id, successBody } from './common';

/** Parameters of `DELETE /messages/{message_id}`. */
export const DeleteMessageParams = z.object({ message_id: Id });

/** Success body of `DELETE /messages/{message_id}` (no fields of its own). */
export const DeleteMessageResponse = successBody({});
