import type { RecordOf } from '../../store/models';
import type { UserRecord } from '../../store/store';
import { canRead } from '../messages/access';
import type { MockState } from '../state';

/**
 * Whether a user may fetch an uploaded file: the uploader always; anyone else once a message
 * they can read links to it (a public channel's message for members, a private channel's for
 * subscribers who can see that history, a direct message for its participants).
 */
export function canReadFile(state: MockState, viewer: UserRecord, attachment: RecordOf<'attachment'>): boolean {
  if (viewer.id === attachment.user_id) return true;
  return attachment.message_ids.some((id) => {
    const message = state.store.tables.message.get(id);
    return message !== undefined && canRead(state, viewer, message);
  });
}
