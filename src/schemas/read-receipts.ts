import * as z from 'zod/mini';
import { Id, successBody } from './common';

/** Parameters of `GET /messages/{message_id}/read_receipts`. */
export const ReadReceiptsParams = z.object({
  message_id: Id,
});

/** Success body of `GET /messages/{message_id}/read_receipts`. */
export const ReadReceiptsResponse = successBody({
  /** Users who read the message and share read receipts; never the sender. */
  user_ids: z.array(Id),
});
