import type { MockRequest } from './mock-request';
import { REQUEST_LIMITS } from './limits';
import { joinChunks } from './read-body';

/** A body read ahead: all of it, or, past the limit, what was read and a stream of all of it. */
type ReadAhead = { readonly bytes: Uint8Array<ArrayBuffer> } | { readonly stream: ReadableStream<Uint8Array> };

async function readAhead(body: ReadableStream<Uint8Array>, limit: number): Promise<ReadAhead> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    let result: ReadableStreamReadResult<Uint8Array>;
    try {
      result = await reader.read();
    } catch (error) {
      return { stream: replay(chunks, reader, error) };
    }
    if (result.done) break;
    chunks.push(result.value);
    total += result.value.byteLength;
    if (total > limit) return { stream: replay(chunks, reader) };
  }
  return { bytes: joinChunks(chunks, total) };
}

/** The chunks already read, then the rest of the reader (or the error it broke off with). */
function replay(chunks: Uint8Array[], reader: ReadableStreamDefaultReader<Uint8Array>, error?: unknown): ReadableStream<Uint8Array> {
  return new ReadableStream({
    async pull(controller) {
      const chunk = chunks.shift();
      if (chunk) return controller.enqueue(chunk);
      if (error !== undefined) return controller.error(error);
      const result = await reader.read();
      if (result.done) controller.close();
      else controller.enqueue(result.value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

const FORM = 'application/x-www-form-urlencoded';
const MULTIPART = 'multipart/form-data';
const METHOD = new TextEncoder().encode('method');
const PERCENT = 0x25;

/** Whether the bytes hold the pattern (a search without decoding a large body into text). */
function holds(bytes: Uint8Array, pattern: Uint8Array): boolean {
  const first = pattern[0] as number;
  for (let at = bytes.indexOf(first); at >= 0 && at <= bytes.length - pattern.length; at = bytes.indexOf(first, at + 1)) {
    let index = 1;
    while (index < pattern.length && bytes[at + index] === pattern[index]) index++;
    if (index === pattern.length) return true;
  }
  return false;
}

/** Whether a form body may have a `method` field: most can be passed over without parsing (the name is spelled out, or escaped with %). */
function mayHoldMethod(contentType: string, bytes: Uint8Array): boolean {
  return holds(bytes, METHOD) || (contentType === FORM && bytes.includes(PERCENT));
}

/** The last `method` field of a form body (Django's `request.POST["method"]`), if any. */
async function methodField(contentType: string, fullType: string, bytes: Uint8Array<ArrayBuffer>): Promise<string | undefined> {
  if (!mayHoldMethod(contentType, bytes)) return undefined;
  if (contentType === FORM) return new URLSearchParams(new TextDecoder().decode(bytes)).getAll('method').at(-1);
  try {
    const form = await new Response(bytes, { headers: { 'content-type': fullType } }).formData();
    return form.getAll('method').filter((value) => typeof value === 'string').at(-1);
  } catch {
    return undefined;
  }
}

function withBody(request: MockRequest, method: string, body: ReadAhead, tunnelled: boolean): MockRequest {
  // HEAD goes to the GET view, as it does when sent.
  if (method === 'HEAD') method = 'GET';
  const bytes = 'bytes' in body ? body.bytes : undefined;
  const stream = 'stream' in body ? body.stream : null;
  return {
    method,
    url: request.url,
    headers: request.headers,
    signal: request.signal,
    body: stream,
    bodyBytes: bytes,
    tunnelled,
    text: async () => (bytes ? new TextDecoder().decode(bytes) : stream ? new Response(stream).text() : ''),
  };
}

const DISPATCHED = new WeakMap<MockRequest, Promise<MockRequest>>();

/**
 * The request as the server's REST dispatcher routes it: a POST whose form body (urlencoded or
 * multipart) has a `method` field goes to that method's view (the legacy tunnelling of clients
 * that could only POST), and that view still reads the body, as the POST's. Any other request is
 * itself. The body is read once per request, whoever asks (the router, then the fallback); one
 * larger than any ordinary body is not looked into.
 */
export function dispatchedRequest(request: MockRequest): Promise<MockRequest> {
  if (request.method !== 'POST' || request.tunnelled !== undefined) return Promise.resolve(request);
  const fullType = request.headers.get('content-type') ?? '';
  const contentType = (fullType.split(';', 1)[0] as string).trim().toLowerCase();
  if (contentType !== FORM && contentType !== MULTIPART) return Promise.resolve(request);
  // A body already read and without the field's name is the request itself, known without
  // remembering it (a WeakMap entry per request adds to the garbage collector's work).
  if (request.bodyBytes && !mayHoldMethod(contentType, request.bodyBytes)) return Promise.resolve(request);
  let dispatched = DISPATCHED.get(request);
  if (!dispatched) {
    dispatched = overridden(request, contentType, fullType);
    DISPATCHED.set(request, dispatched);
  }
  return dispatched;
}

async function overridden(request: MockRequest, contentType: string, fullType: string): Promise<MockRequest> {
  let body: ReadAhead;
  if (request.bodyBytes) body = { bytes: request.bodyBytes };
  // A body declared too large is refused before it arrives: leave it to the operation.
  else if (request.body && !(Number(request.headers.get('content-length')) > REQUEST_LIMITS.maxBodyBytes)) {
    body = await readAhead(request.body, REQUEST_LIMITS.maxBodyBytes);
  } else return request;
  const method = 'bytes' in body ? await methodField(contentType, fullType, body.bytes) : undefined;
  if (method === undefined && request.bodyBytes) return request;
  return withBody(request, method ?? request.method, body, method !== undefined);
}
