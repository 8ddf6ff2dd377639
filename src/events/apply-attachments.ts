import type { z } from 'zod/mini';
import type { ChatEvent } from '../schemas/events';
import type { Attachment, GetAttachmentsResponse } from '../schemas/upload';

/** The caller's uploads as `client.attachments.list()` gives them, kept current by `attachment` events. */
export type AttachmentsState = Pick<z.output<typeof GetAttachmentsResponse>, 'attachments' | 'upload_space_used'>;

/**
 * Applies one `attachment` event to the list of the caller's uploads and returns the new list
 * (the input is not changed): `add` appends, `update` replaces, `remove` drops; every event
 * carries the organization's new `upload_space_used`. An `update` for an upload not in the list is
 * about someone else's file: the server tells whoever sends a message linking a file, owner or
 * not, so such an event changes only `upload_space_used`. (The owner hears nothing when another
 * user shares their file: their list's `messages` is stale until fetched again.)
 *
 * @example
 * let uploads = await client.attachments.list();
 * for await (const event of client.events.stream({ event_types: ['attachment'], signal })) {
 *   if (event.type === 'attachment') uploads = applyAttachmentEvent(uploads, event);
 * }
 */
export function applyAttachmentEvent(state: AttachmentsState, event: Extract<ChatEvent, { type: 'attachment' }>): AttachmentsState {
  const { id } = event.attachment;
  const kept = state.attachments.filter((attachment) => attachment.id !== id);
  const known = kept.length !== state.attachments.length;
  const attachments =
    event.op === 'remove' || (event.op === 'update' && !known)
      ? kept
      : [...kept, event.attachment as Attachment].sort((a, b) => a.id - b.id);
  return { attachments, upload_space_used: event.upload_space_used };
}
