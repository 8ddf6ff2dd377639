import type { MockRequest } from './mock-request';
import { badRequest } from '../domain/errors';
import { bodyTooLarge } from './limits';

/**
 * Reads a request body chunk by chunk and stops as soon as it passes `maxBytes`, so an oversized
 * body is refused without being held in memory. A body that breaks off (the client went away, a
 * truncated upload) is a bad request, not a mock failure.
 */
export async function readBodyBytes(request: MockRequest, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) throw bodyTooLarge();
  if (request.bodyBytes) {
    if (request.bodyBytes.byteLength > maxBytes) throw bodyTooLarge();
    // A copy: an upload keeps its chunks, and the caller may reuse its buffer.
    return request.bodyBytes.slice();
  }
  if (request.body === null) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    let result: ReadableStreamReadResult<Uint8Array>;
    try {
      result = await reader.read();
    } catch {
      throw badRequest('Malformed request body');
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
  return joinChunks(chunks, total);
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
