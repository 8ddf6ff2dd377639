import { uploadsHeldByScheduledMessages } from './links';
import type { MockState } from '../state';
import { removeAttachmentRecord } from './attachments';

/** How long a file no message links to is kept: the server's cleanup job deletes it after five weeks. */
export const UNCLAIMED_UPLOAD_RETENTION_MS = 5 * 7 * 24 * 60 * 60 * 1000;

/**
 * Deletes uploads that no message ever linked to once they are older than
 * {@link UNCLAIMED_UPLOAD_RETENTION_MS} on the realm's clock; a scheduled message linking to one
 * keeps it. The server does this in a periodic job; the mock does it whenever uploads are looked
 * at, so moving the clock is enough.
 */
export function expireUnclaimedUploads(state: MockState): void {
  const cutoff = state.clock.now() - UNCLAIMED_UPLOAD_RETENTION_MS;
  const expired = state.store.tables.attachment.all().filter((record) => record.message_ids.length === 0 && record.create_time <= cutoff);
  if (expired.length === 0) return;
  const held = uploadsHeldByScheduledMessages(state);
  for (const record of expired) if (!held.has(record.id)) removeAttachmentRecord(state, record);
}
