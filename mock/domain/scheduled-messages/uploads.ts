import type { UserRecord } from '../../store/store';
import type { MockState } from '../state';
import { canReadFile } from '../uploads/access';
import { uploadPathsIn } from '../uploads/links';

/**
 * The IDs of the uploads scheduled messages hold on to (the server's `ScheduledMessage` claim of
 * its attachments): those the message's content links to and its sender may read. A scheduled
 * message keeps them while it exists, sent or not; editing its content changes which.
 */
export function uploadsHeldByScheduledMessages(state: MockState): Set<number> {
  const held = new Set<number>();
  const { tables, attachments } = state.store;
  for (const record of tables.scheduledMessage.all()) {
    if (!record.rendered_content.includes('/user_uploads/')) continue;
    const sender = tables.user.get(record.user_id) as UserRecord;
    for (const path of uploadPathsIn(record.rendered_content)) {
      const attachment = attachments.byPath(path);
      if (attachment && canReadFile(state, sender, attachment)) held.add(attachment.id);
    }
  }
  return held;
}
