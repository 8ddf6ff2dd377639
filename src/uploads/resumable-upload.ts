import { TeamChatError } from '../errors/base';
import { TimeoutError } from '../errors/transport-errors';
import { unrefTimeout } from '../transport/unref-timeout';
import type { WithResponse } from '../transport/api-call';

/** Sends one request of the resumable upload protocol with the client's credentials. */
export type TusFetch = (url: string, init: RequestInit) => Promise<Response>;

/** How a resumable upload proceeds. */
export interface ResumableUploadOptions {
  /** Bytes per `PATCH`. @default 5 MiB */
  readonly chunkSize?: number | undefined;
  /**
   * Attempts after failed chunks in a row that moved the upload no further, each resuming from
   * the offset the server reports. @default 3
   */
  readonly maxRetries?: number | undefined;
  /** Called after each chunk with the bytes the server has and the file's size. */
  readonly onProgress?: ((sent: number, total: number) => void) | undefined;
  readonly signal?: AbortSignal | undefined;
  /**
   * Milliseconds for each request of the protocol, a chunk's answer included: a chunk that gets
   * none in time fails and is resumed from the server's offset like any failed chunk. @default none
   */
  readonly timeout?: number | undefined;
}

/** What a finished resumable upload answers: the same as `POST /user_uploads`. */
export interface ResumableUploadResult {
  readonly url: string;
  readonly filename: string;
}

const TUS_HEADERS = { 'Tus-Resumable': '1.0.0' };
const DEFAULT_CHUNK_BYTES = 5 * 1024 * 1024;

function base64Text(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

async function expectStatus(response: Response, statuses: readonly number[], what: string): Promise<Response> {
  if (statuses.includes(response.status)) return response;
  const text = (await response.text()).slice(0, 200);
  throw new ResumableUploadError(`${what}: HTTP ${response.status} ${text}`, response.status);
}

/**
 * A resumable upload the server refused (a status the protocol does not expect) or whose chunk
 * kept failing after every retry.
 *
 * @example
 * const backup = new File([new Uint8Array(101 * 1024 * 1024)], 'backup.bin'); // over the server's 100 MiB limit
 * try {
 *   await client.uploads.upload(backup, { resumable: true });
 * } catch (error) {
 *   if (error instanceof ResumableUploadError && error.status === 413) console.log('too large');
 * }
 */
export class ResumableUploadError extends TeamChatError {
  override readonly name: string = 'ResumableUploadError';
  /** The HTTP status of the refusal. */
  readonly status: number;

  constructor(message: string, status: number) {
    super(message, 'tus-upload');
    this.status = status;
  }
}

/**
 * `send` with each request bounded by `timeoutMs`, failing with {@link TimeoutError}, and given up
 * at once, with the caller's reason, when the caller's signal aborts: the request is aborted, and
 * one whose fetch ignores the signal is given up all the same. The timer is unreferenced (it keeps
 * no Node process alive) and cleared with the caller's listener when the request settles; not
 * `AbortSignal.timeout`, whose timer outlives every request, nor `AbortSignal.any`, which
 * Safari before 17.4 lacks.
 */
function bounded(send: TusFetch, timeoutMs: number): TusFetch {
  return (url, init) =>
    new Promise<Response>((resolve, reject) => {
      const caller = init.signal ?? undefined;
      const attempt = new AbortController();
      const giveUp = (reason: unknown) => {
        attempt.abort(reason);
        reject(reason);
      };
      const callerAborted = () => giveUp(caller?.reason);
      const timer = unrefTimeout(() => giveUp(new TimeoutError('tus-upload', timeoutMs)), timeoutMs);
      if (caller?.aborted) callerAborted();
      else caller?.addEventListener('abort', callerAborted, { once: true });
      send(url, { ...init, signal: attempt.signal })
        .then(resolve, reject)
        .finally(() => {
          clearTimeout(timer);
          caller?.removeEventListener('abort', callerAborted);
        });
    });
}

/** A refusal the server will give again (the upload is gone, say): asking again cannot help. */
function isFinalRefusal(error: unknown): boolean {
  return error instanceof ResumableUploadError && error.status < 500 && error.status !== 409;
}

/** Where the server has the upload (`HEAD`): the offset to resume from. */
async function serverOffset(send: TusFetch, location: string, signal: AbortSignal | undefined): Promise<number> {
  const response = await expectStatus(await send(location, { method: 'HEAD', headers: TUS_HEADERS, signal }), [200], 'resuming');
  return Number(response.headers.get('upload-offset') ?? 0);
}

/**
 * Uploads a file over the tus 1.0.0 protocol (`/api/v1/tus`): creates the upload, sends it in
 * chunks, and after a failed chunk asks the server where it stands and resumes from there.
 */
export async function uploadResumable(
  sendRaw: TusFetch,
  file: Blob,
  name: string,
  options: ResumableUploadOptions = {},
): Promise<WithResponse<ResumableUploadResult>> {
  const { chunkSize = DEFAULT_CHUNK_BYTES, maxRetries = 3, onProgress, signal, timeout } = options;
  const send = timeout === undefined ? sendRaw : bounded(sendRaw, timeout);
  const created = await send('tus', {
    method: 'POST',
    signal,
    headers: {
      ...TUS_HEADERS,
      'Upload-Length': String(file.size),
      'Upload-Metadata': `filename ${base64Text(name)},filetype ${base64Text(file.type)}`,
    },
  });
  await expectStatus(created, [201], 'creating the upload');
  const location = created.headers.get('location');
  // Without it the chunks would go to the API root (a proxy that hides the header, say).
  if (!location) throw new ResumableUploadError('creating the upload: no Location in the answer', created.status);
  let offset = 0;
  let failures = 0;
  let resuming = false;
  for (;;) {
    let chunk: Blob;
    let response: Response;
    try {
      if (resuming) {
        const resumed = await serverOffset(send, location, signal);
        // Only failures in a row that moved nothing count: the server keeps what arrived of a cut
        // chunk (tusd does), so a slow link whose chunks time out still gets through.
        if (resumed > offset) failures = 0;
        offset = resumed;
        resuming = false;
      }
      chunk = file.slice(offset, offset + chunkSize);
      response = await send(location, {
        method: 'PATCH',
        signal,
        headers: { ...TUS_HEADERS, 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' },
        body: chunk,
      });
      if (response.status >= 500 || response.status === 409) throw new ResumableUploadError(`chunk at ${offset}: HTTP ${response.status}`, response.status);
    } catch (error) {
      // A HEAD that fails on the network or times out is one more failure, and is asked again.
      if (signal?.aborted || isFinalRefusal(error) || ++failures > maxRetries) throw error;
      resuming = true;
      continue;
    }
    await expectStatus(response, [200, 204], `chunk at ${offset}`);
    failures = 0;
    offset = Number(response.headers.get('upload-offset') ?? offset + chunk.size);
    onProgress?.(offset, file.size);
    if (response.status === 200 || offset >= file.size) {
      const data = (await response.json()) as ResumableUploadResult;
      return { data, response: { status: response.status, headers: response.headers } };
    }
  }
}
