/**
 * Encodes one parameter value as the API expects: strings as they are, booleans as
 * `true`/`false`, numbers as digits, and lists, objects and `null` as JSON text.
 */
export function encodeValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean' || typeof value === 'number' || typeof value === 'bigint') {
    return String(value);
  }
  return JSON.stringify(value);
}

/** A request ready to send: the path with its parameters filled in, and the rest encoded. */
export interface EncodedRequest {
  /** Path below the API base, path parameters URL-encoded. */
  readonly path: string;
  /** Query-string parameters (GET). */
  readonly query: URLSearchParams | undefined;
  /** Form body (POST, PUT, PATCH, DELETE): multipart when a parameter is a file. */
  readonly body: URLSearchParams | FormData | undefined;
}

/** What {@link encodeRequest} needs of an operation. */
export interface RequestShape {
  readonly method: string;
  readonly path: string;
  /** The last path parameter is a path of its own: its slashes stay slashes. */
  readonly restOfPath?: boolean;
}

const PATH_PARAM = /\{([a-z_]+)\}/g;

/** A `.` or `..` segment, which a URL parser would resolve away (`a/../b` is `b`). */
const DOT_SEGMENT = /(?:^|\/)\.{1,2}(?:\/|$)/;

/**
 * A rest-of-path value keeps its slashes, unless that would make dot segments the URL parser
 * resolves, sending the request to another path: then its slashes are escaped too.
 */
function restOfPathValue(encoded: string): string {
  const withSlashes = encoded.replaceAll('%2F', '/');
  return DOT_SEGMENT.test(withSlashes) ? encoded : withSlashes;
}

function isBlob(value: unknown): value is Blob {
  return typeof Blob !== 'undefined' && value instanceof Blob;
}

function multipart(fields: URLSearchParams, files: readonly [string, Blob][]): FormData {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  // A File keeps its own name; a bare Blob is sent under its parameter's name.
  for (const [name, file] of files) form.append(name, file, 'name' in file ? String(file.name) : name);
  return form;
}

/**
 * Builds the path, query and body of a request: path parameters are substituted and
 * URL-encoded, `undefined` values dropped, everything else encoded with {@link encodeValue}
 * into the query string for GET and a form body for other methods.
 */
export function encodeRequest(shape: RequestShape, params: Readonly<Record<string, unknown>> = {}): EncodedRequest {
  const used = new Set<string>();
  const path = shape.path.replace(PATH_PARAM, (_match, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) {
      throw new TypeError(`${shape.method} ${shape.path}: missing path parameter "${name}"`);
    }
    used.add(name);
    const encoded = encodeURIComponent(encodeValue(value));
    // The URL parser resolves `.` and `..` (and their escapes) away: the request would reach another path.
    if (encoded === '.' || encoded === '..') {
      throw new TypeError(`${shape.method} ${shape.path}: the path parameter "${name}" cannot be "${encoded}"`);
    }
    return shape.restOfPath ? restOfPathValue(encoded) : encoded;
  });
  const fields = new URLSearchParams();
  const files: [string, Blob][] = [];
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || used.has(name)) continue;
    if (isBlob(value)) files.push([name, value]);
    else fields.append(name, encodeValue(value));
  }
  const isGet = shape.method.toUpperCase() === 'GET';
  if (files.length > 0 && !isGet) return { path, query: undefined, body: multipart(fields, files) };
  const hasFields = fields.size > 0;
  return {
    path,
    query: isGet && hasFields ? fields : undefined,
    body: !isGet && hasFields ? fields : undefined,
  };
}
