import type { MockRequest } from './mock-request';
import { authenticate } from '../domain/auth';
import { ApiFailure, badRequest } from '../domain/errors';
import type { UserRecord } from '../store/store';
import { hasLevel, LEVEL } from '../domain/feature-levels';
import type { MockState } from '../domain/state';
import {
  appendToResumableUpload,
  createResumableUpload,
  finishEmptyUpload,
  finishResumableUpload,
  resumableUploadOf,
  terminateResumableUpload,
  type ResumableUpload,
} from '../domain/uploads/resumable';
import { TusFailure, TusHookRejection, tusError } from '../domain/uploads/tus-errors';
import { errorResponse } from './envelope';
import { type ArrivedBody, readArrivedBody } from './read-body';

/** Where the resumable upload endpoint lives. */
export const TUS_PATH = '/api/v1/tus';

const TUS_VERSION = '1.0.0';
// tusd's middleware sets both on every answer.
const TUS_HEADERS = { 'tus-resumable': TUS_VERSION, 'x-content-type-options': 'nosniff' };

/** Serves the tus protocol at {@link TUS_PATH}, or undefined for any other path. */
export type TusServer = (request: MockRequest, pathname: string) => Promise<Response | undefined>;

function reply(status: number, headers: Record<string, string> = {}, body: string | null = null): Response {
  return new Response(body, { status, headers: { ...TUS_HEADERS, ...headers } });
}

/**
 * The length a new upload announces, as tusd reads `Upload-Length` and `Upload-Defer-Length`:
 * `null` when it is deferred (`Upload-Defer-Length: 1`, which tusd's file store supports).
 */
function newUploadLength(request: MockRequest): number | null {
  const length = request.headers.get('upload-length') ?? '';
  const defer = request.headers.get('upload-defer-length') ?? '';
  if (length !== '' && defer !== '') throw tusError('ambiguousLength');
  if (defer === '1') return null;
  if (defer !== '') throw tusError('invalidDeferLength');
  const parsed = integerHeader(request, 'upload-length');
  if (parsed === undefined) throw tusError('invalidUploadLength');
  return parsed;
}

/** A non-negative integer header, or undefined when absent or malformed. */
function integerHeader(request: MockRequest, name: string): number | undefined {
  const text = request.headers.get(name);
  return text !== null && /^\d{1,15}$/.test(text) ? Number(text) : undefined;
}

// Go's standard base64, as tusd decodes metadata values: padded, and CR and LF ignored.
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

function decodeBase64Text(value: string): string | undefined {
  const compact = value.replace(/[\r\n]/g, '');
  if (!BASE64.test(compact)) return undefined;
  // Go keeps a leading byte-order mark as U+FEFF; the decoder would drop it.
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(Uint8Array.from(atob(compact), (char) => char.charCodeAt(0)));
}

/**
 * `Upload-Metadata` as tusd reads it: comma-separated `key base64value` pairs or bare keys (an
 * empty value); an element with more parts or a value that is not base64 is ignored, not refused.
 */
function metadataOf(request: MockRequest): Map<string, string> {
  const metadata = new Map<string, string>();
  for (const element of (request.headers.get('upload-metadata') ?? '').split(',')) {
    const parts = element.trim().split(' ');
    const [key = '', value] = parts;
    if (parts.length > 2 || key === '') continue;
    const decoded = value === undefined ? '' : decodeBase64Text(value);
    if (decoded !== undefined) metadata.set(key, decoded);
  }
  return metadata;
}

/** The user the credentials name, or undefined where the server's tusd hooks see an anonymous request. */
function hookUser(state: MockState, request: MockRequest): UserRecord | undefined {
  try {
    return authenticate(state, request.headers.get('authorization'));
  } catch (error) {
    if (error instanceof ApiFailure) return undefined;
    throw error;
  }
}

async function answer(state: MockState, request: MockRequest, id: string): Promise<Response> {
  const method = request.method;
  if (method === 'OPTIONS') {
    // tusd answers 200 (some browsers take no 204 for a preflight); Zulip sets it no maximum size.
    return reply(200, { 'tus-version': TUS_VERSION, 'tus-extension': 'creation,termination' });
  }
  // tusd checks the version of every request but GET and HEAD, before routing it.
  if (method !== 'GET' && method !== 'HEAD' && request.headers.get('tus-resumable') !== TUS_VERSION) {
    throw tusError('unsupportedVersion');
  }
  if (id === '') {
    if (method !== 'POST') return reply(405, { allow: 'POST' }, 'method not allowed');
    const length = newUploadLength(request);
    // The pre-create hook falls back to an anonymous request when the credentials fail.
    const creator = hookUser(state, request);
    if (!creator) throw new TusHookRejection('Unauthenticated upload', 401);
    const metadata = metadataOf(request);
    const upload = createResumableUpload(state, creator, length, { filename: metadata.get('filename') ?? '', filetype: metadata.get('filetype') ?? '' });
    const location = uploadLocation(request, upload.id);
    const finished = finishEmptyUpload(state, creator, upload);
    // The finishing hook's answer takes the place of the 201.
    if (finished) return reply(200, { location, 'content-type': 'application/json' }, JSON.stringify({ url: finished.url, filename: finished.filename }));
    return reply(201, { location });
  }
  // Downloads are disabled (`-disable-download`), but tusd's router still names GET.
  if (method !== 'HEAD' && method !== 'PATCH' && method !== 'DELETE') return reply(405, { allow: 'GET, HEAD, PATCH, DELETE' }, 'method not allowed');
  if (method === 'PATCH') {
    // tusd reads these headers before it looks the upload up.
    if (request.headers.get('content-type') !== 'application/offset+octet-stream') throw tusError('invalidContentType');
    if (integerHeader(request, 'upload-offset') === undefined) throw tusError('invalidOffset');
  }
  // tusd asks the server's hooks only at creation, at the last byte and at termination: looking
  // at an upload, or sending it all but its last byte, needs no credentials.
  await takeOverUpload(resumableUploadOf(state, id));
  // Looked up again: the PATCH interrupted may have finished it (or a DELETE dropped it).
  const upload = resumableUploadOf(state, id);
  if (method === 'HEAD') {
    return reply(200, { 'upload-offset': String(upload.offset), 'upload-length': String(upload.length), 'cache-control': 'no-store' });
  }
  if (method === 'DELETE') {
    // Without credentials the pre-terminate hook answers 401 but does not reject the termination.
    const terminator = hookUser(state, request);
    terminateResumableUpload(state, upload, terminator !== undefined);
    if (!terminator) throw new TusHookRejection('Unauthenticated upload', 401);
    return reply(204);
  }
  const offset = integerHeader(request, 'upload-offset');
  if (offset !== upload.offset) throw tusError('mismatchedOffset');
  // A finished upload takes no more bytes, and is not finished again.
  if (upload.offset === upload.length) return reply(204, { 'upload-offset': String(upload.offset) });
  const lock = holdUpload(upload);
  let arrived: ArrivedBody;
  try {
    // What arrived of a chunk whose request broke off is kept, as tusd keeps it: the client resumes
    // from the offset HEAD reports, not from the chunk's start.
    arrived = await readChunk(request, upload.length - offset, lock.interrupt.signal);
  } finally {
    releaseUpload(upload, lock);
  }
  if (!appendToResumableUpload(upload, offset, arrived.bytes)) {
    if (lock.interrupt.signal.aborted) throw tusError('interrupted');
    if (arrived.broken) throw badRequest('Malformed request body');
    return reply(204, { 'upload-offset': String(upload.offset) });
  }
  // The pre-finish hook makes the file an attachment of whoever sent the last byte; without
  // credentials it refuses, and the upload stays complete but no attachment.
  const finisher = hookUser(state, request);
  if (!finisher) throw new TusHookRejection('Unauthenticated upload', 401, { 'upload-offset': String(upload.length) });
  const finished = finishResumableUpload(state, finisher, upload);
  // The server's finishing hook answers the last chunk with the file's URL and name.
  return reply(200, { 'upload-offset': String(upload.length), 'content-type': 'application/json' }, JSON.stringify({ url: finished.url, filename: finished.filename }));
}

/** A PATCH reading an upload's bytes, as tusd's lock holds it: how to interrupt it, and when it has let go. */
interface UploadLock {
  readonly interrupt: AbortController;
  readonly released: Promise<void>;
  readonly release: () => void;
}

const LOCKS = new WeakMap<ResumableUpload, UploadLock>();

/**
 * Waits for the upload's PATCH under way, if any, after asking it to stop: tusd's HEAD, PATCH and
 * DELETE take the upload's lock, and its holder, asked to release it, stops reading its body,
 * keeps what arrived and answers 400 ERR_UPLOAD_INTERRUPTED. A client resuming after a chunk it
 * gave up on (its connection not yet seen closed) so learns the offset past the bytes kept.
 */
async function takeOverUpload(upload: ResumableUpload): Promise<void> {
  for (let held = LOCKS.get(upload); held; held = LOCKS.get(upload)) {
    held.interrupt.abort();
    await held.released;
  }
}

function holdUpload(upload: ResumableUpload): UploadLock {
  let release = (): void => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  const lock = { interrupt: new AbortController(), released, release };
  LOCKS.set(upload, lock);
  return lock;
}

function releaseUpload(upload: ResumableUpload, lock: UploadLock): void {
  if (LOCKS.get(upload) === lock) LOCKS.delete(upload);
  lock.release();
}

/**
 * A PATCH's body, up to the rest of the upload: nginx sets no body limit for `/api/v1/tus`
 * (`client_max_body_size 0`, so one PATCH may carry a whole file over 25 MiB, as tus-js-client's
 * default chunk size sends it), and tusd refuses a chunk that would pass the upload's length,
 * declared or counted as it arrives, with ERR_UPLOAD_SIZE_EXCEEDED.
 */
async function readChunk(request: MockRequest, remaining: number, interrupt: AbortSignal): Promise<ArrivedBody> {
  try {
    return await readArrivedBody(request, remaining, interrupt);
  } catch (error) {
    if (error instanceof ApiFailure && error.status === 413) throw tusError('sizeExceeded');
    throw error;
  }
}

/**
 * The resumable upload endpoint: the tus 1.0.0 core protocol with the creation and termination
 * extensions. Requests carry the API's Basic credentials. A finished upload becomes an
 * attachment exactly as `POST /user_uploads` makes one.
 */
export function createTusServer(state: MockState): TusServer {
  return async (request, pathname) => {
    // Servers before level 296 have no resumable endpoint: the path is like any unknown one.
    if (!hasLevel(state, LEVEL.resumableUploads)) return undefined;
    if (pathname !== TUS_PATH && !pathname.startsWith(`${TUS_PATH}/`)) return undefined;
    const id = pathname.slice(TUS_PATH.length + 1).replace(/\/$/, '');
    try {
      return await answer(state, request, id);
    } catch (error) {
      if (error instanceof TusHookRejection) {
        return reply(error.status, { ...error.headers, 'content-type': 'application/json' }, JSON.stringify({ message: error.msg }));
      }
      if (error instanceof TusFailure) return reply(error.status, { 'content-type': 'text/plain; charset=utf-8' }, error.body);
      const response = errorResponse(error, state.logger);
      response.headers.set('tus-resumable', TUS_VERSION);
      return response;
    }
  };
}

/**
 * A new upload's address, absolute as tusd writes it, on the host the request named: tusd (run
 * behind the server's nginx with `-behind-proxy`) takes it from `X-Forwarded-Host` and
 * `X-Forwarded-Proto`, else `Host`, so a client that reached the server through a proxy (an app's
 * dev server forwarding `/api`) is sent back through it, not to the server's own address.
 */
function uploadLocation(request: MockRequest, id: string): string {
  const own = new URL(request.url);
  const first = (name: string) => request.headers.get(name)?.split(',')[0]?.trim() || undefined;
  const forwardedProto = first('x-forwarded-proto');
  const proto = forwardedProto === 'http' || forwardedProto === 'https' ? forwardedProto : own.protocol.slice(0, -1);
  // As sent, port and all: a host without one is on the protocol's default port, not the mock's.
  const host = first('x-forwarded-host') ?? first('host') ?? own.host;
  const url = URL.parse(`${proto}://${host}${TUS_PATH}/${id}`);
  return (url ?? new URL(`${TUS_PATH}/${id}`, own)).href;
}
