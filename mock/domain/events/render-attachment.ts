import type { AttachmentChanged } from './changes';
import type { EventQueue } from './queue';

/** `attachment` (add, update or remove), for the queues of the one user the change names. */
export function renderAttachmentEvent(queue: EventQueue, change: AttachmentChanged) {
  if (queue.userId !== change.userId) return undefined;
  const attachment =
    change.op === 'remove'
      ? { id: change.attachmentId }
      : { ...change.attachment, messages: change.attachment.messages.map((message) => ({ ...message })) };
  return { type: 'attachment', op: change.op, attachment, upload_space_used: change.uploadSpaceUsed };
}
