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
  /** Form body (POST, PUT, PATCH, DELETE). */
  readonly body: URLSearchParams | undefined;
}

/** What {@link encodeRequest} needs of an operation. */
export interface RequestShape {
  readonly method: string;
  readonly path: string;
}

const PATH_PARAM = /\{([a-z_]+)\}/g;

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
    return encodeURIComponent(encodeValue(value));
  });
  const fields = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || used.has(name)) continue;
    fields.append(name, encodeValue(value));
  }
  const isGet = shape.method.toUpperCase() === 'GET';
  const hasFields = fields.size > 0;
  return {
    path,
    query: isGet && hasFields ? fields : undefined,
    body: !isGet && hasFields ? fields : undefined,
  };
}
