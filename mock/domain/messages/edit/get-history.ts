import type * as z from 'zod/mini';
import type { GetMessageHistoryResponse } from '../../../../src/schemas/message-edit';
import type { UserRecord } from '../../../store/store';
import { badRequest } from '../../errors';
import type { MockState } from '../../state';
import { readableMessageOrFail } from '../access';
import { historySnapshots } from './history';

/** `GET /messages/{message_id}/history`: refused when the realm hides edit history, else the snapshots the realm lets users see. */
export function getMessageHistory(
  state: MockState,
  viewer: UserRecord,
  input: { readonly message_id: number; readonly allow_empty_topic_name?: boolean | undefined },
): z.input<typeof GetMessageHistoryResponse> {
  if (state.realm.message_edit_history_visibility_policy === 'none') {
    throw badRequest('Message edit history is disabled in this organization');
  }
  const message = readableMessageOrFail(state, viewer, input.message_id);
  return { message_history: historySnapshots(state, message, input.allow_empty_topic_name ?? false) };
}
