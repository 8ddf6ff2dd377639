import fc from 'fast-check';
import { endpoints } from '../../src/endpoints/index';

/** A request the fuzzer sends, kept as plain data so a failure can print it as a curl command. */
export interface FuzzRequest {
  readonly category: string;
  readonly method: string;
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string | undefined;
}

const OPERATIONS = Object.values(endpoints);
const EMAILS = ['iago@zulip.com', 'hamlet@zulip.com', 'polonius@zulip.com', 'default-bot@zulip.com', 'webhook-bot@zulip.com'];

/** The text with lone surrogates replaced, as a URL must carry it. */
function wellFormed(text: string): string {
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

/** Odd text: unicode, lone surrogates, null bytes, traversal, huge numbers, JSON of the wrong shape. */
const oddText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom(
    '\uD800',
    'a\u0000b',
    '../../etc/passwd',
    '%2e%2e%2f',
    '9'.repeat(40),
    '-1',
    '1e309',
    'null',
    'true',
    '[]',
    '{}',
    '[1,',
    '{"a":',
    '[[["deep"]]]',
    '"quoted"',
    '\u202e\u0301',
    '🦄'.repeat(50),
    ' ',
    '',
  ),
  fc.json(),
  fc.integer().map(String),
);

/** A value for a declared parameter: often plausible, often not. */
const paramValue = fc.oneof(
  { weight: 2, arbitrary: oddText },
  { weight: 1, arbitrary: fc.constantFrom('1', '10', '"Verona"', 'Verona', '[10]', '["iago@zulip.com"]', 'stream', 'direct', 'start', 'add', 'read', 'newest') },
);

/** A path for an operation, its parameters filled with odd segments (percent-encoded or not). */
function pathFor(template: string) {
  const names = [...template.matchAll(/\{([a-z_]+)\}/g)].map((match) => match[1] as string);
  return fc.array(fc.oneof(fc.nat({ max: 200 }).map(String), oddText), { minLength: names.length, maxLength: names.length }).chain((values) =>
    fc.boolean().map((encode) => {
      let index = 0;
      return `/api/v1${template.replace(/\{[a-z_]+\}/g, () => {
        const value = values[index++] ?? '';
        return encode ? encodeURIComponent(wellFormed(value)) : value.replace(/[/?#]/g, '');
      })}`;
    }),
  );
}

function paramsFor(operation: (typeof OPERATIONS)[number]) {
  const names = Object.keys(operation.params.shape).filter((name) => !operation.pathParams.includes(name));
  return fc.tuple(
    fc.subarray(names),
    fc.array(fc.oneof(fc.constantFrom('client', 'subject', 'zzz', '__proto__', 'constructor'), fc.string({ maxLength: 8 })), { maxLength: 3 }),
  ).chain(([chosen, extra]) =>
    fc.array(paramValue, { minLength: chosen.length + extra.length, maxLength: chosen.length + extra.length }).map((values) =>
      [...chosen, ...extra].map((name, index) => [name, values[index] ?? ''] as [string, string]),
    ),
  );
}

/** How the credentials look: valid, missing, malformed, or someone else's key. */
const authorization = (keyOf: (email: string) => string) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...EMAILS).map((email) => `Basic ${btoa(`${email}:${keyOf(email)}`)}`) },
    { weight: 1, arbitrary: fc.constant(undefined) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'Basic',
        'Basic !!!',
        'Bearer abc',
        `Basic ${btoa('iago@zulip.com')}`,
        `Basic ${btoa(`iago@zulip.com:${'x'.repeat(32)}`)}`,
        `Basic ${btoa(`hamlet@zulip.com:${keyOf('iago@zulip.com')}`)}`,
        'Basic a b c',
      ),
    },
  );

/** A well-formed multipart body: the parameters as fields and one small file. */
function multipartWithFile(params: [string, string][]): string {
  const part = (headers: string, value: string) => `--fuzz\r\n${headers}\r\n\r\n${value}\r\n`;
  const fields = params.map(([name, value]) => part(`Content-Disposition: form-data; name="${name.replace(/["\r\n]/g, '')}"`, value));
  const file = part('Content-Disposition: form-data; name="file"; filename="fuzz (1).txt"\r\nContent-Type: text/plain', 'fuzzed bytes');
  return `${fields.join('')}${file}--fuzz--\r\n`;
}

/** How the parameters travel: a proper form, broken escapes, JSON, garbage, a bad multipart. */
function encoded(params: [string, string][], method: string) {
  const form = new URLSearchParams(params).toString();
  return fc.constantFrom('form', 'form', 'form', 'broken-escapes', 'json', 'garbage', 'multipart', 'multipart-file').map((kind) => {
    if (method === 'GET' || method === 'HEAD') return { kind: 'query', query: form, body: undefined, contentType: undefined };
    switch (kind) {
      case 'broken-escapes':
        return { kind, query: '', body: `${form}&%ZZ=%E0%A4%A&x=%`, contentType: 'application/x-www-form-urlencoded' };
      case 'json':
        return { kind, query: '', body: JSON.stringify(Object.fromEntries(params)), contentType: 'application/json' };
      case 'garbage':
        return { kind, query: '', body: '\u0000\u00ff\ufffd{{[[', contentType: 'application/x-www-form-urlencoded' };
      case 'multipart':
        return { kind, query: '', body: '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--xy', contentType: 'multipart/form-data; boundary=xyz' };
      case 'multipart-file':
        return { kind, query: '', body: multipartWithFile(params), contentType: 'multipart/form-data; boundary=fuzz' };
      default:
        return { kind, query: '', body: form, contentType: 'application/x-www-form-urlencoded' };
    }
  });
}

/** A request aimed at a declared operation, with everything about it possibly wrong. */
export function fuzzRequest(keyOf: (email: string) => string): fc.Arbitrary<FuzzRequest> {
  return fc.constantFrom(...OPERATIONS).chain((operation) =>
    fc
      .record({
        method: fc.oneof({ weight: 5, arbitrary: fc.constant(operation.method) }, { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD') }),
        path: pathFor(operation.path),
        params: paramsFor(operation),
        auth: authorization(keyOf),
      })
      .chain(({ method, path, params, auth }) =>
        encoded(params, method).map((encoding): FuzzRequest => {
          const headers: Record<string, string> = {};
          if (auth !== undefined) headers['authorization'] = auth;
          if (encoding.contentType) headers['content-type'] = encoding.contentType;
          return {
            category: `${operation.id} (${encoding.kind})`,
            method,
            path: encoding.query ? `${path}?${encoding.query}` : path,
            headers,
            body: encoding.body,
          };
        }),
      ),
  );
}

/** Requests at no operation at all: unknown, traversing, overlong and oddly escaped paths. */
export function strayRequest(): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      method: fc.constantFrom('GET', 'POST', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD', 'PUT'),
      path: fc.oneof(
        fc.constantFrom('/api/v1/', '/api/v1/../../etc/passwd', '/api/v1/%', '/api/v1/messages/%ZZ', '/api/v1//messages', `/api/v1/${'a'.repeat(9000)}`, '/api/v1/users/\u0000'),
        fc.string({ maxLength: 30 }).map((rest) => `/api/v1/${encodeURI(wellFormed(rest))}`),
      ),
    })
    .map(({ method, path }) => ({ category: 'stray path', method, path, headers: {} }));
}

/** Requests at the views outside `/api/v1`: the mobile apps' `/compatibility` check and the Camo proxy's `/external_content/`. */
export function siteRootRequest(): fc.Arbitrary<FuzzRequest> {
  const hex = fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEF'), maxLength: 48 });
  return fc
    .record({
      method: fc.constantFrom('GET', 'POST', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD', 'PUT'),
      path: fc.oneof(
        fc.constantFrom('/compatibility', '/compatibility/', '/external_content/', '/external_content/healthcheck', '/external_content/%ZZ/00', '/external_content//'),
        fc.tuple(hex, hex).map(([digest, url]) => `/external_content/${digest}/${url}`),
        fc.string({ maxLength: 40 }).map((rest) => `/external_content/${encodeURI(wellFormed(rest))}`),
      ),
      userAgent: fc.option(
        fc.oneof(
          fc.constantFrom('ZulipMobile/16.2.95 (Android 10)', 'ZulipMobile/16.2.96 (Android 10)', 'ZulipMobile/27.1 (iOS 17.0)', 'ZulipInvalid/1.0', 'ZulipMobile (Android 9)', ''),
          oddText.map(wellFormed),
        ),
        { nil: undefined },
      ),
    })
    .map(({ method, path, userAgent }): FuzzRequest => ({
      category: 'site root views',
      method,
      path,
      // Header values are bytes a client can send: printable ASCII.
      headers: userAgent !== undefined && /^[\x20-\x7e]*$/.test(userAgent) ? { 'user-agent': userAgent } : ({} as Record<string, string>),
    }));
}

/** Requests at uploaded files and the resumable endpoint: odd paths, methods and tus headers. */
export function fileRequest(keyOf: (email: string) => string): fc.Arbitrary<FuzzRequest> {
  const tusHeader = fc.record(
    {
      'tus-resumable': fc.constantFrom('1.0.0', '0.2.2', ''),
      'upload-length': fc.oneof(fc.nat({ max: 4096 }).map(String), oddText.map(wellFormed)),
      'upload-offset': fc.oneof(fc.nat({ max: 64 }).map(String), oddText.map(wellFormed)),
      'upload-metadata': fc.constantFrom(`filename ${btoa('a.txt')},filetype ${btoa('text/plain')}`, 'filename !!!', 'x', ''),
      'content-type': fc.constantFrom('application/offset+octet-stream', 'text/plain'),
    },
    { requiredKeys: [] },
  );
  return fc
    .record({
      method: fc.constantFrom('GET', 'POST', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD', 'PUT'),
      path: fc.oneof(
        fc.constantFrom('/api/v1/tus', '/api/v1/tus/', '/user_uploads/1/ab/AAAAAAAAAAAAAAAAAAAAAAAA/x.txt', '/user_uploads/temporary/00/x', '/user_uploads/', '/user_uploads/%ZZ', '/user_uploads/thumbnail/1/ab/AAAAAAAAAAAAAAAAAAAAAAAA/x.png/840x560.webp', '/user_uploads/thumbnail/', '/user_uploads/thumbnail/x'),
        fc.string({ maxLength: 40 }).map((rest) => `/api/v1/tus/${encodeURIComponent(wellFormed(rest))}`),
        fc.string({ maxLength: 40 }).map((rest) => `/user_uploads/${encodeURI(wellFormed(rest))}`),
      ),
      headers: tusHeader,
      auth: authorization(keyOf),
      body: fc.option(fc.string({ maxLength: 64 }), { nil: undefined }),
    })
    .map(({ method, path, headers, auth, body }) => {
      const all: Record<string, string> = Object.fromEntries(Object.entries(headers).filter(([, value]) => /^[\x20-\x7e]*$/.test(value)));
      if (auth !== undefined) all['authorization'] = auth;
      const withBody = method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';
      return { category: 'files and tus', method, path, headers: all, body: withBody ? body : undefined };
    });
}

/** The request as a curl command, to replay a failure by hand against `npm run mock`. */
export function asCurl(request: FuzzRequest, base = 'http://127.0.0.1:9991'): string {
  const quote = (text: string) => `'${text.replace(/'/g, "'\\''")}'`;
  const headers = Object.entries(request.headers).map(([name, value]) => `-H ${quote(`${name}: ${value}`)}`);
  const body = request.body === undefined ? [] : [`--data-binary ${quote(request.body)}`];
  return ['curl', '-sS', '-X', request.method, ...headers, ...body, quote(`${base}${request.path}`)].join(' ');
}
