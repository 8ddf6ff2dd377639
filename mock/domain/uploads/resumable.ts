import type { UserRecord } from '../../store/store';
import type { MockState } from '../state';
import { withGuessedCharset } from './charset-guess';
import { storedContentType } from './content-types';
import { sanitizeFileName } from './file-names';
import { TusHookRejection, tusError } from './tus-errors';
import { createAttachment, fileTooLarge, newUploadPath, type UploadedFile } from './upload';

/** A resumable upload in progress: who creates it, how long it is, the bytes so far. */
export interface ResumableUpload {
  /** tusd's ID, which the server's pre-create hook sets to the file's path (`ChangeFileInfo`). */
  readonly id: string;
  readonly userId: number;
  readonly length: number;
  /** The `filename` of its metadata, as sent (empty when none was). */
  readonly name: string;
  /** The `filetype` of its metadata, as sent (empty when none was). */
  readonly type: string;
  /** Where the file will be stored, chosen when the upload is created. */
  readonly pathId: string;
  readonly createdAt: number;
  offset: number;
  readonly chunks: Uint8Array[];
}

const MIB = 1024 * 1024;

/** The largest upload the realm takes, in bytes (`Tus-Max-Size`). */
function maxUploadBytes(state: MockState): number {
  return state.realm.max_file_upload_size_mib * MIB;
}

/** What a new upload's `Upload-Metadata` says of its file. */
export interface ResumableFile {
  readonly filename: string;
  readonly filetype: string;
}

/**
 * Creates an upload of `length` bytes (the tus creation extension, then the server's pre-create
 * hook): a deferred length (`null`) is refused with 411, and the size limit applies here, before
 * any byte is sent, with the plain upload's message; the path is chosen now, from the file name
 * sanitised strictly (tusd is not Unicode-aware).
 */
export function createResumableUpload(state: MockState, user: UserRecord, length: number | null, file: ResumableFile): ResumableUpload {
  if (length === null) throw new TusHookRejection('SizeIsDeferred is not supported', 411);
  if (length > maxUploadBytes(state)) throw new TusHookRejection(fileTooLarge(state).message, 413);
  const pathId = newUploadPath(state, sanitizeFileName(file.filename, { strict: true }));
  const upload: ResumableUpload = {
    id: pathId,
    userId: user.id,
    length,
    name: file.filename,
    type: file.filetype,
    pathId,
    createdAt: state.clock.now(),
    offset: 0,
    chunks: [],
  };
  state.store.attachments.resumableUploads.set(upload.id, upload);
  return upload;
}

/** The upload with this ID, whoever asks (tusd checks no credentials of its own); an unknown one is 404. */
export function resumableUploadOf(state: MockState, id: string): ResumableUpload {
  const upload = state.store.attachments.resumableUploads.get(id);
  if (!upload) throw tusError('notFound');
  return upload;
}

/**
 * Appends bytes at `offset`, which must be where the upload stands (409 otherwise); answers
 * whether that was the last byte (then {@link finishResumableUpload} is the server's part).
 */
export function appendToResumableUpload(upload: ResumableUpload, offset: number, bytes: Uint8Array): boolean {
  if (offset !== upload.offset) throw tusError('mismatchedOffset');
  if (upload.offset + bytes.byteLength > upload.length) throw tusError('sizeExceeded');
  upload.chunks.push(bytes);
  upload.offset += bytes.byteLength;
  return upload.offset === upload.length;
}

/**
 * The server's pre-finish hook: the whole file becomes an attachment of `user` (who sent the
 * last byte), named by its metadata as sent (no decoding; an empty name, `.` or `..` is
 * `uploaded-file`), typed as sent, or when no type was sent guessed from that name. tusd keeps
 * the finished upload (its `.info` file), so it still answers for it, without its bytes.
 */
export function finishResumableUpload(state: MockState, user: UserRecord, upload: ResumableUpload): UploadedFile {
  const whole = new Uint8Array(upload.length);
  let at = 0;
  for (const chunk of upload.chunks) {
    whole.set(chunk, at);
    at += chunk.byteLength;
  }
  upload.chunks.length = 0;
  const name = upload.name === '' || upload.name === '.' || upload.name === '..' ? 'uploaded-file' : upload.name;
  // Read back from storage, as the server's hook reads the finished file.
  const contentType = withGuessedCharset(upload.type !== '' ? upload.type : storedContentType('', name), whole, true);
  return createAttachment(state, user, { name, pathId: upload.pathId, contentType, bytes: whole });
}

/** An empty upload is finished as it is created, as tusd does. */
export function finishEmptyUpload(state: MockState, user: UserRecord, upload: ResumableUpload): UploadedFile | undefined {
  return upload.length === 0 ? finishResumableUpload(state, user, upload) : undefined;
}

/**
 * Terminates an upload (the tus termination extension): its bytes are dropped. Once it is an
 * attachment the server's pre-terminate hook refuses (`RejectTermination`) a user's request, until
 * the attachment is deleted; one without credentials it refuses with a 401 that does not stop
 * tusd (`authenticated` false). The attachment's own copy of the file is kept either way.
 */
export function terminateResumableUpload(state: MockState, upload: ResumableUpload, authenticated: boolean): void {
  if (authenticated && upload.offset === upload.length && state.store.attachments.byPath(upload.pathId)) throw tusError('terminationRejected');
  state.store.attachments.resumableUploads.delete(upload.id);
}
