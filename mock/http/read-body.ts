import type { MockRequest } from './mock-request';
import { badRequest } from '../domain/errors';
import { bodyTooLarge } from './limits';

/**
 * Reads a request body chunk by chunk and stops as soon as it passes `maxBytes`, so an oversized
 * body is refused without being held in memory. A body that breaks off (the client went away, a
 * truncated upload) is a bad request, not a mock failure.
 */
export async function readBodyBytes(request: MockRequest, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const arrived = await readArrivedBody(request, maxBytes);
  if (arrived.broken) throw badRequest('Malformed request body');
  return arrived.bytes;
}

/** What arrived of a request body: all of it, or, `broken`, what came before it broke off. */
export interface ArrivedBody {
  readonly bytes: Uint8Array<ArrayBuffer>;
  readonly broken: boolean;
}

/**
 * Reads a request body as {@link readBodyBytes} does, but a body that breaks off gives what
 * arrived before it did, for a server that keeps it (tusd keeps the bytes of a chunk whose
 * request was cut off, and the upload resumes from there). `interrupt` stops the reading the
 * same way: what arrived until it aborts, `broken` (another request took the upload over).
 */
export async function readArrivedBody(request: MockRequest, maxBytes: number, interrupt?: AbortSignal): Promise<ArrivedBody> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) throw bodyTooLarge();
  if (request.bodyBytes) {
    if (request.bodyBytes.byteLength > maxBytes) throw bodyTooLarge();
    // A copy: an upload keeps its chunks, and the caller may reuse its buffer.
    return { bytes: request.bodyBytes.slice(), broken: false };
  }
  if (request.body === null) return { bytes: new Uint8Array(), broken: false };
  const reader = request.body.getReader();
  const interrupted = interrupt && new Promise<undefined>((resolve) => interrupt.addEventListener('abort', () => resolve(undefined), { once: true }));
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    let result: ReadableStreamReadResult<Uint8Array> | undefined;
    try {
      result = interrupted ? await Promise.race([reader.read(), interrupted]) : await reader.read();
    } catch {
      return { bytes: joinChunks(chunks, total), broken: true };
    }
    if (!result) {
      // Not cancelled, as for a body too large: the answer is still to be written.
      reader.releaseLock();
      return { bytes: joinChunks(chunks, total), broken: true };
    }
    if (result.done) break;
    total += result.value.byteLength;
    if (total > maxBytes) {
      // Not cancelled: that would tear down the connection before the 413 is written. The
      // runtime closes the connection after answering instead of reading the rest.
      reader.releaseLock();
      throw bodyTooLarge();
    }
    chunks.push(result.value);
  }
  return { bytes: joinChunks(chunks, total), broken: false };
}

/** Chunks read from a stream as one buffer of `total` bytes. */
export function joinChunks(chunks: readonly Uint8Array[], total: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
