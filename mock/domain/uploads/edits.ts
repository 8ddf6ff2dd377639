import type { Attachment } from '../../../src/schemas/upload';
import type { UserRecord } from '../../store/store';
import type { MockState } from '../state';
import { attachmentToWire } from './attachments';
import { linkMessageUploads } from './links';

/** Relinks an edited message's uploads (as its sender may share them); returns the IDs it left without messages. */
export function relinkEditedMessageUploads(state: MockState, messageId: number): number[] {
  const message = state.store.tables.message.get(messageId);
  const sender = message ? state.store.tables.user.get(message.sender_id) : undefined;
  return message && sender ? linkMessageUploads(state, sender, message) : [];
}

/** The edit answer's `detached_uploads`: the editor's own uploads that the edit left without messages. */
export function detachedUploadsOf(state: MockState, editor: UserRecord, attachmentIds: readonly number[]): Attachment[] {
  return attachmentIds.flatMap((id) => {
    const record = state.store.tables.attachment.get(id);
    return record && record.user_id === editor.id ? [attachmentToWire(state, record)] : [];
  });
}
