const CRLF = [0x0d, 0x0a];
const CRLF_BYTES = Uint8Array.from(CRLF);
const LATIN1 = new TextDecoder('latin1');

/** The `boundary` parameter of a `multipart/form-data` content type, quoted or not. */
export function multipartBoundary(contentType: string): string | undefined {
  const match = /;\s*boundary=(?:"([^"]*)"|([^;\s]*))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  return boundary ? boundary : undefined;
}

/** Where `needle` first occurs in `bytes` at or after `from`, or -1. */
function indexOfBytes(bytes: Uint8Array, needle: Uint8Array, from: number): number {
  const first = needle[0] ?? 0;
  for (let at = bytes.indexOf(first, from); at >= 0 && at + needle.length <= bytes.length; at = bytes.indexOf(first, at + 1)) {
    let matches = true;
    for (let offset = 1; offset < needle.length && matches; offset++) matches = bytes[at + offset] === needle[offset];
    if (matches) return at;
  }
  return -1;
}

function startsWith(bytes: Uint8Array, at: number, expected: readonly number[]): boolean {
  return expected.every((byte, offset) => bytes[at + offset] === byte);
}

/** Whether a part's header block (`start` to its empty line) has a `Content-Type` line; where the block ends. */
function readPartHeaders(bytes: Uint8Array, start: number): { hasContentType: boolean; end: number } | undefined {
  let hasContentType = false;
  let at = start;
  while (!startsWith(bytes, at, CRLF)) {
    const lineEnd = indexOfBytes(bytes, CRLF_BYTES, at);
    if (lineEnd < 0) return undefined;
    const line = LATIN1.decode(bytes.subarray(at, lineEnd));
    const colon = line.indexOf(':');
    if (colon > 0 && line.slice(0, colon).trim().toLowerCase() === 'content-type') hasContentType = true;
    at = lineEnd + 2;
  }
  return { hasContentType, end: at + 2 };
}

/**
 * For each part of a multipart body, in order, whether it carries its own `Content-Type` header;
 * undefined when the body cannot be walked. The Fetch standard's parser behind
 * `Response.formData()` types a file part without one as `text/plain`, whereas Django leaves the
 * type empty and the server then guesses it from the file name: Python's `requests` (and so the
 * Python bindings) send file parts that way. Only the part headers are read; the body has
 * already been parsed, so this walks it the way that parser does (the next part starts at the
 * next occurrence of the boundary).
 */
export function partsWithContentType(bytes: Uint8Array, boundary: string): boolean[] | undefined {
  const dashBoundary = new TextEncoder().encode(`--${boundary}`);
  const bare = dashBoundary.subarray(2);
  const parts: boolean[] = [];
  let at = indexOfBytes(bytes, dashBoundary, 0);
  while (at >= 0) {
    at += dashBoundary.length;
    if (bytes[at] === 0x2d && bytes[at + 1] === 0x2d) return parts;
    if (!startsWith(bytes, at, CRLF)) return undefined;
    const headers = readPartHeaders(bytes, at + 2);
    if (!headers) return undefined;
    parts.push(headers.hasContentType);
    const next = indexOfBytes(bytes, bare, headers.end);
    at = next < 0 ? -1 : next - 2;
  }
  return undefined;
}
