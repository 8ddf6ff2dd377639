import type { Attachment } from '../../../src/schemas/upload';
import type { RecordOf } from '../../store/models';
import type { UserRecord } from '../../store/store';
import { badRequest } from '../errors';
import type { MockState } from '../state';

/**
 * An attachment record on the wire: times in milliseconds of whole seconds (the server converts its
 * timestamp through a time tuple, which drops fractions), the linking messages ascending.
 */
export function attachmentToWire(state: MockState, record: RecordOf<'attachment'>): Attachment {
  const messages = record.message_ids.flatMap((id) => {
    const message = state.store.tables.message.get(id);
    return message ? [{ id, date_sent: message.timestamp * 1000 }] : [];
  });
  return { id: record.id, name: record.name, path_id: record.path_id, size: record.size, create_time: Math.floor(record.create_time / 1000) * 1000, messages };
}

/**
 * Tells a user's queues that an attachment was added or its linking messages changed: by default
 * its uploader; for a new link, the server tells the linking message's sender instead (who may
 * not own the file), with the whole attachment as it now stands.
 */
export function recordAttachmentChange(state: MockState, record: RecordOf<'attachment'>, op: 'add' | 'update', userId = record.user_id): void {
  state.events.record({
    kind: 'attachment_changed',
    userId,
    op,
    attachment: attachmentToWire(state, record),
    uploadSpaceUsed: state.store.attachments.spaceUsed,
  });
}

/** Deletes an attachment and its file, and tells the uploader's queues. */
function removeAttachmentRecord(state: MockState, record: RecordOf<'attachment'>): void {
  state.store.tables.attachment.delete(record.id);
  state.events.record({
    kind: 'attachment_changed',
    userId: record.user_id,
    op: 'remove',
    attachmentId: record.id,
    uploadSpaceUsed: state.store.attachments.spaceUsed,
  });
}

/** `GET /attachments`: the caller's uploads, oldest first, and the realm's upload space used. */
export function listAttachments(state: MockState, owner: UserRecord): { attachments: Attachment[]; upload_space_used: number } {
  return {
    attachments: state.store.attachments.ofUser(owner.id).map((record) => attachmentToWire(state, record)),
    upload_space_used: state.store.attachments.spaceUsed,
  };
}

/** `DELETE /attachments/{id}`: only the uploader's own; any other ID is "Invalid attachment". */
export function deleteAttachment(state: MockState, owner: UserRecord, attachmentId: number): void {
  const record = state.store.tables.attachment.get(attachmentId);
  if (!record || record.user_id !== owner.id) throw badRequest('Invalid attachment');
  removeAttachmentRecord(state, record);
}
