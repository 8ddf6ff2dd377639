import * as z from 'zod/mini';
import { Id, successBody } from './common';

/**
 * Parameters of `POST /submessage`, in the order Zulip 10.2 reads them (so its first error is
 * that server's; newer servers read parameters alphabetically, with no feature level to tell):
 * the message, the submessage's type, and its content.
 */
export const AddSubmessageParams = z.object({
  /** The message whose widget the submessage updates. */
  message_id: Id,
  /** The submessage's type: `widget` for poll and to-do list interactions. */
  msg_type: z.string(),
  /**
   * JSON text. For a poll or a to-do list the server checks its shape: `{"type": "vote", "key",
   * "vote": 1 | -1}`, `{"type": "new_option", "option", "idx"}`, `{"type": "question", "question"}`;
   * `{"type": "new_task", "key", "task", "desc", "completed"}`, `{"type": "strike", "key"}`,
   * `{"type": "new_task_list_title", "title"}`.
   */
  content: z.string(),
});

/** Success body of adding a submessage (nothing beyond the envelope). */
export const AddSubmessageResponse = successBody({});
