import type { UserRecord } from '../../store/store';
import { badRequest } from '../errors';
import type { MockState } from '../state';
import { recordAttachmentChange } from './attachments';
import { withGuessedCharset } from './charset-guess';
import { storedContentType } from './content-types';
import { decodedFileName, multipartFileName, sanitizeFileName } from './file-names';
import { expireUnclaimedUploads } from './expiry';
import { randomPathLevel, randomPathToken } from '../random';
import { setClockTimer } from '../clock';
import { finishThumbnails } from './thumbnail-worker';

const MIB = 1024 * 1024;

/** What `POST /user_uploads` answers. */
export type UploadedFile = {
  readonly url: string;
  readonly uri: string;
  readonly filename: string;
};

/** A file to store: its name, its declared type and its bytes. */
interface FileToStore {
  readonly name: string;
  readonly type: string;
  readonly bytes: Uint8Array;
}

/** The server's refusal of a file over `max_file_upload_size_mib`. */
export function fileTooLarge(state: MockState): Error {
  return badRequest(`File is larger than this server's configured maximum upload size (${state.realm.max_file_upload_size_mib} MiB).`);
}

/** Refuses a size over the realm's limit, before any byte is stored. */
function checkUploadSize(state: MockState, size: number): void {
  if (size > state.realm.max_file_upload_size_mib * MIB) throw fileTooLarge(state);
}

/** A new file's path below `/user_uploads/`: `{realm_id}/{hex}/{token}/{stored name}`. */
export function newUploadPath(state: MockState, storedName: string): string {
  return `${state.realm.id}/${randomPathLevel()}/${randomPathToken()}/${storedName}`;
}

/** An attachment to create: its name as shown, its path, its final type and its bytes. */
export interface AttachmentToCreate {
  readonly name: string;
  readonly pathId: string;
  readonly contentType: string;
  readonly bytes: Uint8Array;
}

/**
 * Creates an attachment for its uploader (the server's `create_attachment`): the bytes, the
 * record, the `attachment` `add` event, and the URL that only the uploader can open until a
 * message links to it.
 */
export function createAttachment(state: MockState, uploader: UserRecord, file: AttachmentToCreate): UploadedFile {
  expireUnclaimedUploads(state);
  const id = state.store.ids.next('attachment');
  state.store.attachments.storeBytes(id, file.bytes);
  const record = state.store.tables.attachment.insert({
    id,
    user_id: uploader.id,
    name: file.name,
    path_id: file.pathId,
    size: file.bytes.byteLength,
    content_type: file.contentType,
    create_time: state.clock.now(),
    message_ids: [],
  });
  recordAttachmentChange(state, record, 'add');
  // The server's thumbnail worker finishes on its own, also while no request arrives.
  if (state.thumbnailDelayMs > 0) setClockTimer(state.clock, state.thumbnailDelayMs, () => finishThumbnails(state));
  const url = `/user_uploads/${file.pathId}`;
  return { url, uri: url, filename: file.name };
}

/**
 * Stores a file sent as a multipart part: named as the parser and the upload code read the part's
 * name, stored under that name sanitised, typed as sent or else guessed from the name as the
 * parser gave it (the server guesses before it decodes percent-escapes).
 */
function storeUpload(state: MockState, uploader: UserRecord, file: FileToStore): UploadedFile {
  checkUploadSize(state, file.bytes.byteLength);
  const name = decodedFileName(file.name);
  const contentType = withGuessedCharset(storedContentType(file.type, multipartFileName(file.name) ?? file.name), file.bytes, false);
  return createAttachment(state, uploader, { name, pathId: newUploadPath(state, sanitizeFileName(name)), contentType, bytes: file.bytes });
}

/** `POST /user_uploads`: exactly one file part, under any field name. */
export async function uploadFiles(state: MockState, uploader: UserRecord, files: readonly File[]): Promise<UploadedFile> {
  const [file] = files;
  if (!file) throw badRequest('You must specify a file to upload');
  if (files.length > 1) throw badRequest('You may only upload one file at a time');
  checkUploadSize(state, file.size);
  return storeUpload(state, uploader, { name: file.name, type: file.type, bytes: new Uint8Array(await file.arrayBuffer()) });
}
