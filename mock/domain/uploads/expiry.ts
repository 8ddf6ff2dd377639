import { uploadsHeldByScheduledMessages } from './links';
import type { MockState } from '../state';

/** How long a file no message links to is kept: the server's cleanup job deletes it after five weeks. */
export const UNCLAIMED_UPLOAD_RETENTION_MS = 5 * 7 * 24 * 60 * 60 * 1000;

/**
 * Deletes uploads no message links to once they are older than
 * {@link UNCLAIMED_UPLOAD_RETENTION_MS} on the realm's clock (strictly older, as the server
 * compares); a scheduled message linking to one keeps it. The server does this in a periodic job;
 * the mock does it whenever uploads are looked at, so moving the clock is enough. Like the job
 * (`do_delete_old_unclaimed_attachments`), this sends no `attachment` event: the uploader's list
 * keeps the file until it is fetched again.
 */
export function expireUnclaimedUploads(state: MockState): void {
  const cutoff = state.clock.now() - UNCLAIMED_UPLOAD_RETENTION_MS;
  const expired = state.store.tables.attachment.all().filter((record) => record.message_ids.length === 0 && record.create_time < cutoff);
  if (expired.length === 0) return;
  const held = uploadsHeldByScheduledMessages(state);
  for (const record of expired) if (!held.has(record.id)) state.store.tables.attachment.delete(record.id);
}
