import { badRequest } from '../domain/errors';

/** The parameters of a request as sent: form body and query string, kept apart. */
export interface RawParams {
  readonly body: ReadonlyMap<string, string>;
  readonly query: ReadonlyMap<string, string>;
  /** Files of a multipart body (uploads). */
  readonly files: readonly File[];
}

function firstValues(entries: Iterable<[string, string]>): Map<string, string> {
  const map = new Map<string, string>();
  for (const [key, value] of entries) if (!map.has(key)) map.set(key, value);
  return map;
}

/**
 * Reads what real clients send: urlencoded or multipart bodies for any method, and the
 * query string, which the server also reads for non-GET requests.
 */
export async function readRequestParams(request: Request): Promise<RawParams> {
  const query = firstValues(new URL(request.url).searchParams);
  const contentType = request.headers.get('content-type') ?? '';
  if (request.method === 'GET' || request.method === 'HEAD' || request.body === null) {
    return { body: new Map(), query, files: [] };
  }
  if (contentType.startsWith('multipart/form-data')) {
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      throw badRequest('Malformed multipart request body');
    }
    const fields: [string, string][] = [];
    const files: File[] = [];
    for (const [key, value] of form) {
      if (typeof value === 'string') fields.push([key, value]);
      else files.push(value);
    }
    return { body: firstValues(fields), query, files };
  }
  const text = await request.text();
  return { body: firstValues(new URLSearchParams(text)), query, files: [] };
}
