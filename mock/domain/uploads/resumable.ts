import type { UserRecord } from '../../store/store';
import { ApiFailure } from '../errors';
import type { MockState } from '../state';
import { randomHex } from '../random';
import { fileTooLarge, type UploadedFile, storeUpload } from './upload';

/** A resumable upload in progress: who creates it, how long it is, the bytes so far. */
export interface ResumableUpload {
  readonly id: string;
  readonly userId: number;
  readonly length: number;
  readonly name: string;
  readonly type: string;
  readonly createdAt: number;
  offset: number;
  readonly chunks: Uint8Array[];
}

/** A tus-level refusal: its HTTP status and text, answered with the `Tus-Resumable` header. */
export class TusFailure extends ApiFailure {
  constructor(msg: string, status: number) {
    super(msg, 'BAD_REQUEST', status);
    this.name = 'TusFailure';
  }
}

const MIB = 1024 * 1024;

/** The largest upload the realm takes, in bytes (`Tus-Max-Size`). */
export function maxUploadBytes(state: MockState): number {
  return state.realm.max_file_upload_size_mib * MIB;
}

/**
 * Creates an upload of `length` bytes (the tus creation extension). The size limit applies here,
 * before any byte is sent, with the plain upload's message.
 */
export function createResumableUpload(state: MockState, user: UserRecord, length: number, name: string, type: string): ResumableUpload {
  if (length > maxUploadBytes(state)) throw new TusFailure(fileTooLarge(state).message, 413);
  const upload: ResumableUpload = { id: randomHex(16), userId: user.id, length, name, type, createdAt: state.clock.now(), offset: 0, chunks: [] };
  state.store.attachments.resumableUploads.set(upload.id, upload);
  return upload;
}

/** The caller's upload with this ID; another user's or an unknown one is 404, as the server answers. */
export function resumableUploadOf(state: MockState, user: UserRecord, id: string): ResumableUpload {
  const upload = state.store.attachments.resumableUploads.get(id);
  if (!upload || upload.userId !== user.id) throw new TusFailure('upload not found', 404);
  return upload;
}

/**
 * Appends bytes at `offset`, which must be where the upload stands (409 otherwise). When the
 * last byte arrives the file is stored exactly as `POST /user_uploads` stores it, and its URL
 * and name are returned.
 */
export function appendToResumableUpload(
  state: MockState,
  user: UserRecord,
  upload: ResumableUpload,
  offset: number,
  bytes: Uint8Array,
): UploadedFile | undefined {
  if (offset !== upload.offset) throw new TusFailure('mismatched offset', 409);
  if (upload.offset + bytes.byteLength > upload.length) throw new TusFailure('upload\'s size exceeded', 413);
  upload.chunks.push(bytes);
  upload.offset += bytes.byteLength;
  if (upload.offset < upload.length) return undefined;
  state.store.attachments.resumableUploads.delete(upload.id);
  const whole = new Uint8Array(upload.length);
  let at = 0;
  for (const chunk of upload.chunks) {
    whole.set(chunk, at);
    at += chunk.byteLength;
  }
  return storeUpload(state, user, { name: upload.name, type: upload.type, bytes: whole });
}

/** Terminates an upload (the tus termination extension): its bytes are dropped. */
export function terminateResumableUpload(state: MockState, upload: ResumableUpload): void {
  state.store.attachments.resumableUploads.delete(upload.id);
}
