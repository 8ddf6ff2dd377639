import type { MessageRecord, UserRecord } from '../../store/store';
import type { MockState } from '../state';
import { unescapeAttribute } from '../markdown/escape';
import { canReadFile } from './access';
import { recordAttachmentChange } from './attachments';

// Links, previews and audio name an upload in `href` or `src`; an inline image in `data-original-src` (its `src` is the thumbnail).
const LINK_TARGET = /\s(?:href|src|data-original-src)="([^"]*)"/g;
const UPLOADS = '/user_uploads/';

// A URL with a scheme: its netloc (host and port, as typed) and the rest.
const ABSOLUTE_URL = /^[a-z][a-z\d+.-]*:\/\/([^/?#]*)(.*)$/is;

/**
 * The upload path a link target names, if any, as the server reads links (`urlsplit` of the
 * target, compared as typed: percent escapes stay, so a link whose name someone percent-encoded
 * by hand claims nothing): `/user_uploads/...`, `user_uploads/...` (what a link to
 * `{realm}/user_uploads/...` renders as) and absolute URLs whose host is the realm's, whatever
 * their scheme; another host's `/user_uploads/` does not count.
 */
function uploadPathOf(attribute: string, realmHost: string): string | undefined {
  const target = unescapeAttribute(attribute);
  let path = target.startsWith('user_uploads/') ? `/${target}` : target;
  if (!path.startsWith('/')) {
    const absolute = ABSOLUTE_URL.exec(target);
    if (absolute?.[1] !== realmHost) return undefined;
    path = absolute[2] ?? '';
  }
  if (!path.startsWith(UPLOADS)) return undefined;
  const rest = path.slice(UPLOADS.length).split(/[?#]/, 1)[0] ?? '';
  return rest === '' ? undefined : rest;
}

/** Whether rendered HTML may link to an upload (a cheap test before {@link uploadPathsIn}). */
function mayLinkUploads(renderedHtml: string): boolean {
  return renderedHtml.includes('user_uploads/');
}

/** The upload paths a rendered message links to (links, images and audio into the realm's uploads). */
function uploadPathsIn(state: MockState, renderedHtml: string): Set<string> {
  const realmHost = ABSOLUTE_URL.exec(state.realm.url)?.[1] ?? '';
  const paths = new Set<string>();
  for (const match of renderedHtml.matchAll(LINK_TARGET)) {
    const path = uploadPathOf(match[1] ?? '', realmHost);
    if (path !== undefined) paths.add(path);
  }
  return paths;
}

/**
 * Links a message to the uploads its rendered content points at, as the server claims them on
 * send and edit: only uploads the sender may read (their own, or ones shared where they can see
 * them). Links the new content dropped are released; an upload left without messages after an
 * edit stays (the edit answer lists it in `detached_uploads`). Only new links are told, and to the
 * message's sender, not the file's owner (the server's `do_claim_attachments`): an uploader whose
 * file someone else shares hears nothing. The server sends no `attachment` event for a released one.
 * Sets the message's `has_attachment` to whether it now links any; returns the IDs it left without
 * messages.
 */
export function linkMessageUploads(state: MockState, sender: UserRecord, message: MessageRecord): number[] {
  const detached = relinkUploads(state, sender, message);
  // Set from this claim only: deleting a linked file later leaves it (the server's `has_attachment`).
  const linked = state.store.attachments.messageHasAttachment(message.id);
  if (message.has_attachment !== linked) state.store.tables.message.update(message.id, { has_attachment: linked });
  return detached;
}

function relinkUploads(state: MockState, sender: UserRecord, message: MessageRecord): number[] {
  const { attachments, tables } = state.store;
  // Most messages link to no upload and never did: nothing to read or release.
  if (!mayLinkUploads(message.rendered_content) && !attachments.messageHasAttachment(message.id)) return [];
  const wanted = new Set<number>();
  for (const path of uploadPathsIn(state, message.rendered_content)) {
    const attachment = attachments.byPath(path);
    if (attachment && canReadFile(state, sender, attachment)) wanted.add(attachment.id);
  }
  const detached: number[] = [];
  for (const attachment of attachments.ofMessage(message.id)) {
    if (wanted.delete(attachment.id)) continue;
    const updated = tables.attachment.update(attachment.id, { message_ids: attachment.message_ids.filter((id) => id !== message.id) });
    if (updated.message_ids.length === 0) detached.push(updated.id);
  }
  for (const id of wanted) {
    const attachment = tables.attachment.get(id);
    if (!attachment) continue;
    const messageIds = [...attachment.message_ids, message.id].sort((a, b) => a - b);
    recordAttachmentChange(state, tables.attachment.update(id, { message_ids: messageIds }), 'update', sender.id);
  }
  return detached;
}

/**
 * Releases the uploads of deleted messages: an upload whose last linking message went is
 * deleted with its file, unless a scheduled message still holds it (the server deletes only
 * attachments with neither); the others keep a shorter list. Like the server (which archives the
 * messages and deletes orphaned uploads), this sends no `attachment` event.
 */
export function releaseDeletedMessageUploads(state: MockState, messageIds: readonly number[]): void {
  const { attachments, tables } = state.store;
  const gone = new Set(messageIds);
  const touched = new Set(messageIds.flatMap((id) => attachments.ofMessage(id).map((attachment) => attachment.id)));
  // Looked up once, and only when some upload loses its last message.
  let held: Set<number> | undefined;
  for (const id of touched) {
    const attachment = tables.attachment.get(id);
    if (!attachment) continue;
    const remaining = attachment.message_ids.filter((messageId) => !gone.has(messageId));
    held ??= remaining.length === 0 ? uploadsHeldByScheduledMessages(state) : undefined;
    if (remaining.length === 0 && !held?.has(id)) tables.attachment.delete(id);
    else tables.attachment.update(id, { message_ids: remaining });
  }
}

/**
 * The IDs of the uploads scheduled messages hold on to (the server's `ScheduledMessage` claim of
 * its attachments): those the message's content links to and its sender may read. A scheduled
 * message keeps them while it exists, sent or not; editing its content changes which.
 */
export function uploadsHeldByScheduledMessages(state: MockState): Set<number> {
  const held = new Set<number>();
  const { tables, attachments } = state.store;
  for (const record of tables.scheduledMessage.all()) {
    if (!mayLinkUploads(record.rendered_content)) continue;
    const sender = tables.user.get(record.user_id) as UserRecord;
    for (const path of uploadPathsIn(state, record.rendered_content)) {
      const attachment = attachments.byPath(path);
      if (attachment && canReadFile(state, sender, attachment)) held.add(attachment.id);
    }
  }
  return held;
}
