import type { MockRequest } from './mock-request';
import { multipartFileName } from '../domain/uploads/file-names';
import { badRequest } from '../domain/errors';
import { REQUEST_LIMITS, tooManyFields } from './limits';
import { readBodyBytes } from './read-body';
import { multipartBoundary, partsWithContentType } from './multipart-content-types';

/** The parameters of a request as sent: form body and query string, kept apart. */
export interface RawParams {
  readonly body: ReadonlyMap<string, string>;
  readonly query: ReadonlyMap<string, string>;
  /** Files of a multipart body (uploads). */
  readonly files: readonly File[];
}

/** How much of a request body the mock reads. */
export interface BodyLimits {
  readonly maxBodyBytes: number;
  readonly maxFields: number;
}

/** A repeated name keeps its last value, as Django's `QueryDict` does. */
function lastValues(entries: Iterable<[string, string]>, maxFields: number, counted = 0): Map<string, string> {
  const map = new Map<string, string>();
  let fields = counted;
  for (const [key, value] of entries) {
    if (++fields > maxFields) throw tooManyFields();
    map.set(key, value);
  }
  return map;
}

function separatorCount(text: string): number {
  let count = 0;
  for (let index = text.indexOf('&'); index >= 0; index = text.indexOf('&', index + 1)) count++;
  return count;
}

/**
 * A file part as Django sees it: a part sent without a `Content-Type` header has an empty type
 * (the server then guesses one from the name), not the `text/plain` that `formData()` gives it.
 */
function untypedWhereNoHeader(file: File, hasContentType: boolean | undefined): File {
  return hasContentType === false && file.type !== '' ? new File([file], file.name, { type: '' }) : file;
}

async function readMultipart(request: MockRequest, bytes: Uint8Array<ArrayBuffer>): Promise<{ fields: [string, string][]; files: File[] }> {
  const contentType = request.headers.get('content-type') ?? '';
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw badRequest('Malformed multipart request body');
  }
  const entries = [...form];
  const boundary = multipartBoundary(contentType);
  const typed = boundary !== undefined && entries.some(([, value]) => typeof value !== 'string') ? partsWithContentType(bytes, boundary) : undefined;
  // Only trusted when the walk found the parts the parser found.
  const hasContentType = typed?.length === entries.length ? typed : undefined;
  const fields: [string, string][] = [];
  // The server's request.FILES holds one file per field name, the last one sent under it, and
  // its parser skips parts whose file name leaves nothing usable.
  const filesByField = new Map<string, File>();
  entries.forEach(([key, value], index) => {
    if (typeof value === 'string') fields.push([key, value]);
    else if (multipartFileName(value.name) !== undefined) filesByField.set(key, untypedWhereNoHeader(value, hasContentType?.[index]));
  });
  return { fields, files: [...filesByField.values()] };
}

/** The query of a serialized URL (a Request's), without parsing the rest of it again. */
function queryOf(url: string): string {
  const fragment = url.indexOf('#');
  const end = fragment < 0 ? url.length : fragment;
  const start = url.indexOf('?');
  return start < 0 || start > end ? '' : url.slice(start + 1, end);
}

/**
 * Reads what real clients send: urlencoded or multipart bodies for any method, and the
 * query string, which the server also reads for non-GET requests. Bodies are read with the
 * limits of the real server's stack (size, number of fields).
 */
export async function readRequestParams(
  request: MockRequest,
  limits: BodyLimits = REQUEST_LIMITS,
): Promise<RawParams> {
  const queryEntries = [...new URLSearchParams(queryOf(request.url))];
  const query = lastValues(queryEntries, limits.maxFields);
  const bodyless = (request.method === 'GET' || request.method === 'HEAD') && request.tunnelled !== true;
  if (bodyless || (request.bodyBytes === undefined && request.body === null)) {
    return { body: new Map(), query, files: [] };
  }
  const bytes = await readBodyBytes(request, limits.maxBodyBytes);
  const contentType = request.headers.get('content-type') ?? '';
  if (contentType.startsWith('multipart/form-data')) {
    const { fields, files } = await readMultipart(request, bytes);
    if (queryEntries.length + fields.length + files.length > limits.maxFields) throw tooManyFields();
    return { body: lastValues(fields, limits.maxFields), query, files };
  }
  const text = new TextDecoder().decode(bytes);
  // Counting separators first keeps millions of fields from ever being parsed.
  if (queryEntries.length + separatorCount(text) + 1 > limits.maxFields) throw tooManyFields();
  return { body: lastValues(new URLSearchParams(text), limits.maxFields, queryEntries.length), query, files: [] };
}
