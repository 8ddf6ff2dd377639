import type { RecordOf } from '../../store/models';
import type { UserRecord } from '../../store/store';
import { badRequest } from '../errors';
import type { MockState } from '../state';
import { canReadFile, isWebPublicFile } from './access';
import { expireUnclaimedUploads } from './expiry';
import { randomHex } from '../random';

/** How long a temporary file URL works: the server signs them for 60 seconds. */
const TEMPORARY_URL_LIFETIME_MS = 60_000;

/**
 * Why a file is not served, answered as the server's pages: `not_found` (404 "File not found."),
 * `forbidden` (403 "You are not authorized to view this file."), `login` (no credentials:
 * redirect to the login page).
 */
export type FileRefusal = 'not_found' | 'forbidden' | 'login';

/** The outcome of asking for a file. */
export type FileLookup =
  | { readonly ok: true; readonly attachment: RecordOf<'attachment'>; readonly bytes: Uint8Array }
  | { readonly ok: false; readonly refusal: FileRefusal };

/**
 * A file by its path below `/user_uploads/`, if `viewer` may read it; without credentials
 * (undefined), if a web-public channel's message links to it, as the server serves spectators,
 * up to the server's daily reads of the file without credentials.
 */
export function lookUpFile(state: MockState, viewer: UserRecord | undefined, pathId: string): FileLookup {
  expireUnclaimedUploads(state);
  const attachment = state.store.attachments.byPath(pathId);
  const bytes = attachment ? state.store.attachments.bytesOf(attachment.id) : undefined;
  if (!attachment || !bytes) return { ok: false, refusal: 'not_found' };
  if (!viewer) {
    const served = isWebPublicFile(state, attachment) && state.rateLimiter.admitSpectatorFileAccess(pathId);
    return served ? { ok: true, attachment, bytes } : { ok: false, refusal: 'login' };
  }
  if (!canReadFile(state, viewer, attachment)) return { ok: false, refusal: 'forbidden' };
  return { ok: true, attachment, bytes };
}

/** A thrown refusal: the HTTP layer answers it with the server's page. */
export class FileRefused extends Error {
  constructor(readonly refusal: FileRefusal) {
    super(refusal);
    this.name = 'FileRefused';
  }
}

/**
 * `GET /user_uploads/{realm_id}/{path}` under `/api/v1`: a URL that serves the file without
 * credentials for {@link TEMPORARY_URL_LIFETIME_MS}, `/user_uploads/temporary/{token}/{name}`.
 */
export function temporaryFileUrl(state: MockState, viewer: UserRecord, pathId: string): string {
  const found = lookUpFile(state, viewer, pathId);
  if (!found.ok) throw new FileRefused(found.refusal);
  const tokens = state.store.attachments.temporaryTokens;
  const now = state.clock.now();
  for (const [old, entry] of tokens) if (entry.expiresAt < now) tokens.delete(old);
  const token = randomHex(16);
  // The server signs the whole second (Django's TimestampSigner) and refuses a token only once
  // it is more than the lifetime older than that.
  tokens.set(token, { pathId, expiresAt: Math.floor(now / 1000) * 1000 + TEMPORARY_URL_LIFETIME_MS });
  const name = pathId.split('/').at(-1) ?? '';
  return `/user_uploads/temporary/${token}/${encodeURIComponent(name)}`;
}

/**
 * The file a temporary URL stands for, or the server's "Invalid token" (also once the file is
 * deleted: the token no longer finds an attachment) / "Invalid filename".
 */
export function fileForTemporaryUrl(state: MockState, token: string, name: string): FileLookup {
  const entry = state.store.attachments.temporaryTokens.get(token);
  if (!entry || entry.expiresAt < state.clock.now()) throw badRequest('Invalid token');
  if (entry.pathId.split('/').at(-1) !== name) throw badRequest('Invalid filename');
  expireUnclaimedUploads(state);
  const attachment = state.store.attachments.byPath(entry.pathId);
  const bytes = attachment ? state.store.attachments.bytesOf(attachment.id) : undefined;
  if (!attachment || !bytes) throw badRequest('Invalid token');
  return { ok: true, attachment, bytes };
}
